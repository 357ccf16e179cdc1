import { describe, expect, it } from 'vitest';
import { validateInput } from './validate';
import {
  AGENT_TOOL_DEFINITIONS,
  AGENT_TOOL_NAMES,
  agentToolArgumentSchemas,
  agentToolDefinitions,
} from './agentTools';

describe('agent tools', () => {
  it('defines every tool for the model', () => {
    const names = agentToolDefinitions(true, ['Sales']).map((tool) => tool.function.name);
    expect(names).toEqual([...AGENT_TOOL_NAMES]);
    expect(AGENT_TOOL_DEFINITIONS.map((tool) => tool.function.name)).toEqual(
      AGENT_TOOL_NAMES.filter((name) => name !== 'transfer_call'),
    );
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

describe('booking tools', () => {
  it('are sent only to a booking campaign', () => {
    const names = (bookings: boolean) => agentToolDefinitions(bookings).map((tool) => tool.function.name);
    expect(names(true)).toEqual(AGENT_TOOL_NAMES.filter((name) => name !== 'transfer_call'));
    expect(names(false)).toEqual(['record_outcome', 'add_to_do_not_call', 'end_call']);
  });
});

describe('transfer_call', () => {
  it('is sent only with somewhere to transfer to, its labels the only choices', () => {
    expect(agentToolDefinitions(false).some((tool) => tool.function.name === 'transfer_call')).toBe(false);
    const transfer = agentToolDefinitions(false, ['Sales', 'Support']).at(-1)!;
    expect(transfer.function.name).toBe('transfer_call');
    expect(transfer.function.parameters.properties).toMatchObject({
      destination: { type: 'string', enum: ['Sales', 'Support'] },
    });
  });

  it.each([
    [{ destination: 'Sales', reason: 'wants a quote' }, true],
    [{ destination: 'Sales' }, false],
    [{ reason: 'wants a quote' }, false],
    [{ destination: 'x'.repeat(41), reason: 'r' }, false],
  ])('%j -> %s', async (args, ok) => {
    expect((await validateInput(agentToolArgumentSchemas.transfer_call, args)).ok).toBe(ok);
  });

  it.each([
    [{ from: '2026-12-08' }, true],
    [{ from: '2026-12-08T09:00', to: '2026-12-09', partOfDay: 'morning' }, true],
    [{ from: 'tomorrow' }, false],
    [{ from: '2026-12-08', partOfDay: 'night' }, false],
    [{}, false],
  ])('check_availability %j -> %s', async (args, ok) => {
    expect((await validateInput(agentToolArgumentSchemas.check_availability, args)).ok).toBe(ok);
  });

  it.each([
    [{ startsAt: '2026-12-08T09:00:00-08:00', name: 'Bella Booker' }, true],
    [{ startsAt: '2026-12-08T09:00:00-08:00', name: 'Bella', email: 'bella@example.com', note: 'new' }, true],
    [{ startsAt: '2026-12-08T09:00:00-08:00', name: 'Bella', email: 'not an email' }, false],
    [{ startsAt: 'tomorrow at nine', name: 'Bella' }, false],
    [{ startsAt: '2026-12-08T09:00:00-08:00' }, false],
  ])('book_appointment %j -> %s', async (args, ok) => {
    expect((await validateInput(agentToolArgumentSchemas.book_appointment, args)).ok).toBe(ok);
  });
});
