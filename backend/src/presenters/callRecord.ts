import {
  shownTimeZone,
  type CallQuality,
  type CallRecord as CallRecordDto,
  type CallRecording,
  type CallTransfer,
} from '@ringcast/shared-types';
import type { Appointment, CallRecord, Callback } from '../db/models';

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

function transferOf(call: CallRecord): CallTransfer | null {
  if (!call.transferDestination || !call.transferRequestedAt) return null;
  return {
    destination: call.transferDestination,
    phoneNumber: call.transferNumber ?? '',
    status: call.transferStatus ?? null,
    reason: call.transferReason ?? null,
    summary: call.transferSummary ?? null,
    legSeconds: call.transferLegSeconds ?? null,
    requestedAt: call.transferRequestedAt.toISOString(),
  };
}

/** The recording while kept; its audio only through our api (never Twilio's URL). */
const recordingOf = (call: CallRecord): CallRecording | null =>
  call.recordingSid && !call.recordingDeletedAt
    ? {
        durationSeconds: call.recordingSeconds ?? 0,
        channels: call.recordingChannels ?? 2,
        url: `/api/calls/${call.id}/recording`,
      }
    : null;

/** Set with the analysis, once the conversation was measured. */
const qualityOf = (call: CallRecord): CallQuality | null =>
  call.qualityTurns === null || call.qualityTurns === undefined
    ? null
    : {
        turns: call.qualityTurns,
        responseP50Ms: call.responseP50Ms ?? null,
        responseP95Ms: call.responseP95Ms ?? null,
        modelFirstTokenP50Ms: call.modelFirstTokenP50Ms ?? null,
        calleeInterruptions: call.calleeInterruptions ?? 0,
        agentInterruptions: call.agentInterruptions ?? 0,
        silences: call.silences ?? 0,
      };

function appointmentOf(call: CallRecord): Pick<CallRecordDto, 'appointmentStartsAt' | 'appointmentTimeZone'> {
  const appointment = (call as { appointment?: Pick<Appointment, 'startsAt' | 'timeZone'> | null })
    .appointment;
  return appointment === undefined
    ? {}
    : { appointmentStartsAt: iso(appointment?.startsAt), appointmentTimeZone: appointment?.timeZone ?? null };
}

/** What the campaign page, the admin's call log and the `call:updated` push show of a call. */
export function presentCallRecord(
  call: CallRecord,
  prospect: { name: string | null; timeZone?: string | null } | null = null,
): CallRecordDto {
  return {
    id: call.id,
    campaignId: call.campaignId,
    prospectId: call.prospectId ?? null,
    prospectName: prospect?.name ?? null,
    toNumber: call.toNumber,
    fromNumber: call.fromNumber ?? null,
    direction: call.direction,
    attempt: call.attempt,
    test: Boolean(call.test),
    status: call.status,
    answeredBy: call.answeredBy ?? null,
    durationSeconds: call.durationSeconds,
    billable: Boolean(call.billable),
    successful: Boolean(call.successful),
    cost: Number(call.cost ?? 0).toFixed(2),
    price: call.price === null || call.price === undefined ? null : Number(call.price).toFixed(4),
    outcome: call.outcome ?? null,
    summary: call.summary ?? null,
    endedBy: call.endedBy ?? null,
    endedReason: call.endedReason ?? null,
    // A number whose area spans zones keeps them all; its local time is shown in one, the one the
    // campaign's prospects table names (a 907 number's is Anchorage's Alaska Time, not Adak's).
    timeZone: prospect?.timeZone ? shownTimeZone(prospect.timeZone.split(',')) : null,
    agentVersion: call.agentVersion ?? null,
    appointmentId: call.appointmentId ?? null,
    // Only where the reader loaded it (the call log, its CSV and the webhooks include `appointment`).
    ...appointmentOf(call),
    startedAt: iso(call.startedAt),
    endedAt: iso(call.endedAt),
    createdAt: call.createdAt.toISOString(),
    updatedAt: call.updatedAt.toISOString(),
    callbackId: call.callbackId ?? null,
    // Only where the reader loaded it (the call log and its CSV include `promisedCallback`).
    callbackAt: iso((call as { promisedCallback?: Callback | null }).promisedCallback?.dueAt),
    callbackNote: call.callbackNote ?? null,
    transfer: transferOf(call),
    recording: recordingOf(call),
    analysis: call.analysis ?? null,
    analysisStatus: call.analysisStatus ?? null,
    quality: qualityOf(call),
  };
}
