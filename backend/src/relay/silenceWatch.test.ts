import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { config } from '../config';
import { SilenceWatch, speakingMs } from './silenceWatch';

const SILENCE_MS = 10_000;

function watch() {
  const said: string[] = [];
  const watcher = new SilenceWatch(SILENCE_MS, {
    ask: () => {
      said.push('ask');
      return 'Are you still there?';
    },
    giveUp: () => said.push('goodbye'),
  });
  return { watcher, said };
}

describe('SilenceWatch', () => {
  const scale = config.sandboxTimeScale;
  beforeEach(() => {
    vi.useFakeTimers();
    config.sandboxTimeScale = 1;
  });
  afterEach(() => {
    vi.useRealTimers();
    config.sandboxTimeScale = scale;
  });

  it('counts the silence once the greeting is heard, asks once, then ends the call', () => {
    const { watcher, said } = watch();
    const greeting = 'Hello, this is Ava, an AI assistant.';
    watcher.agentSaid(greeting);
    vi.advanceTimersByTime(speakingMs(greeting) + SILENCE_MS - 1);
    expect(said).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(said).toEqual(['ask']);
    vi.advanceTimersByTime(speakingMs('Are you still there?') + SILENCE_MS);
    expect(said).toEqual(['ask', 'goodbye']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('starts over whenever the caller speaks, and never counts while a reply is made', () => {
    const { watcher, said } = watch();
    watcher.agentSaid('Hello.');
    vi.advanceTimersByTime(speakingMs('Hello.') + SILENCE_MS);
    expect(said).toEqual(['ask']);
    watcher.callerActive();
    watcher.replyStarted();
    vi.advanceTimersByTime(10 * SILENCE_MS);
    expect(said).toEqual(['ask']);
    watcher.replyEnded('Glad you are still with me.');
    vi.advanceTimersByTime(speakingMs('Glad you are still with me.') + SILENCE_MS);
    // Answered, so the next silence asks again rather than hanging up.
    expect(said).toEqual(['ask', 'ask']);
  });

  it('tells how long the line was silent from our words heard to the caller beginning to speak, nothing while a reply is made', () => {
    const { watcher } = watch();
    expect(watcher.silenceBefore('Yes.')).toBeNull();
    const said = performance.now();
    watcher.agentSaid('Hello there.');
    const heard = said + speakingMs('Hello there.');
    expect(watcher.silenceBefore('Yes.', heard - 100)).toBe(0);
    // Heard 4 s later, words that took a while to say began that much earlier.
    const answer = 'Yes, I am here.';
    const silence = watcher.silenceBefore(answer, heard + 4_000 + speakingMs(answer))!;
    expect(Math.abs(silence - 4_000)).toBeLessThan(50);
    watcher.replyStarted();
    expect(watcher.silenceBefore('Yes.', heard + 5_000)).toBeNull();
  });

  it('leaves no timer behind once stopped', () => {
    const { watcher, said } = watch();
    watcher.agentSaid('Hello.');
    expect(vi.getTimerCount()).toBe(1);
    watcher.stop();
    expect(vi.getTimerCount()).toBe(0);
    watcher.replyEnded('Anything.');
    vi.advanceTimersByTime(10 * SILENCE_MS);
    expect(said).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
