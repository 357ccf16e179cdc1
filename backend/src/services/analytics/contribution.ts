import {
  callResultOf,
  isPlacedCall,
  localTimeAt,
  shownTimeZone,
  WEEKDAYS,
  type AnsweredBy,
  type CallDirection,
  type CallOutcome,
  type CallStatus,
  type TransferStatus,
} from '@ringcast/shared-types';
import { OUTCOME_COLUMNS, statDay, type StatStep } from './statRows';

/** What a call's contribution to the aggregates is computed from (a call record, or a copy of one). */
export interface CountedFacts {
  campaignId: number;
  createdAt: Date;
  /** When the dialer queued it, by the dialer's clock (null for calls it did not place). */
  queuedAt: Date | null;
  direction: CallDirection;
  test: boolean;
  settledAt: Date | null;
  status: CallStatus;
  dialedAt: Date | null;
  answeredBy: AnsweredBy | null;
  successful: boolean;
  outcome: CallOutcome | null;
  appointmentId: number | null;
  transferStatus: TransferStatus | null;
  durationSeconds: number;
  /** DECIMAL(10,2) as a string: the customer's charge. */
  cost: string;
}

/** The keys the weekday takes in campaign_hourly_stats when the prospect's zone is not known. */
export const UNKNOWN_WEEKDAY = 7;

/** One call's steps on each aggregate table (the heat map and talk time only where they apply). */
export interface Contribution {
  daily: StatStep<'campaign_daily_stats'>;
  hourly: StatStep<'campaign_hourly_stats'> | null;
  talk: StatStep<'campaign_talk_times'> | null;
}

/** A DECIMAL amount in whole cents, as sumCosts adds them. */
export const centsOf = (cost: string | number | null | undefined): number =>
  Math.round(Number(cost || 0) * 100);

/** The one zone a prospect's `timeZone` (a comma list where a number spans zones) is shown in. */
export const zoneOfProspect = (timeZone: string | null | undefined): string | null =>
  timeZone ? shownTimeZone(timeZone.split(',')) : null;

/** The heat map's cell of a moment on the prospect's clock; weekday 7, hour 0 with no zone. */
export function heatmapCellOf(at: Date, zone: string | null): { weekday: number; hour: number } {
  if (!zone) return { weekday: UNKNOWN_WEEKDAY, hour: 0 };
  try {
    const local = localTimeAt(at, zone);
    return { weekday: WEEKDAYS.indexOf(local.weekday), hour: Math.floor(local.minute / 60) };
  } catch {
    // A zone the runtime does not know reads as none.
    return { weekday: UNKNOWN_WEEKDAY, hour: 0 };
  }
}

/**
 * The moment the heat map reads a call at: when the dialer queued it, by the clock that judged the
 * prospect's calling window (the same as the call's creation in production; a test or a bench runs
 * the dialer on a clock of its own), else its creation.
 */
export const placedAtOf = (call: { queuedAt?: Date | null; createdAt: Date }): Date =>
  call.queuedAt ?? call.createdAt;

/**
 * What one counted call adds to the aggregates, on the UTC day it was created (migration 0031 and
 * docs/architecture.md say what each column counts). Null for a call that counts nowhere: a test
 * call, one not settled, or one never placed (the campaign card's rule, COUNTED_CALL_SQL). The same
 * rule settles a call and moves it later (its old contribution taken back, its new one added), so
 * the aggregates always equal the records. `zone`: the prospect's (zoneOfProspect); inbound calls
 * are left out of the heat map.
 */
export function contributionOf(call: CountedFacts, zone: string | null): Contribution | null {
  if (call.test || !call.settledAt) return null;
  if (!isPlacedCall({ status: call.status, dialed: Boolean(call.dialedAt) })) return null;
  const result = callResultOf(call);
  const outbound = call.direction !== 'inbound';
  const person = result === 'person';
  const successful = Boolean(call.successful);
  const booked = call.appointmentId != null && call.outcome === 'appointment_booked';
  const transferred = call.transferStatus === 'connected';
  const positive = outbound && person && successful;
  const seconds = Math.max(0, Math.trunc(Number(call.durationSeconds) || 0));
  const flag = (on: boolean) => (on ? 1 : 0);
  const add: StatStep<'campaign_daily_stats'>['add'] = {
    calls: 1,
    received: flag(!outbound),
    person: flag(person),
    voicemail: flag(result === 'voicemail'),
    successful: flag(successful),
    booked: flag(booked),
    transferred: flag(transferred),
    placed: flag(outbound),
    placedPerson: flag(outbound && person),
    positive: flag(positive),
    bookedOrTransferred: flag(positive && (booked || transferred)),
    placedVoicemail: flag(outbound && result === 'voicemail'),
    placedNoAnswer: flag(outbound && result === 'no_answer'),
    placedBusy: flag(outbound && result === 'busy'),
    placedFailed: flag(outbound && result === 'failed'),
    talkCalls: flag(person),
    talkSeconds: person ? seconds : 0,
    costCents: centsOf(call.cost),
  };
  if (call.outcome) add[OUTCOME_COLUMNS[call.outcome]] = 1;
  const day = statDay(call.createdAt);
  const { campaignId } = call;
  return {
    daily: { key: { campaignId, day }, add },
    hourly: outbound
      ? {
          key: { campaignId, day, ...heatmapCellOf(placedAtOf(call), zone) },
          add: { placed: 1, answered: flag(person) },
        }
      : null,
    talk: person ? { key: { campaignId, day, seconds }, add: { calls: 1 } } : null,
  };
}

const negatedStep = <S extends { add: Partial<Record<string, number>> }>(step: S): S => ({
  ...step,
  add: Object.fromEntries(Object.entries(step.add).map(([k, n]) => [k, -(n ?? 0)])),
});

/** The steps that take a contribution back. */
export const negated = (c: Contribution): Contribution => ({
  daily: negatedStep(c.daily),
  hourly: c.hourly && negatedStep(c.hourly),
  talk: c.talk && negatedStep(c.talk),
});
