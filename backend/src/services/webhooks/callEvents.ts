import { Op, type Transaction } from 'sequelize';
import { Appointment, CallRecord, Callback, Campaign, Prospect } from '../../db/models';
import { WebhookEndpoint } from '../../db/models/webhooks';
import { logger } from '../../logger';
import { callExportData } from '../../presenters/callExport';
import { presentCallRecord } from '../../presenters/callRecord';
import { enqueueMany } from '../../queues';
import { callersOf } from '../calls/read';
import { shownAppointment } from '../appointments';
import { writeWebhookEvent } from './events';

/**
 * How long after a call settles its events wait for the two-sentence summary and the analysis
 * (each written by a job once the agent's session closes, usually within seconds); past it they go
 * without what is still missing.
 */
export const CALL_SUMMARY_WAIT_MS = 40_000;
const RECHECK_MS = 2_000;

/**
 * Queues the webhook events of settled calls (not test calls) once the transaction commits, for
 * owners with an endpoint on: one job per call and outcome (a late outcome, recorded after the call
 * settled, asks again and may add `appointment.booked`). A queue out of reach is logged: the
 * settlement stands.
 */
export function queueCallWebhooks(calls: readonly CallRecord[], transaction: Transaction): void {
  const settled = calls.filter((call) => call.settledAt && !call.test);
  if (!settled.length) return;
  const asked = settled.map((call) => ({
    callId: call.id,
    userId: call.userId,
    outcome: call.outcome ?? 'none',
  }));
  transaction.afterCommit(async () => {
    try {
      const userIds = [...new Set(asked.map((call) => call.userId))];
      const owners = await WebhookEndpoint.findAll({
        where: { userId: { [Op.in]: userIds }, enabled: true },
        attributes: ['userId'],
      });
      const withEndpoints = new Set(owners.map((endpoint) => endpoint.userId));
      await enqueueMany(
        'emitCallWebhooks',
        asked
          .filter((call) => withEndpoints.has(call.userId))
          .map(({ callId, outcome }) => ({ callId, outcome })),
      );
    } catch (err) {
      logger.error({ err, callIds: asked.map((call) => call.callId) }, 'could not queue call webhooks');
    }
  });
}

export type CallWebhookStep = { step: 'wait'; untilMs: number } | { step: 'done'; events: number };

/** Whether the agent spoke on the call and its summary or its analysis is still to come. */
const afterCallWritesPending = (call: CallRecord) =>
  (!call.summary || !call.analyzedAt) && Boolean(call.relayStartedAt) && call.answeredBy !== 'machine';

/** The call as the call log shows it, with its campaign's name: the events' `data`. */
async function callData(call: CallRecord): Promise<Record<string, unknown>> {
  const [prospect, campaign, callers, callback] = await Promise.all([
    call.prospectId ? Prospect.findByPk(call.prospectId, { attributes: ['name', 'timeZone'] }) : null,
    Campaign.findByPk(call.campaignId, { attributes: ['id', 'name'] }),
    callersOf([call]),
    call.outcome === 'call_back_later'
      ? Callback.findOne({ where: { requestedOnCallId: call.id }, attributes: ['dueAt'] })
      : null,
  ]);
  const shown = presentCallRecord(call, prospect ?? callers.get(call.id) ?? null);
  shown.callbackAt = callback ? callback.dueAt.toISOString() : null;
  // The appointment's columns as the call log's CSV has them (none booked: empty).
  const appointment = call.appointmentId
    ? await Appointment.findByPk(call.appointmentId, { attributes: ['startsAt', 'timeZone'] })
    : null;
  shown.appointmentStartsAt = appointment ? appointment.startsAt.toISOString() : null;
  shown.appointmentTimeZone = appointment?.timeZone ?? null;
  // The analysis as the call drawer has it (null: none, or it failed).
  return { ...callExportData(shown), campaignName: campaign?.name ?? null, analysis: call.analysis ?? null };
}

/**
 * Writes a settled call's events: `call.completed`, and `appointment.booked` when the agent booked
 * one. Each is written once per call (its source key), however often this runs. Waits (answers
 * when to look again) while the summary or the analysis is being written, up to CALL_SUMMARY_WAIT_MS.
 */
export async function emitCallWebhooks(callId: number, now = Date.now()): Promise<CallWebhookStep> {
  const call = await CallRecord.findByPk(callId);
  if (!call?.settledAt || call.test) return { step: 'done', events: 0 };
  const deadline = call.settledAt.getTime() + CALL_SUMMARY_WAIT_MS;
  if (afterCallWritesPending(call) && now < deadline)
    return { step: 'wait', untilMs: Math.min(now + RECHECK_MS, deadline) };
  let data: Promise<Record<string, unknown>> | undefined;
  const once = () => (data ??= callData(call));
  let events = 0;
  const base = { userId: call.userId, data: once };
  if (await writeWebhookEvent({ ...base, type: 'call.completed', sourceKey: `call.completed:${call.id}` }))
    events++;
  // The booking itself rides along (as GET /api/appointments shows it), when the agent made one.
  const withAppointment = async () => {
    const shown = call.appointmentId ? await shownAppointment(call.appointmentId) : null;
    return { ...(await once()), appointment: shown };
  };
  if (
    call.outcome === 'appointment_booked' &&
    (await writeWebhookEvent({
      ...base,
      data: withAppointment,
      type: 'appointment.booked',
      sourceKey: `appointment.booked:${call.id}`,
    }))
  )
    events++;
  return { step: 'done', events };
}
