import {
  AGENT_TOOL_NAMES,
  BOOKING_TOOL_MESSAGES,
  TRANSFER_TOOL_MESSAGES,
  agentToolArgumentSchemas,
  isBookingTool,
  validateInput,
  type AgentToolName,
  type CallOutcome,
} from '@ringcast/shared-types';
import { retriedTransaction } from '../../db/deadlockRetry';
import { CallRecord } from '../../db/models';
import { logger } from '../../logger';
import { recordCallOutcome } from '../calls/settle';
import { addToDoNotCall } from '../calls/doNotCall';
import type { BookingContext } from '../appointments';
import { runBookingTool, type BookingToolAnswer, type BookingToolCall } from './bookingTools';
import { runTransferTool, type TransferContext } from './transferTool';

/** Why the session ends after the agent's sentence; a transfer carries where to and the whisper. */
export interface EndRequest {
  reason: string;
  transfer?: { destination: string; summary: string };
}

/** What a conversation's tools act on, and what they leave for it to do (end the call). */
export interface AgentCallState {
  call: CallRecord;
  outcome: CallOutcome | null;
  optedOut: boolean;
  endRequested: EndRequest | null;
  /**
   * The key of the relay session holding the call: its writes still land if the call settles
   * while the session finishes (its last outcome, its last turns); nobody else's do.
   */
  sessionKey?: string | null;
  /** A booking campaign's call: what its booking tools book against (absent or null: no booking tools). */
  booking?: BookingContext | null;
  /** The appointment book_appointment made on this call. */
  appointmentId?: number | null;
  /** Whom the agent may transfer to (absent or no destinations: no transfer_call). */
  transfer?: TransferContext | null;
}

/** The labels transfer_call is offered with: none once the call was transferred. */
export const transferLabelsOf = (context: TransferContext | null | undefined): string[] =>
  context && !context.transferred ? context.destinations.map((d) => d.label) : [];

/** What the model is told a tool call did: done, or why nothing changed (booking tools say more). */
export type ToolResult = { ok: true; detail?: string } | { ok: false; error: string } | BookingToolAnswer;

/** The person whose number this is: the one called, or the one calling in. */
const personNumber = (call: CallRecord) =>
  call.direction === 'inbound' ? (call.fromNumber ?? call.toNumber) : call.toNumber;

async function recordOutcome(state: AgentCallState, outcome: CallOutcome): Promise<void> {
  state.outcome = outcome;
  await recordCallOutcome(state.call.id, outcome, { sessionKey: state.sessionKey });
}

/**
 * The callee asked to be called back: the time (and any message they left) goes with the outcome,
 * and when the call settles
 * the dialer schedules the call back (services/callbacks).
 */
async function promiseCallback(
  state: AgentCallState,
  time: string | null,
  note: string | null,
): Promise<void> {
  state.outcome = 'call_back_later';
  await recordCallOutcome(state.call.id, 'call_back_later', {
    sessionKey: state.sessionKey,
    callbackAt: time,
    callbackNote: note,
  });
}

/** Puts the person on the customer's do-not-call list now (once), whoever noticed the request. */
export async function optOut(state: AgentCallState, reason: string | null): Promise<void> {
  if (!state.optedOut) {
    await retriedTransaction((transaction) =>
      addToDoNotCall(
        { userId: state.call.userId },
        [personNumber(state.call)],
        { source: 'agent', reason, callRecordId: state.call.id },
        transaction,
      ),
    );
    state.optedOut = true;
  }
  if (state.outcome !== 'do_not_call') await recordOutcome(state, 'do_not_call');
}

function parseArguments(json: string): unknown {
  try {
    const value: unknown = JSON.parse(json || '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A tool call whose arguments passed its schema: what it asks for, before anything acts on it. */
export type CheckedToolCall =
  | { tool: 'record_outcome'; args: { outcome: CallOutcome; time?: string; note?: string } }
  | { tool: 'add_to_do_not_call'; args: { reason?: string } }
  | { tool: 'end_call'; args: { reason?: string } }
  | { tool: 'transfer_call'; args: { destination: string; reason: string } }
  | BookingToolCall;

/**
 * Checks one tool call of the model against the tool's schema. A live call and the playground
 * both check here, so the model is refused the same way in both. Only a booking campaign's agent
 * (`bookings`) has the booking tools, and only it records appointment_booked through
 * book_appointment rather than by itself; only an agent with somewhere to transfer to
 * (`transfers`) transfers.
 */
export async function checkAgentToolCall(
  name: string,
  argumentsJson: string,
  bookings = false,
  transfers = false,
): Promise<{ ok: true; call: CheckedToolCall } | { ok: false; error: string }> {
  if (!(AGENT_TOOL_NAMES as readonly string[]).includes(name))
    return { ok: false, error: `unknown tool ${name}; the tools are ${AGENT_TOOL_NAMES.join(', ')}` };
  if (isBookingTool(name) && !bookings) return { ok: false, error: BOOKING_TOOL_MESSAGES.notBookingCampaign };
  if (name === 'transfer_call' && !transfers)
    return { ok: false, error: TRANSFER_TOOL_MESSAGES.noDestinations };
  const args = parseArguments(argumentsJson);
  if (args === undefined) return { ok: false, error: 'arguments must be a JSON object' };
  const tool = name as AgentToolName;
  const checked = await validateInput(agentToolArgumentSchemas[tool], args);
  if (!checked.ok) return { ok: false, error: checked.message };
  return { ok: true, call: { tool, args: checked.value } as CheckedToolCall };
}

/** What the model is told a checked tool call did: the same on a call and in the playground. */
export function toolDone(call: CheckedToolCall): ToolResult {
  switch (call.tool) {
    case 'record_outcome': {
      const { outcome, time } = call.args;
      return { ok: true, detail: time ? `recorded ${outcome} for ${time}` : `recorded ${outcome}` };
    }
    case 'add_to_do_not_call':
      return { ok: true, detail: 'the number is on the do-not-call list' };
    case 'end_call':
      return { ok: true, detail: 'the call ends after your goodbye' };
    case 'transfer_call':
      return { ok: true, detail: `connecting the caller to ${call.args.destination} after your sentence` };
    case 'check_availability':
    case 'book_appointment':
      return { ok: true };
  }
}

/**
 * On a booking campaign an appointment is booked by book_appointment, which records the outcome
 * itself: appointment_booked alone, with no booking on the call, would be a time nobody holds.
 * Other campaigns keep the plain outcome (they have no calendar to book in; the time is a note).
 */
export const bookedWithoutBooking = (call: CheckedToolCall, bookings: boolean, booked: boolean) =>
  bookings && call.tool === 'record_outcome' && call.args.outcome === 'appointment_booked' && !booked;

/**
 * Runs one tool call of the model: the arguments are checked against the tool's schema first, and
 * a bad call changes nothing; its error goes back to the model, which can try again.
 */
export async function runAgentTool(
  state: AgentCallState,
  name: string,
  argumentsJson: string,
): Promise<ToolResult> {
  const bookings = Boolean(state.booking);
  const transfers = Boolean(state.transfer?.destinations.length);
  const checked = await checkAgentToolCall(name, argumentsJson, bookings, transfers);
  if (!checked.ok) {
    logger.info({ callId: state.call.id, tool: name, error: checked.error }, 'agent tool call refused');
    return { ok: false, error: checked.error };
  }
  const { call } = checked;
  if (bookedWithoutBooking(call, bookings, Boolean(state.appointmentId)))
    return { ok: false, error: BOOKING_TOOL_MESSAGES.bookFirst };
  switch (call.tool) {
    case 'check_availability':
    case 'book_appointment': {
      const answer = await runBookingTool(state.booking ?? null, call, {
        callId: state.call.id,
        sessionKey: state.sessionKey,
      });
      if (answer.ok && answer.appointmentId) {
        state.appointmentId = answer.appointmentId;
        state.outcome = 'appointment_booked';
      }
      return answer;
    }
    case 'record_outcome':
      if (call.args.outcome === 'do_not_call') await optOut(state, 'asked during the call');
      else if (call.args.outcome === 'call_back_later')
        await promiseCallback(state, call.args.time ?? null, call.args.note ?? null);
      else await recordOutcome(state, call.args.outcome);
      break;
    case 'add_to_do_not_call':
      await optOut(state, call.args.reason ?? 'asked during the call');
      break;
    case 'end_call':
      state.endRequested = { reason: call.args.reason ?? 'conversation over' };
      break;
    case 'transfer_call': {
      const answer = await runTransferTool(state.transfer ?? null, call.args, {
        callId: state.call.id,
        sessionKey: state.sessionKey,
      });
      if (!answer.ok) return answer;
      state.endRequested = { reason: 'transfer', transfer: answer.transfer };
      return { ok: true, detail: answer.detail };
    }
  }
  return toolDone(call);
}
