import { object, string, type InferType } from 'yup';
import { CALL_OUTCOMES } from '../domain/call';

/**
 * The tools the voice agent's model may call during a call. Our side validates every call's
 * arguments against these schemas before it acts (a bad argument changes nothing and the model is
 * told why); the OpenAI sandbox emits calls of the same shapes.
 */
export const AGENT_TOOL_NAMES = ['record_outcome', 'add_to_do_not_call', 'end_call'] as const;
export type AgentToolName = (typeof AGENT_TOOL_NAMES)[number];

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
] as const;
