import { randomBytes } from 'node:crypto';
import { QueryTypes } from 'sequelize';
import type { CallStatus } from '@ringcast/shared-types';
import { sequelize } from '../../../db/sequelize';
import { claimRelaySessionRow } from '../shared';

/**
 * The statuses of a call Twilio may be connecting to the agent: placed and not over. Twilio asks
 * for the TwiML (and opens the socket it names) once the call is answered, but the row may still
 * say `dialing` or `ringing` then: status callbacks reach it through the workers' batches.
 */
const CONNECTABLE: readonly CallStatus[] = ['dialing', 'ringing', 'in_progress'];

/** What decides whether a call may still be handed to the agent. */
export interface RelayableCall {
  status: CallStatus;
  settledAt?: Date | null;
  relaySessionKey?: string | null;
  providerCallSid?: string | null;
}

/**
 * Whether the call Twilio names by `callSid` may be connected to the agent now: live, not settled,
 * no relay session has claimed it yet, and the CallSid is the call's (when the row knows it yet:
 * the worker stores it just after Twilio took the call).
 */
export const mayConnectRelay = (call: RelayableCall, callSid: string | undefined): callSid is string =>
  Boolean(callSid) &&
  CONNECTABLE.includes(call.status) &&
  !call.settledAt &&
  !call.relaySessionKey &&
  (!call.providerCallSid || call.providerCallSid === callSid);

/** A claimed call's session key, or the HTTP status its upgrade is refused with. */
export type RelayClaim = { ok: true; key: string } | { ok: false; status: 403 | 404 | 409 };

/**
 * Claims the call for one relay session, in one conditional update: the first upgrade of a live,
 * unsettled call whose CallSid its token names wins, and every later one (a second socket, the
 * same token again, a call that settled) is refused, but for the one session that takes a message
 * after a transfer that did not connect (transfer.ts answers its TwiML). The claim is never released: Twilio opens
 * one socket per `<Connect>` and never reconnects it, so a session lost with its process leaves
 * nothing that should get in again. The key is the session's, for its own later writes.
 */
export async function claimRelaySession(callId: number, callSid: string): Promise<RelayClaim> {
  const key = randomBytes(16).toString('base64url');
  const claimed = await claimRelaySessionRow(callId, callSid, key, CONNECTABLE);
  if (claimed) return { ok: true, key };
  const [row] = await sequelize.query<{ providerCallSid: string | null }>(
    'SELECT providerCallSid FROM call_records WHERE id = :callId',
    { replacements: { callId }, type: QueryTypes.SELECT },
  );
  if (!row) return { ok: false, status: 404 };
  if (row.providerCallSid && row.providerCallSid !== callSid) return { ok: false, status: 403 };
  return { ok: false, status: 409 };
}
