import { describe, expect, it } from 'vitest';
import { CALCOM_MESSAGES } from '@ringcast/shared-types';
import { connectProblem, eventTypesProblem, keyEnding } from './calcomForm';

describe('the Cal.com form, checked by the shared schemas', () => {
  it('asks for a key before loading event types', () => {
    expect(eventTypesProblem('  ')).toBe(CALCOM_MESSAGES.apiKeyRequired);
    expect(eventTypesProblem('cal_sandbox_abc')).toBeNull();
  });

  it('asks for a key and an event type before connecting', () => {
    expect(connectProblem('', 3)).toBe(CALCOM_MESSAGES.apiKeyRequired);
    expect(connectProblem('cal_live_abc', null)).toBe(CALCOM_MESSAGES.eventTypeRequired);
    expect(connectProblem('cal_live_abc', 3)).toBeNull();
  });

  it('shows only the end of a stored key', () => {
    expect(keyEnding('1a2b')).toBe('•••• 1a2b');
    expect(keyEnding(null)).toBe('••••');
  });
});
