import { describe, expect, it } from 'vitest';
import { formatMs, interruptionsLine, responseTimeLine, silenceNote } from './callQualityFormat';

describe('the conversation quality figures', () => {
  it('say milliseconds under a second and tenths of seconds from one on', () => {
    expect(formatMs(620)).toBe('620 ms');
    expect(formatMs(999.6)).toBe('1000 ms');
    expect(formatMs(1400)).toBe('1.4 s');
    expect(formatMs(12_000)).toBe('12 s');
  });

  it('read the response time as its median and p95', () => {
    expect(responseTimeLine({ responseP50Ms: 620, responseP95Ms: 1400 })).toBe('620 ms median, 1.4 s at p95');
    expect(responseTimeLine({ responseP50Ms: null, responseP95Ms: null })).toBeNull();
  });

  it('name each side of the interruptions, and a silence in a transcript', () => {
    expect(interruptionsLine({ calleeInterruptions: 1, agentInterruptions: 0 })).toBe(
      '1 by the caller, 0 by the agent',
    );
    expect(silenceNote(4200)).toBe('4.2 s silence');
  });
});
