import { describe, expect, it } from 'vitest';
import { medianOf, percentileOf, qualityOfTurns, responseBucketOf } from './conversationQuality';

const each = (...values: number[]) => values.map((value) => ({ value, count: 1 }));

describe('percentileOf', () => {
  it('is the nearest rank', () => {
    expect(percentileOf(each(100, 200, 300, 400), 50)).toBe(200);
    expect(percentileOf(each(100, 200, 300, 400), 95)).toBe(400);
    expect(percentileOf(each(5), 95)).toBe(5);
    expect(percentileOf([], 50)).toBeNull();
  });

  it('reads counts as that many values, in any order', () => {
    const counted = [
      { value: 300, count: 1 },
      { value: 100, count: 18 },
      { value: 200, count: 1 },
    ];
    expect(percentileOf(counted, 50)).toBe(100);
    expect(percentileOf(counted, 95)).toBe(200);
    expect(percentileOf(counted, 100)).toBe(300);
  });
});

describe('medianOf', () => {
  it('is the middle value, or the mean of the two middle ones', () => {
    expect(medianOf(each(30, 10, 20))).toBe(20);
    expect(medianOf(each(10, 20, 30, 45))).toBe(25);
    expect(medianOf([{ value: 60, count: 2 }])).toBe(60);
    expect(medianOf([])).toBeNull();
  });
});

describe('responseBucketOf', () => {
  it('keeps 10 ms steps up to a minute', () => {
    expect(responseBucketOf(0)).toBe(0);
    expect(responseBucketOf(449)).toBe(440);
    expect(responseBucketOf(450)).toBe(450);
    expect(responseBucketOf(90_000)).toBe(60_000);
  });
});

describe('qualityOfTurns', () => {
  it('counts replies, interruptions by each side and silences', () => {
    const quality = qualityOfTurns([
      { speaker: 'agent', interrupted: false },
      { speaker: 'callee', interrupted: false },
      { speaker: 'agent', interrupted: true, responseMs: 400, modelFirstTokenMs: 250 },
      { speaker: 'callee', interrupted: false, silenceBeforeMs: 4200 },
      {
        speaker: 'agent',
        interrupted: false,
        responseMs: 3600,
        modelFirstTokenMs: 3300,
        silenceBeforeMs: 3600,
      },
      { speaker: 'callee', interrupted: false },
      { speaker: 'agent', interrupted: false, responseMs: 500, modelFirstTokenMs: 300, talkedOver: true },
      { speaker: 'system', interrupted: false },
    ]);
    expect(quality).toEqual({
      turns: 3,
      responseP50Ms: 500,
      responseP95Ms: 3600,
      modelFirstTokenP50Ms: 300,
      calleeInterruptions: 1,
      agentInterruptions: 1,
      silences: 2,
    });
  });

  it('has no times without a measured reply', () => {
    expect(qualityOfTurns([{ speaker: 'agent', interrupted: false }])).toMatchObject({
      turns: 0,
      responseP50Ms: null,
      responseP95Ms: null,
    });
  });
});
