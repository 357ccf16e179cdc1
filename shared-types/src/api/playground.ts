import { array, object, string, type InferType } from 'yup';
import { CALL_OUTCOME_LABELS } from '../logic/callAccounting';
import type { CallOutcome } from '../domain/call';
import { trimmedText } from './fields';
import { recordId } from './ids';

/**
 * The playground: the campaign's agent answering typed words as it would on a call (the same
 * instructions, tools and model), with nothing stored and no tool acting.
 */

/** Who said a playground message: the person typing plays the callee. */
export const PLAYGROUND_ROLES = ['callee', 'agent'] as const;
export type PlaygroundRole = (typeof PLAYGROUND_ROLES)[number];

/** A conversation the playground replays at most (about twenty exchanges). */
export const PLAYGROUND_MAX_MESSAGES = 40;
/** One message's length at most: a long spoken turn, far below what a model reads. */
export const PLAYGROUND_MAX_TEXT = 1000;

export const PLAYGROUND_NO_SCRIPTS =
  'Write the answering script (Script step) before trying the agent: it is what the agent says first.';
export const PLAYGROUND_FAILED = 'The agent could not answer just now. Please try again.';

/**
 * POST /api/playground. An empty list asks for the agent's opening; otherwise the last message is
 * the callee's, which the agent answers.
 */
export const playgroundSchema = object({
  campaignId: recordId().required('campaignId is required'),
  messages: array(
    object({
      role: string()
        .required('role is required')
        .oneOf([...PLAYGROUND_ROLES], 'role must be callee or agent'),
      text: trimmedText()
        .required('Type what the callee says')
        .max(PLAYGROUND_MAX_TEXT, `A message must be at most ${PLAYGROUND_MAX_TEXT} characters`),
    }),
  )
    .required('messages is required')
    .max(
      PLAYGROUND_MAX_MESSAGES,
      `The conversation is too long to try (at most ${PLAYGROUND_MAX_MESSAGES} messages). Restart it.`,
    )
    .test(
      'last-is-callee',
      "The last message must be the callee's: the agent answers it",
      (messages) => !messages?.length || messages[messages.length - 1]?.role === 'callee',
    ),
});
export type PlaygroundInput = InferType<typeof playgroundSchema>;
export type PlaygroundMessage = PlaygroundInput['messages'][number];

/** A tool the agent called: what it would have done on a call (nothing was done). */
export interface PlaygroundToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

export interface PlaygroundReply {
  /** What the agent says (its opening, for an empty list). */
  reply: string;
  toolCalls: PlaygroundToolCall[];
  /** The agent would hang up after this reply. */
  ended: boolean;
}

const textArg = (args: Record<string, unknown>, key: string) =>
  typeof args[key] === 'string' && args[key] ? (args[key] as string) : null;

/** "Tue, Dec 8, 10:00 AM" in the reader's zone, or the text as the model gave it. */
function whenText(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return at.toLocaleString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** What a tool call would have done on a call, as a note under the agent's reply. */
export function playgroundToolNote(call: PlaygroundToolCall): string {
  const args = call.arguments ?? {};
  switch (call.name) {
    case 'add_to_do_not_call':
      return "Would add this person's number to your do-not-call list";
    case 'end_call':
      return 'Would end the call';
    case 'record_outcome': {
      const outcome = textArg(args, 'outcome');
      const time = textArg(args, 'time');
      if (outcome === 'do_not_call') return "Would add this person's number to your do-not-call list";
      if (outcome === 'appointment_booked')
        return time ? `Would book an appointment for ${whenText(time)}` : 'Would book an appointment';
      if (outcome === 'call_back_later')
        return time ? `Would note to call back ${whenText(time)}` : 'Would note to call back later';
      const label = outcome && CALL_OUTCOME_LABELS[outcome as CallOutcome];
      return label ? `Would record the outcome: ${label}` : 'Would record an outcome';
    }
    default:
      return `Would call ${call.name}`;
  }
}
