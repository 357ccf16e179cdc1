import {
  TRANSFER_TOOL_MESSAGES,
  destinationByLabel,
  formatPhone,
  isTransferOpen,
  type TransferDestination,
} from '@ringcast/shared-types';
import { storeTransferRequest } from '../calls/events';
import { dialerNow } from '../calls/shared';

/** What a call's agent may transfer to, and what the whisper says of the call. */
export interface TransferContext {
  destinations: TransferDestination[];
  /** The person on the line, when known (the prospect's name). */
  callerName: string | null;
  /** Their number, said when the name is not known. */
  callerNumber: string | null;
  campaignName: string;
  /** The session taking a message after a transfer that did not connect: no second transfer. */
  transferred: boolean;
}

/** The whisper's longest (the column's and the handoff's limit). */
const SUMMARY_MAX = 500;

/**
 * What the person who answers hears before the caller is put through: who is calling, on which
 * campaign, and why, in one or two sentences ("Ringcast call from Jane Doe about Acme's winter
 * offer: wants a quote for two units. Connecting you now.").
 */
export function transferSummary(context: TransferContext, reason: string): string {
  const who = context.callerName ?? (context.callerNumber ? formatPhone(context.callerNumber) : 'a caller');
  // A reason that ends on its own question or exclamation keeps it; any other ends with a full stop.
  const trimmed = reason.trim().replace(/[.\s]+$/, '');
  const ownEnd = /[?!]$/.test(trimmed) ? trimmed.slice(-1) : '';
  const why = ownEnd ? trimmed.slice(0, -1) : trimmed;
  const tail = `${ownEnd || '.'} Connecting you now.`;
  const head = `Ringcast call from ${who} about ${context.campaignName}: `;
  return `${head}${why.slice(0, Math.max(0, SUMMARY_MAX - head.length - tail.length))}${tail}`;
}

/** What transfer_call answered: the transfer to make when the session may end for it. */
export type TransferToolAnswer =
  | { ok: true; detail: string; transfer: { destination: string; summary: string } }
  | { ok: false; error: string };

/**
 * transfer_call on a live call: the destination is checked against the campaign's labels and its
 * hours (on the dialer's clock, which tests drive), and the transfer is stored once on the call.
 * Open: the session then ends with the transfer's handoff once the agent has said it is
 * connecting. Closed: it is stored as `outside_hours`, never dialed, and the agent takes a message
 * in the same session.
 */
export async function runTransferTool(
  context: TransferContext | null,
  args: { destination: string; reason: string },
  call: { callId: number; sessionKey: string | null | undefined },
): Promise<TransferToolAnswer> {
  if (!context?.destinations.length) return { ok: false, error: TRANSFER_TOOL_MESSAGES.noDestinations };
  if (context.transferred) return { ok: false, error: TRANSFER_TOOL_MESSAGES.alreadyTransferred };
  const destination = destinationByLabel(context.destinations, args.destination);
  if (!destination) {
    const labels = context.destinations.map((d) => d.label).join(', ');
    return { ok: false, error: `${TRANSFER_TOOL_MESSAGES.unknownDestination}: ${labels}` };
  }
  const open = isTransferOpen(destination.hours, dialerNow());
  const summary = transferSummary(context, args.reason);
  const stored = await storeTransferRequest(call.callId, call.sessionKey, {
    destination,
    reason: args.reason,
    summary,
    status: open ? null : 'outside_hours',
    // A moment of the record (the relay claim compares it with its own), not of the calling rules.
    requestedAt: new Date(),
  });
  if (stored === 'already') return { ok: false, error: TRANSFER_TOOL_MESSAGES.alreadyTransferred };
  if (stored === 'closed') return { ok: false, error: 'the call is over: nothing was transferred' };
  context.transferred = true;
  if (!open) return { ok: false, error: TRANSFER_TOOL_MESSAGES.outsideHours };
  return {
    ok: true,
    detail: `connecting the caller to ${destination.label} after your sentence`,
    transfer: { destination: destination.label, summary },
  };
}
