import { describe, expect, it } from 'vitest';
import { calledPartyName, formatCallDuration, formatCallTime, partyPhone, summaryText } from './callFormat';

describe('call formatting', () => {
  it('prints durations as minutes and seconds', () => {
    expect(formatCallDuration(0)).toBe('0:00');
    expect(formatCallDuration(9)).toBe('0:09');
    expect(formatCallDuration(187)).toBe('3:07');
  });

  it('prints a time in the zone asked, and nothing for a zone the browser does not know', () => {
    const iso = '2026-11-26T15:30:00.000Z';
    expect(formatCallTime(iso, 'America/New_York')).toContain('10:30');
    expect(formatCallTime(iso, 'America/Los_Angeles')).toContain('7:30');
    expect(formatCallTime(iso, 'Not/AZone')).toBeNull();
  });

  it('leaves the seconds out when asked', () => {
    const iso = '2026-11-26T15:30:45.000Z';
    expect(formatCallTime(iso, 'America/New_York')).toContain(':45');
    expect(formatCallTime(iso, 'America/New_York', { seconds: false })).not.toContain(':45');
    expect(formatCallTime(iso, 'America/New_York', { seconds: false })).toContain('10:30');
  });

  it('names who was called, or what stands in for a name', () => {
    expect(calledPartyName({ test: false, prospectName: 'Pat Person' })).toBe('Pat Person');
    expect(calledPartyName({ test: true, prospectName: null })).toBe('Test call');
    expect(calledPartyName({ test: false, prospectName: null })).toBe('Unnamed prospect');
    // Someone who rang in is named when their number is a prospect's, and is a caller otherwise.
    const inbound = { test: false, direction: 'inbound' } as const;
    expect(calledPartyName({ ...inbound, prospectName: 'Pat Person' })).toBe('Pat Person');
    expect(calledPartyName({ ...inbound, prospectName: null })).toBe('Caller');
  });

  it("prints the other party's number: the one dialed, or the caller's, never our own", () => {
    const numbers = { toNumber: '+14155550102', fromNumber: '+12125550107' };
    expect(partyPhone({ ...numbers, direction: 'inbound' })).toBe('(212) 555-0107');
    expect(partyPhone({ ...numbers, direction: 'outbound' })).toBe('(415) 555-0102');
  });

  it('shows the summary, or why there is none yet', () => {
    const call = { status: 'completed', answeredBy: 'human', summary: null } as const;
    expect(summaryText({ ...call, summary: 'Booked Friday. Wants a call first.' })).toBe(
      'Booked Friday. Wants a call first.',
    );
    expect(summaryText({ ...call, status: 'in_progress' })).toBe(
      'The summary is written when the call ends.',
    );
    expect(summaryText(call)).toBe('The summary is being written.');
    expect(summaryText({ ...call, answeredBy: 'machine' })).toBe('No conversation to summarize.');
    expect(summaryText({ ...call, status: 'busy', answeredBy: null })).toBe('No conversation to summarize.');
  });
});
