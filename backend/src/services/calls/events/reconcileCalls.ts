import { Op } from 'sequelize';
import { isFinalCallStatus, TWILIO_CALL_STATUS, type CallEventPayload } from '@ringcast/shared-types';
import { sequelize } from '../../../db/sequelize';
import { CallRecord } from '../../../db/models';
import { config } from '../../../config';
import { logger } from '../../../logger';
import { enqueue, getQueue, jobIdFor } from '../../../queues';
import { twilioClient } from '../../../providers/twilio';
import { announceCall } from '../read';
import { accountForCall, attachFoundCallSid, lockCall, markCallHeardOf } from '../shared';
import { settleCall } from '../settle';
import { sweepCallSlots } from '../place';

/** A queued call this old whose job is gone (Redis lost it, or it was never added). */
const ORPHANED_QUEUED_AFTER_MS = 120_000;
/** Twilio's creation time and ours differ by clock and network: look a little before. */
const CLOCK_MARGIN_MS = 10_000;
const BATCH = 200;

const silentAfterMs = () => (config.calls.ringTimeoutSeconds + config.calls.timeLimitSeconds + 120) * 1000;

export interface ReconcileSummary {
  attached: number;
  neverPlaced: number;
  requeued: number;
  fetched: number;
  /** Pacing slots given back because their calls are settled or gone. */
  slotsReleased: number;
}

type TwilioCall = {
  sid: string;
  status: string;
  duration?: string | null;
  dateCreated?: Date | null;
  startTime?: Date | null;
  endTime?: Date | null;
};

/** A state read from Twilio, applied like a callback; its sequence number keeps it once per state. */
export function fetchedEvent(call: CallRecord, fetched: TwilioCall): CallEventPayload {
  const status = TWILIO_CALL_STATUS[fetched.status];
  return {
    callId: call.id,
    kind: 'fetch',
    callSid: fetched.sid,
    accountSid: call.accountSid ?? '',
    sequenceNumber: status && isFinalCallStatus(status) ? 4 : 0,
    callStatus: fetched.status,
    callDuration: fetched.duration ? Number(fetched.duration) : undefined,
    timestamp: (fetched.endTime ?? fetched.startTime ?? new Date()).toISOString(),
  };
}

/**
 * A process killed between `queued -> dialing` and storing the CallSid: the call is looked up in
 * Twilio (calls to that number, from that number, since it was dialed) and attached, or, when
 * Twilio never got it, settled as never placed so its prospect is dialed again. Nobody is called
 * twice (the live-number key still holds the number) and nobody is skipped.
 */
async function settleHalfPlaced(call: CallRecord): Promise<'attached' | 'never_placed' | 'skipped'> {
  const account = await accountForCall(call);
  if (!account || !call.dialedAt) return 'skipped';
  const since = call.dialedAt.getTime() - CLOCK_MARGIN_MS;
  const found = (
    (await twilioClient(account).calls.list({
      to: call.toNumber,
      from: call.fromNumber ?? undefined,
      limit: 20,
    })) as TwilioCall[]
  ).find((candidate) => (candidate.dateCreated ?? candidate.startTime ?? new Date(0)).getTime() >= since);
  if (found) {
    const attached = await attachFoundCallSid(call.id, found.sid);
    if (attached) await enqueue('applyCallEvent', fetchedEvent(call, found));
    return 'attached';
  }
  await sequelize.transaction(async (transaction) => {
    const locked = await lockCall(call.id, transaction);
    if (!locked || locked.status !== 'dialing' || locked.providerCallSid) return;
    locked.status = 'canceled';
    locked.dialedAt = null;
    locked.endedAt = new Date();
    locked.errorMessage = 'Never reached the provider; the prospect is called again';
    await settleCall(locked, transaction);
    await announceCall(locked, transaction);
  });
  return 'never_placed';
}

/** A live call whose callbacks stopped: its state is read from Twilio and applied. */
async function fetchSilentCall(call: CallRecord): Promise<boolean> {
  const account = await accountForCall(call);
  if (!account || !call.providerCallSid) return false;
  const fetched = (await twilioClient(account).calls(call.providerCallSid).fetch()) as TwilioCall;
  const status = TWILIO_CALL_STATUS[fetched.status];
  if (!status || !isFinalCallStatus(status)) {
    await markCallHeardOf(call.id);
    return false;
  }
  await enqueue('applyCallEvent', fetchedEvent(call, fetched));
  return true;
}

/** A queued call whose placeCall job is missing or finished gets its job again. */
async function requeueOrphan(call: CallRecord): Promise<boolean> {
  const job = await getQueue('placeCall').getJob(jobIdFor('placeCall', { callId: call.id })!);
  const state = job ? await job.getState() : 'missing';
  if (['waiting', 'delayed', 'active', 'prioritized', 'waiting-children'].includes(state)) return false;
  if (job) await job.remove().catch(() => undefined);
  await enqueue('placeCall', { callId: call.id });
  return true;
}

/**
 * The safety net under the callbacks (a scheduler, every 30 s by default): pacing slots whose calls are
 * settled or gone, half-placed calls, orphaned queued calls, and live calls that have not been
 * heard of for longer than a call can last. The slots go first: the steps after them ask Twilio,
 * and a slow answer must not keep the account's lines busy.
 */
export async function reconcileCalls(
  now = new Date(),
  { halfPlacedAfterMs = config.calls.halfPlacedAfterMs } = {},
): Promise<ReconcileSummary> {
  const summary: ReconcileSummary = {
    attached: 0,
    neverPlaced: 0,
    requeued: 0,
    fetched: 0,
    slotsReleased: 0,
  };
  const olderThan = (ms: number) => new Date(now.getTime() - ms);

  summary.slotsReleased = await sweepCallSlots().catch((err) => {
    logger.warn({ err }, 'could not sweep the pacing slots');
    return 0;
  });

  const halfPlaced = await CallRecord.findAll({
    where: {
      status: 'dialing',
      providerCallSid: null,
      dialedAt: { [Op.lt]: olderThan(halfPlacedAfterMs) },
    },
    limit: BATCH,
  });
  for (const call of halfPlaced) {
    const outcome = await settleHalfPlaced(call).catch((err) => {
      logger.warn({ err, callId: call.id }, 'could not reconcile a half-placed call');
      return 'skipped' as const;
    });
    if (outcome === 'attached') summary.attached++;
    if (outcome === 'never_placed') summary.neverPlaced++;
  }

  const orphans = await CallRecord.findAll({
    where: { status: 'queued', createdAt: { [Op.lt]: olderThan(ORPHANED_QUEUED_AFTER_MS) } },
    limit: BATCH,
  });
  for (const call of orphans) if (await requeueOrphan(call)) summary.requeued++;

  const silent = await CallRecord.findAll({
    where: {
      status: ['dialing', 'ringing', 'in_progress'],
      providerCallSid: { [Op.ne]: null },
      lastEventAt: { [Op.lt]: olderThan(silentAfterMs()) },
    },
    limit: BATCH,
  });
  for (const call of silent) {
    const settled = await fetchSilentCall(call).catch((err) => {
      logger.warn({ err, callId: call.id }, 'could not fetch a silent call');
      return false;
    });
    if (settled) summary.fetched++;
  }
  return summary;
}
