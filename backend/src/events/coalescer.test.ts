import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Coalescer } from './coalescer';

describe('Coalescer', () => {
  let sent: string[];
  let coalescer: Coalescer;
  const push = (key: string, value: string) => coalescer.push(key, () => sent.push(value));

  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    coalescer = new Coalescer(250);
  });
  afterEach(() => vi.useRealTimers());

  it('sends the first at once and merges the rest of the window into one trailing send of the latest', () => {
    push('call:1', 'a');
    expect(sent).toEqual(['a']);
    push('call:1', 'b');
    push('call:1', 'c');
    vi.advanceTimersByTime(249);
    expect(sent).toEqual(['a']);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual(['a', 'c']);
  });

  it('keeps at most one send per key per window while pushes keep coming', () => {
    for (let ms = 0; ms < 1000; ms += 10) {
      push('call:1', `v${ms}`);
      vi.advanceTimersByTime(10);
    }
    vi.advanceTimersByTime(250);
    // One at once, then one per window, the last carrying the latest value.
    expect(sent.length).toBeLessThanOrEqual(5);
    expect(sent.at(-1)).toBe('v990');
  });

  it('sends at once again once a quiet window has passed', () => {
    push('call:1', 'a');
    vi.advanceTimersByTime(250);
    push('call:1', 'b');
    expect(sent).toEqual(['a', 'b']);
  });

  it('keeps keys apart', () => {
    push('call:1', 'a1');
    push('call:2', 'b1');
    push('call:1', 'a2');
    expect(sent).toEqual(['a1', 'b1']);
    vi.advanceTimersByTime(250);
    expect(sent).toEqual(['a1', 'b1', 'a2']);
  });

  it('flush sends what is held back, once', () => {
    push('call:1', 'a');
    push('call:1', 'b');
    coalescer.flush();
    expect(sent).toEqual(['a', 'b']);
    vi.advanceTimersByTime(1000);
    expect(sent).toEqual(['a', 'b']);
    push('call:1', 'c');
    expect(sent).toEqual(['a', 'b', 'c']);
  });

  it('never lets an older version replace a newer one held back or follow one sent in the window', () => {
    const versioned = (value: string, version: number) =>
      coalescer.push('call:1', () => sent.push(value), version);
    versioned('ringing', 1);
    versioned('completed', 3);
    // Read before the call ended, published after: dropped, so the end still goes out.
    versioned('dialing', 2);
    vi.advanceTimersByTime(250);
    expect(sent).toEqual(['ringing', 'completed']);
    versioned('in progress', 2);
    vi.advanceTimersByTime(250);
    expect(sent).toEqual(['ringing', 'completed']);
    versioned('price known', 4);
    expect(sent).toEqual(['ringing', 'completed', 'price known']);
  });
});
