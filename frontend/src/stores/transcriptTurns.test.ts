import { describe, expect, it } from 'vitest';
import { callRecord, turn } from './testing/calls';
import { isLiveCall, mergeTurns, newerCall } from './transcriptTurns';

describe('mergeTurns', () => {
  it('keeps spoken order and one turn per seq, whatever order they arrive in', () => {
    const merged = mergeTurns([turn(2)], [turn(0), turn(3), turn(1), turn(2)]);
    expect(merged.map((t) => t.seq)).toEqual([0, 1, 2, 3]);
  });

  it('answers the held list itself when nothing is new, so a store skips the update', () => {
    const held = [turn(0), turn(1)];
    expect(mergeTurns(held, [turn(1)])).toBe(held);
    expect(mergeTurns(held, [])).toBe(held);
  });

  it('replaces a turn cut short after it was pushed, and not the other way round', () => {
    const spoken = turn(2, { text: 'We have three plans, the first of which' });
    const cut = turn(2, { text: 'We have three plans', interrupted: true, at: '2026-11-26T10:00:15.000Z' });
    expect(mergeTurns([turn(1), spoken], [cut])).toEqual([turn(1), cut]);
    // A read sent before the cut answers after it: the cut text stays.
    expect(mergeTurns([turn(1), cut], [spoken])).toEqual([turn(1), cut]);
    // Stamped in the same millisecond, the cut copy is what the caller heard.
    expect(mergeTurns([spoken], [{ ...cut, at: spoken.at }])).toEqual([{ ...cut, at: spoken.at }]);
    expect(mergeTurns([{ ...cut, at: spoken.at }], [spoken])).toEqual([{ ...cut, at: spoken.at }]);
  });
});

describe('newerCall', () => {
  it('takes the copy stamped later and keeps what the held one adds', () => {
    const held = { ...callRecord(1), transcript: [turn(0)] };
    const later = callRecord(1, { status: 'completed', updatedAt: '2026-11-26T10:01:00.000Z' });
    expect(newerCall(held, later)).toEqual({ ...later, transcript: [turn(0)] });
    expect(
      newerCall(held, callRecord(1, { status: 'dialing', updatedAt: '2026-11-26T09:00:00.000Z' })),
    ).toBeNull();
  });

  it('takes a copy with the same stamp (the one that arrived later), as every store does', () => {
    const held = { ...callRecord(1), transcript: [turn(0)] };
    const same = callRecord(1, { status: 'in_progress' });
    expect(same.updatedAt).toBe(held.updatedAt);
    expect(newerCall(held, same)).toEqual({ ...same, transcript: [turn(0)] });
  });
});

describe('isLiveCall', () => {
  it('is a call ringing or on the line', () => {
    expect(isLiveCall({ status: 'ringing' })).toBe(true);
    expect(isLiveCall({ status: 'in_progress' })).toBe(true);
    expect(isLiveCall({ status: 'dialing' })).toBe(false);
    expect(isLiveCall({ status: 'completed' })).toBe(false);
  });
});
