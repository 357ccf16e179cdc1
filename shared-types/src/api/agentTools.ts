import { mixed, object, string, type InferType } from 'yup';
import { CALL_OUTCOMES } from '../domain/call';
import { PARTS_OF_DAY, type PartOfDay } from '../logic/appointmentSlots';
import { TRANSFER_LABEL_MAX } from '../domain/transfer';

/**
 * The tools the voice agent's model may call during a call. Our side validates every call's
 * arguments against these schemas before it acts (a bad argument changes nothing and the model is
 * told why); the OpenAI sandbox emits calls of the same shapes.
 */
export const AGENT_TOOL_NAMES = [
  'record_outcome',
  'add_to_do_not_call',
  'end_call',
  'check_availability',
  'book_appointment',
  'transfer_call',
] as const;
export type AgentToolName = (typeof AGENT_TOOL_NAMES)[number];

/** The tools only a booking campaign's agent has (and is told about). */
export const BOOKING_TOOL_NAMES = ['check_availability', 'book_appointment'] as const;
export const isBookingTool = (name: string) => (BOOKING_TOOL_NAMES as readonly string[]).includes(name);

/** One free slot as the agent is told it: the instant with the prospect's offset, and how to say it. */
export interface OfferedSlot {
  /** ISO 8601 with the prospect's offset, e.g. 2026-12-08T09:00:00-08:00: what book_appointment takes. */
  startsAt: string;
  /** "Tuesday, December 8 at 9:00 AM", on the prospect's clock. */
  spoken: string;
}

/** What transfer_call answers when it does not transfer (the agent then takes a message). */
export const TRANSFER_TOOL_MESSAGES = {
  noDestinations:
    'this campaign has no one to transfer to: offer to take a message and record call_back_later',
  unknownDestination: 'destination must be one of the labels you were given',
  outsideHours:
    'nobody is free there right now: tell the caller, offer to take a message and record call_back_later',
  alreadyTransferred: 'this call was already transferred once: take a message instead',
} as const;

/** What book_appointment and check_availability answer, besides ok/detail/error. */
export const BOOKING_TOOL_MESSAGES = {
  notBookingCampaign: 'this campaign does not book appointments',
  bookFirst:
    'appointment_booked is recorded by book_appointment: check availability, agree a time and book it',
  notOffered: 'startsAt must be one of the free times check_availability answered',
  emailNeeded: "the calendar needs the callee's email: ask for it, read it back, then book",
  unreadableRange: "from must be a date (YYYY-MM-DD) or a date and time, on the callee's clock",
  calendarDown:
    'the calendar cannot be reached: apologise, offer to have someone call back, and record call_back_later',
} as const;

const isoDateOrDateTime = (label: string) =>
  string()
    .max(40, `${label} must be at most 40 characters`)
    .test('date', `${label} must be a date (YYYY-MM-DD) or an ISO 8601 date and time`, (value) =>
      value ? /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}.*)?$/.test(value.trim()) : true,
    );

/** Outcomes that need a time (ISO 8601 with its offset, as the caller said it). */
export const TIMED_OUTCOMES = ['appointment_booked', 'call_back_later'] as const;

export const agentToolArgumentSchemas = {
  record_outcome: object({
    outcome: string()
      .required('outcome is required')
      .oneOf([...CALL_OUTCOMES], `outcome must be one of ${CALL_OUTCOMES.join(', ')}`),
    time: string()
      .optional()
      .test(
        'iso',
        'time must be an ISO 8601 date and time',
        (value) => !value || !Number.isNaN(Date.parse(value)),
      )
      .when('outcome', {
        is: (outcome: string) => (TIMED_OUTCOMES as readonly string[]).includes(outcome),
        then: (s) => s.required('time is required for this outcome'),
      }),
    note: string().max(500, 'note must be at most 500 characters').optional(),
  }),
  add_to_do_not_call: object({
    reason: string().max(255, 'reason must be at most 255 characters').optional(),
  }),
  end_call: object({
    reason: string().max(255, 'reason must be at most 255 characters').optional(),
  }),
  check_availability: object({
    from: isoDateOrDateTime('from').required('from is required'),
    to: isoDateOrDateTime('to').optional(),
    partOfDay: mixed<PartOfDay>()
      .oneOf(
        [...(Object.keys(PARTS_OF_DAY) as PartOfDay[]), undefined],
        'partOfDay must be morning, afternoon or evening',
      )
      .optional(),
  }),
  book_appointment: object({
    startsAt: string()
      .required('startsAt is required')
      .test('iso', 'startsAt must be an ISO 8601 date and time', (value) => !Number.isNaN(Date.parse(value))),
    name: string().trim().required('name is required').max(200, 'name must be at most 200 characters'),
    email: string()
      .trim()
      .email('email must be a valid email address')
      .max(255, 'email must be at most 255 characters')
      .optional(),
    note: string().max(500, 'note must be at most 500 characters').optional(),
  }),
  transfer_call: object({
    destination: string()
      .trim()
      .required('destination is required')
      .max(TRANSFER_LABEL_MAX, `destination must be at most ${TRANSFER_LABEL_MAX} characters`),
    reason: string().trim().required('reason is required').max(200, 'reason must be at most 200 characters'),
  }),
};

export type AgentToolArguments = { [T in AgentToolName]: InferType<(typeof agentToolArgumentSchemas)[T]> };

/** The tools as OpenAI's chat completions take them (function calling, JSON Schema). */
export const AGENT_TOOL_DEFINITIONS = [
  {
    type: 'function',
    function: {
      name: 'record_outcome',
      description:
        'Record what the call achieved. Use appointment_booked or call_back_later with the agreed time (ISO 8601).',
      parameters: {
        type: 'object',
        properties: {
          outcome: { type: 'string', enum: [...CALL_OUTCOMES] },
          time: { type: 'string', description: 'ISO 8601 date and time, with offset' },
          note: { type: 'string' },
        },
        required: ['outcome'],
        additionalProperties: false,
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'add_to_do_not_call',
      description: 'The person asked not to be called again: put their number on the do-not-call list now.',
      parameters: {
        type: 'object',
        properties: { reason: { type: 'string' } },
        additionalProperties: false,
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'end_call',
      description: 'End the call after a polite closing sentence.',
      parameters: {
        type: 'object',
        properties: { reason: { type: 'string' } },
        additionalProperties: false,
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'check_availability',
      description:
        "Find up to three free appointment slots in the day or range the callee asked for, on the callee's clock.",
      parameters: {
        type: 'object',
        properties: {
          from: { type: 'string', description: "YYYY-MM-DD, or a date and time on the callee's clock" },
          to: { type: 'string', description: 'Optional end of the range (a date is included whole)' },
          partOfDay: { type: 'string', enum: Object.keys(PARTS_OF_DAY) },
        },
        required: ['from'],
        additionalProperties: false,
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'book_appointment',
      description:
        'Book one of the slots check_availability answered, once the callee chose it. Records appointment_booked.',
      parameters: {
        type: 'object',
        properties: {
          startsAt: { type: 'string', description: 'The chosen slot, exactly as check_availability gave it' },
          name: { type: 'string', description: "The callee's name" },
          email: { type: 'string', description: 'The email the callee gave and you read back' },
          note: { type: 'string' },
        },
        required: ['startsAt', 'name'],
        additionalProperties: false,
      },
    },
  },
] as const;

/** transfer_call, offered with the campaign's destination labels as its only choices. */
const transferToolDefinition = (labels: readonly string[]) =>
  ({
    type: 'function',
    function: {
      name: 'transfer_call',
      description:
        'Hand the caller to a person: say you are connecting them first. Use when they ask for a person or your instructions say to.',
      parameters: {
        type: 'object',
        properties: {
          destination: { type: 'string', enum: [...labels] },
          reason: { type: 'string', description: 'One line: who the caller is and what they want' },
        },
        required: ['destination', 'reason'],
        additionalProperties: false,
      },
    },
  }) as const;

/**
 * The tools sent to the model: a booking campaign's agent also checks availability and books; an
 * agent with somewhere to transfer to (its labels) also transfers.
 */
export const agentToolDefinitions = (bookings: boolean, transferLabels: readonly string[] = []) => [
  ...AGENT_TOOL_DEFINITIONS.filter((tool) => bookings || !isBookingTool(tool.function.name)),
  ...(transferLabels.length ? [transferToolDefinition(transferLabels)] : []),
];
