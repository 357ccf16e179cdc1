import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Coalescer } from './coalescer';

describe('Coalescer', () => {
  /** Each delivery, in order: what went out together. */
  let deliveries: string[][];
  const sent = () => deliveries.flat();
  let coalescer: Coalescer<string>;
  const push = (key: number, value: string, version?: number) => coalescer.push(key, value, version);

  beforeEach(() => {
    vi.useFakeTimers();
    deliveries = [];
    coalescer = new Coalescer<string>(250, (items) => deliveries.push(items), true);
  });
  afterEach(() => vi.useRealTimers());

  it('sends the first at once and merges the rest of the window into one send of the latest at its end', () => {
    push(1, 'a');
    expect(sent()).toEqual(['a']);
    push(1, 'b');
    push(1, 'c');
    vi.advanceTimersByTime(249);
    expect(sent()).toEqual(['a']);
    vi.advanceTimersByTime(1);
    expect(sent()).toEqual(['a', 'c']);
  });

  it('keeps at most one send per key per window while pushes keep coming', () => {
    for (let ms = 0; ms < 1000; ms += 10) {
      push(1, `v${ms}`);
      vi.advanceTimersByTime(10);
    }
    vi.advanceTimersByTime(250);
    // One at once, then one per window, the last carrying the latest value.
    expect(sent()).toEqual(['v0', 'v240', 'v490', 'v740', 'v990']);
  });

  it('sends at once again once a quiet window has passed', () => {
    push(1, 'a');
    vi.advanceTimersByTime(250);
    push(1, 'b');
    expect(sent()).toEqual(['a', 'b']);
  });

  it('keeps keys apart, and sends what one window held in one delivery', () => {
    push(1, 'a1');
    push(2, 'b1');
    push(1, 'a2');
    push(2, 'b2');
    push(3, 'c1');
    expect(deliveries).toEqual([['a1'], ['b1'], ['c1']]);
    vi.advanceTimersByTime(250);
    expect(deliveries.at(-1)).toEqual(['a2', 'b2']);
  });

  it('without leading, holds every push to the end of its window: one delivery per window', () => {
    coalescer = new Coalescer<string>(250, (items) => deliveries.push(items), false);
    for (let n = 0; n < 1000; n++) push(n % 3, `campaign ${n % 3}`);
    expect(deliveries).toEqual([]);
    vi.advanceTimersByTime(250);
    expect(deliveries).toEqual([['campaign 0', 'campaign 1', 'campaign 2']]);
    push(1, 'campaign 1');
    vi.advanceTimersByTime(250);
    expect(deliveries).toEqual([['campaign 0', 'campaign 1', 'campaign 2'], ['campaign 1']]);
    vi.advanceTimersByTime(1000);
    expect(deliveries).toHaveLength(2);
  });

  it('flush sends what is held back, once', () => {
    push(1, 'a');
    push(1, 'b');
    coalescer.flush();
    expect(sent()).toEqual(['a', 'b']);
    vi.advanceTimersByTime(1000);
    expect(sent()).toEqual(['a', 'b']);
    push(1, 'c');
    expect(sent()).toEqual(['a', 'b', 'c']);
  });

  it('never lets an older version replace a newer one held back or follow one sent in the window', () => {
    push(1, 'ringing', 1);
    push(1, 'completed', 3);
    // Read before the call ended, published after: dropped, so the end still goes out.
    push(1, 'dialing', 2);
    vi.advanceTimersByTime(250);
    expect(sent()).toEqual(['ringing', 'completed']);
    push(1, 'in progress', 2);
    vi.advanceTimersByTime(250);
    expect(sent()).toEqual(['ringing', 'completed']);
    push(1, 'price known', 4);
    expect(sent()).toEqual(['ringing', 'completed', 'price known']);
  });
});
