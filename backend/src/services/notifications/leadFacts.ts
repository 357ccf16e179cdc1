import {
  CALL_OUTCOME_LABELS,
  LEAD_ALERT_OUTCOMES,
  formatPhone,
  otherPartyNumber,
  shownTimeZone,
  type CallOutcome,
} from '@ringcast/shared-types';
import { Appointment, Callback, Campaign, Prospect, type CallRecord } from '../../db/models';
import { appLink } from '../mail';
import type { ScheduledTime } from '../mail/templates/leadAlert';

/** A settled call whose outcome is one a lead alert is sent for (test calls are not leads). */
export const isLeadCall = (call: Pick<CallRecord, 'outcome' | 'test'>) =>
  !call.test && (LEAD_ALERT_OUTCOMES as readonly (CallOutcome | null | undefined)[]).includes(call.outcome);

/** "Dec 6, 2:05 PM EST": a time on a given clock, named, as the call log shows a prospect's time. */
export function formatZonedTime(at: Date, timeZone: string, { date = true } = {}): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', {
      ...(date && { month: 'short', day: 'numeric' }),
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
      timeZoneName: 'short',
    }).format(at);
  } catch {
    return null;
  }
}

/** Opens the call's drawer on its campaign's page (useCallLink on the page reads `call`). */
export const callLink = (call: Pick<CallRecord, 'id' | 'campaignId'>) =>
  appLink(`/campaigns/${call.campaignId}?call=${call.id}`);

export interface LeadFacts {
  campaignName: string;
  prospectName: string;
  phone: string;
  /** The prospect's zone as the call log shows it, when known. */
  timeZone: string | null;
  outcome: string;
  summary: string | null;
  callUrl: string;
  /** The appointment booked or the call back promised on the call, when it has one. */
  scheduled: ScheduledTime | null;
}

/**
 * The appointment each `appointment_booked` call booked (its row, by the call's appointmentId) and
 * the call back each `call_back_later` call was promised (the callback it asked for, when due).
 */
async function scheduledTimesOf(calls: CallRecord[], ownerTimeZone: string | null) {
  const appointmentIds = calls.flatMap((c) =>
    c.outcome === 'appointment_booked' && c.appointmentId ? [c.appointmentId] : [],
  );
  const askedOn = calls.filter((c) => c.outcome === 'call_back_later').map((c) => c.id);
  const [appointments, callbacks] = await Promise.all([
    appointmentIds.length
      ? Appointment.findAll({ where: { id: appointmentIds }, attributes: ['id', 'startsAt', 'timeZone'] })
      : [],
    askedOn.length
      ? Callback.findAll({
          where: { requestedOnCallId: askedOn },
          attributes: ['requestedOnCallId', 'dueAt', 'timeZone'],
        })
      : [],
  ]);
  const timeOf = (label: 'Appointment' | 'Call back', at: Date, zone: string | null): ScheduledTime => ({
    label,
    theirTime: zone ? formatZonedTime(at, zone) : null,
    yourTime: ownerTimeZone ? formatZonedTime(at, ownerTimeZone) : null,
  });
  const times = new Map<number, ScheduledTime>();
  for (const call of calls) {
    const appointment = appointments.find((a) => a.id === call.appointmentId);
    const callback = callbacks.find((c) => Number(c.requestedOnCallId) === call.id);
    if (call.outcome === 'appointment_booked' && appointment)
      times.set(call.id, timeOf('Appointment', appointment.startsAt, appointment.timeZone));
    else if (call.outcome === 'call_back_later' && callback)
      times.set(call.id, timeOf('Call back', callback.dueAt, callback.timeZone ?? null));
  }
  return times;
}

/**
 * What a lead alert or digest says of each call, read in a few queries however many calls; the
 * times the calls set are also given on the owner's clock (`ownerTimeZone`).
 */
export async function leadFactsOf(
  calls: CallRecord[],
  ownerTimeZone: string | null = null,
): Promise<Map<number, LeadFacts>> {
  const prospectIds = [...new Set(calls.flatMap((call) => (call.prospectId ? [call.prospectId] : [])))];
  const campaignIds = [...new Set(calls.map((call) => call.campaignId))];
  const [prospects, campaigns] = await Promise.all([
    prospectIds.length
      ? Prospect.findAll({ where: { id: prospectIds }, attributes: ['id', 'name', 'timeZone'] })
      : [],
    Campaign.findAll({ where: { id: campaignIds }, attributes: ['id', 'name'] }),
  ]);
  const scheduled = await scheduledTimesOf(calls, ownerTimeZone);
  const prospectOf = new Map(prospects.map((p) => [p.id, p]));
  const campaignOf = new Map(campaigns.map((c) => [c.id, c]));
  return new Map(
    calls.map((call) => {
      const prospect = call.prospectId ? prospectOf.get(call.prospectId) : undefined;
      const zones = prospect?.timeZone ? prospect.timeZone.split(',') : [];
      return [
        call.id,
        {
          campaignName: campaignOf.get(call.campaignId)?.name ?? 'Your campaign',
          prospectName: prospect?.name || (call.direction === 'inbound' ? 'Caller' : 'Unnamed prospect'),
          phone: formatPhone(
            otherPartyNumber({
              direction: call.direction,
              toNumber: call.toNumber,
              fromNumber: call.fromNumber ?? null,
            }),
          ),
          timeZone: zones.length ? shownTimeZone(zones) : null,
          outcome: call.outcome ? CALL_OUTCOME_LABELS[call.outcome as CallOutcome] : '',
          summary: call.summary ?? null,
          callUrl: callLink(call),
          scheduled: scheduled.get(call.id) ?? null,
        },
      ];
    }),
  );
}
