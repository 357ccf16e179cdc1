import { describe, expect, it } from 'vitest';
import {
  billingMonthOf,
  callChargeCents,
  callResultLabelOf,
  callResultOf,
  isBillableCall,
  isPlacedCall,
  isSuccessfulCall,
  isSuccessfulOutcome,
  nextBillingMonthStart,
} from './callAccounting';
import { callCostCents } from './pricing';

describe('call accounting', () => {
  it('counts a call once it was placed; canceled only when it had been dialed', () => {
    expect(isPlacedCall({ status: 'busy', dialed: true })).toBe(true);
    expect(isPlacedCall({ status: 'canceled', dialed: false })).toBe(false);
    expect(isPlacedCall({ status: 'canceled', dialed: true })).toBe(true);
    expect(isPlacedCall({ status: 'in_progress', dialed: true })).toBe(false);
  });

  it('bills answered calls only', () => {
    expect(isBillableCall({ status: 'completed' })).toBe(true);
    for (const status of ['busy', 'no_answer', 'failed', 'canceled'] as const) {
      expect(isBillableCall({ status })).toBe(false);
    }
  });

  it('is successful with a person for at least 20 s', () => {
    expect(isSuccessfulCall({ status: 'completed', answeredBy: 'human', durationSeconds: 20 })).toBe(true);
    expect(isSuccessfulCall({ status: 'completed', answeredBy: 'unknown', durationSeconds: 45 })).toBe(true);
    expect(isSuccessfulCall({ status: 'completed', answeredBy: 'human', durationSeconds: 19 })).toBe(false);
    expect(isSuccessfulCall({ status: 'completed', answeredBy: 'machine', durationSeconds: 60 })).toBe(false);
    expect(
      isSuccessfulCall({
        status: 'completed',
        answeredBy: 'human',
        durationSeconds: 60,
        outcome: 'do_not_call',
      }),
    ).toBe(false);
  });

  it('judges a call the agent was on by its outcome, not its length', () => {
    const reached = { status: 'completed' as const, answeredBy: 'human' as const, reachedAgent: true };
    expect(isSuccessfulCall({ ...reached, durationSeconds: 300 })).toBe(false);
    expect(isSuccessfulCall({ ...reached, durationSeconds: 8, outcome: 'interested' })).toBe(true);
    expect(isSuccessfulCall({ ...reached, durationSeconds: 8, outcome: 'appointment_booked' })).toBe(true);
    expect(isSuccessfulCall({ ...reached, durationSeconds: 90, outcome: 'not_interested' })).toBe(false);
    expect(
      isSuccessfulCall({ ...reached, answeredBy: 'machine', durationSeconds: 30, outcome: 'interested' }),
    ).toBe(false);
    expect(
      isSuccessfulCall({ ...reached, status: 'no_answer', durationSeconds: 0, outcome: 'interested' }),
    ).toBe(false);
    // An outcome decides even when the relay's start was not recorded.
    expect(
      isSuccessfulCall({
        status: 'completed',
        answeredBy: 'human',
        durationSeconds: 5,
        outcome: 'interested',
      }),
    ).toBe(true);
  });

  it('lets a campaign type count more outcomes as success', () => {
    expect(isSuccessfulOutcome('call_back_later')).toBe(false);
    expect(isSuccessfulOutcome('call_back_later', 'appointment')).toBe(false);
    expect(isSuccessfulOutcome('call_back_later', 'follow-up')).toBe(true);
    expect(isSuccessfulOutcome('interested', 'birthday')).toBe(true);
    expect(isSuccessfulOutcome('do_not_call', 'follow-up')).toBe(false);
    expect(isSuccessfulOutcome(null, 'follow-up')).toBe(false);
  });

  it('charges each call the rate of its position, so a month sums to the graduated price', () => {
    expect(callChargeCents(1)).toBe(80);
    expect(callChargeCents(2000)).toBe(80);
    expect(callChargeCents(2001)).toBe(60);
    expect(callChargeCents(5001)).toBe(50);
    let total = 0;
    for (let n = 1; n <= 6000; n++) total += callChargeCents(n);
    expect(total).toBe(callCostCents(6000));
  });

  it('months are UTC calendar months', () => {
    const at = new Date('2026-11-30T23:59:59.999Z');
    expect(billingMonthOf(at)).toBe('2026-11');
    expect(nextBillingMonthStart(at).toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(nextBillingMonthStart(new Date('2026-12-15T00:00:00Z')).toISOString()).toBe(
      '2027-01-01T00:00:00.000Z',
    );
  });

  it('names the result of a finished call', () => {
    expect(callResultOf({ status: 'completed', answeredBy: 'machine' })).toBe('voicemail');
    expect(callResultOf({ status: 'completed', answeredBy: null })).toBe('person');
    expect(callResultOf({ status: 'no_answer', answeredBy: null })).toBe('no_answer');
    expect(callResultOf({ status: 'ringing', answeredBy: null })).toBeNull();
  });
});

describe('callResultLabelOf', () => {
  it('names the result once the call has ended, its outcome first', () => {
    expect(callResultLabelOf({ status: 'ringing', answeredBy: null })).toBeNull();
    expect(callResultLabelOf({ status: 'completed', answeredBy: 'machine' })).toBe('Voicemail');
    expect(callResultLabelOf({ status: 'completed', answeredBy: 'unknown' })).toBe('Answered by a person');
    expect(callResultLabelOf({ status: 'busy', answeredBy: null })).toBe('Busy');
    expect(callResultLabelOf({ status: 'completed', answeredBy: 'human', outcome: 'do_not_call' })).toBe(
      'Asked not to be called',
    );
  });
});

describe('callResultLabelOf', () => {
  it('shows a connected transfer as the result; one that did not connect leaves the outcome', () => {
    const call = { status: 'completed', answeredBy: 'human', outcome: 'interested' } as const;
    const transfer = {
      destination: 'Sales',
      phoneNumber: '+12125550100',
      status: 'connected',
      reason: 'Wants a quote',
      summary: null,
      legSeconds: 42,
      requestedAt: '2026-11-26T10:00:00.000Z',
    } as const;
    expect(callResultLabelOf({ ...call, transfer: null })).toBe('Interested');
    expect(callResultLabelOf({ ...call, transfer })).toBe('Transferred to Sales');
    expect(
      callResultLabelOf({ ...call, outcome: 'call_back_later', transfer: { ...transfer, status: 'busy' } }),
    ).toBe('Call back later');
    expect(callResultLabelOf({ ...call, transfer: { ...transfer, status: null } })).toBe('Interested');
  });
});
