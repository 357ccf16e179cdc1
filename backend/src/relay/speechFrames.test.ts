import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RelayTextFrame } from '@ringcast/shared-types';
import { SpeechFrames } from './speechFrames';

function frames(gatherMs: number) {
  const sent: RelayTextFrame[] = [];
  return { speech: new SpeechFrames((frame) => sent.push(frame), gatherMs), sent };
}

describe('SpeechFrames', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the first piece at once and gathers the next ones for the window', () => {
    const { speech, sent } = frames(40);
    speech.speak('Thank ', false);
    expect(sent).toEqual([{ type: 'text', token: 'Thank ', last: false }]);
    speech.speak('you. ', false);
    vi.advanceTimersByTime(15);
    speech.speak('When ', false);
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(25);
    expect(sent.at(-1)).toEqual({ type: 'text', token: 'you. When ', last: false });
    speech.speak('did ', false);
    vi.advanceTimersByTime(40);
    expect(sent.at(-1)!.token).toBe('did ');
    // A window that ends with nothing waiting closes: the next piece goes at once.
    vi.advanceTimersByTime(40);
    speech.speak('you ', false);
    expect(sent.at(-1)!.token).toBe('you ');
  });

  it('closes a reply at once with what waits, in one frame', () => {
    const { speech, sent } = frames(40);
    speech.speak('Goodbye ', false);
    speech.speak('now.', false);
    speech.speak('', true);
    expect(sent).toEqual([
      { type: 'text', token: 'Goodbye ', last: false },
      { type: 'text', token: 'now.', last: true },
    ]);
    vi.advanceTimersByTime(100);
    expect(sent).toHaveLength(2);
  });

  it('never sends what waited when the caller talked over the agent', () => {
    const { speech, sent } = frames(40);
    speech.speak('Our ', false);
    speech.speak('clinic ', false);
    speech.drop();
    vi.advanceTimersByTime(100);
    expect(sent.map((f) => f.token)).toEqual(['Our ']);
  });

  it('with no window, gathers only the pieces of one event-loop turn', () => {
    const { speech, sent } = frames(0);
    speech.speak('a ', false);
    speech.speak('b ', false);
    speech.speak('c ', false);
    vi.runOnlyPendingTimers();
    expect(sent.map((f) => f.token)).toEqual(['a ', 'b c ']);
  });
});
