import { describe, expect, it } from 'vitest';
import { validateInput } from './validate';
import { AGENT_TOOL_DEFINITIONS, AGENT_TOOL_NAMES, agentToolArgumentSchemas } from './agentTools';

describe('agent tools', () => {
  it('defines every tool for the model', () => {
    expect(AGENT_TOOL_DEFINITIONS.map((tool) => tool.function.name)).toEqual([...AGENT_TOOL_NAMES]);
  });

  it.each([
    [{ outcome: 'interested' }, true],
    [{ outcome: 'appointment_booked', time: '2026-11-24T10:00:00-05:00' }, true],
    [{ outcome: 'appointment_booked' }, false],
    [{ outcome: 'call_back_later', time: 'tomorrow' }, false],
    [{ outcome: 'maybe' }, false],
    [{ outcome: 'interested', extra: 1 }, true],
  ])('record_outcome %j -> %s', async (args, ok) => {
    expect((await validateInput(agentToolArgumentSchemas.record_outcome, args)).ok).toBe(ok);
  });
});
