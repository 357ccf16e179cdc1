import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallDetail, CallRecord } from '@ringcast/shared-types';
import type { CallPageQuery } from '../api/calls';
import { createLiveCallsStore, MAX_EARLY_CALLS, MAX_FINISHED_CONVERSATIONS } from './liveCallsStore';
import { callDetail, callRecord, turn } from './testing/calls';

const at = (second: number) => new Date(Date.parse('2026-11-26T10:00:00.000Z') + second * 1000).toISOString();

describe('the live calls store', () => {
  // What the server holds: the calls (by id) and their turns.
  let calls: Map<number, CallRecord>;
  let transcripts: Map<number, ReturnType<typeof turn>[]>;
  const readCalls = vi.fn(async (_campaignId: number, query: CallPageQuery) => {
    const items = [...calls.values()].filter((c) => c.status === query.status);
    return { items, total: items.length };
  });
  const readCall = vi.fn(async (id: number): Promise<CallDetail> => {
    const call = calls.get(id);
    if (!call) throw new Error('404: {"error":"Call not found"}');
    return callDetail(call, transcripts.get(id) ?? []);
  });
  const useLive = createLiveCallsStore({ readCalls, readCall });
  const live = () => useLive.getState();
  const settled = () =>
    vi.waitFor(() => expect(readCall.mock.results.every((r) => r.type !== 'incomplete')).toBe(true));
  const shown = () =>
    live().conversations.map((c) => ({
      id: c.call.id,
      status: c.call.status,
      seqs: c.turns.map((t) => t.seq),
    }));
  let hide: (() => void) | undefined;

  beforeEach(() => {
    calls = new Map();
    transcripts = new Map();
    readCalls.mockClear();
    readCall.mockClear();
  });
  afterEach(() => {
    hide?.();
    hide = undefined;
  });

  it('opens on the calls in flight with the transcript so far', async () => {
    calls.set(1, callRecord(1, { status: 'in_progress', createdAt: at(0) }));
    calls.set(2, callRecord(2, { status: 'ringing', createdAt: at(5) }));
    calls.set(3, callRecord(3, { status: 'completed' }));
    transcripts.set(1, [turn(0), turn(1)]);
    hide = live().show(1);
    await vi.waitFor(() => expect(live().status).toBe('ready'));
    await settled();
    expect(readCalls.mock.calls.map(([, q]) => q.status).sort()).toEqual(['in_progress', 'ringing']);
    // Only the answered call has said anything.
    expect(readCall.mock.calls.map(([id]) => id)).toEqual([1]);
    expect(shown()).toEqual([
      { id: 2, status: 'ringing', seqs: [] },
      { id: 1, status: 'in_progress', seqs: [0, 1] },
    ]);
  });

  it('grows a transcript turn by turn, once per seq, whether a push or a read brings a turn first', async () => {
    hide = live().show(1);
    await vi.waitFor(() => expect(live().status).toBe('ready'));
    live().callPushed(callRecord(7, { status: 'ringing' }));
    live().turnPushed({ callId: 7, turn: turn(0) });
    live().turnPushed({ callId: 7, turn: turn(0) });
    live().turnPushed({ callId: 7, turn: turn(1) });
    expect(shown()).toEqual([{ id: 7, status: 'ringing', seqs: [0, 1] }]);

    // Turns of a call not known yet (its push is on its way) are kept until it arrives.
    live().turnPushed({ callId: 8, turn: turn(1) });
    live().turnPushed({ callId: 8, turn: turn(0) });
    calls.set(8, callRecord(8, { status: 'in_progress', createdAt: at(3), updatedAt: at(20) }));
    transcripts.set(8, [turn(0), turn(1), turn(2)]);
    live().callPushed(calls.get(8)!);
    expect(shown()[0]).toEqual({ id: 8, status: 'in_progress', seqs: [0, 1] });
    // Shown already answered: what was said before the page heard it is read.
    await settled();
    expect(shown()[0]).toEqual({ id: 8, status: 'in_progress', seqs: [0, 1, 2] });
    expect(readCall).toHaveBeenCalledTimes(1);
  });

  it('shows the outcome and summary when a call ends, and reads the call again when the summary comes later', async () => {
    hide = live().show(1);
    await vi.waitFor(() => expect(live().status).toBe('ready'));
    live().callPushed(callRecord(5, { status: 'ringing' }));
    live().turnPushed({ callId: 5, turn: turn(0) });

    const ended = callRecord(5, {
      status: 'completed',
      outcome: 'appointment_booked',
      endedBy: 'agent',
      endedReason: 'agent_hangup',
      endedAt: at(40),
      updatedAt: at(40),
    });
    calls.set(5, ended);
    transcripts.set(5, [turn(0), turn(1), turn(2)]);
    live().callPushed(ended);
    await settled();
    expect(readCall).toHaveBeenCalledTimes(1);
    expect(live().conversations[0]).toMatchObject({ call: { outcome: 'appointment_booked', summary: null } });
    expect(shown()).toEqual([{ id: 5, status: 'completed', seqs: [0, 1, 2] }]);

    // An older copy (a coalesced push that lost the race) changes nothing.
    live().callPushed(callRecord(5, { status: 'in_progress', updatedAt: at(30) }));
    expect(shown()[0]!.status).toBe('completed');

    const summarized = { ...ended, summary: 'Booked a viewing. Friday at 10.', updatedAt: at(45) };
    calls.set(5, summarized);
    live().callPushed(summarized);
    await settled();
    expect(readCall).toHaveBeenCalledTimes(2);
    expect(live().conversations[0]!.call.summary).toBe('Booked a viewing. Friday at 10.');
  });

  it('drops a call that rang out, and keeps only the last finished conversations', async () => {
    hide = live().show(1);
    await vi.waitFor(() => expect(live().status).toBe('ready'));
    live().callPushed(callRecord(1, { status: 'ringing' }));
    live().callPushed(callRecord(1, { status: 'no_answer', updatedAt: at(30) }));
    expect(shown()).toEqual([]);

    const total = MAX_FINISHED_CONVERSATIONS + 3;
    for (let id = 10; id < 10 + total; id++) {
      const done = callRecord(id, { status: 'completed', endedAt: at(id), updatedAt: at(id) });
      calls.set(id, done);
      live().callPushed(callRecord(id, { status: 'in_progress' }));
      live().callPushed(done);
    }
    await settled();
    expect(live().conversations).toHaveLength(MAX_FINISHED_CONVERSATIONS);
    expect(live().conversations[0]!.call.id).toBe(10 + total - 1);
    expect(live().conversations.at(-1)!.call.id).toBe(13);
  });

  it('keeps turns of unknown calls within bounds, ignores other campaigns and answers that come after it left', async () => {
    hide = live().show(1);
    await vi.waitFor(() => expect(live().status).toBe('ready'));
    for (let id = 100; id <= 100 + MAX_EARLY_CALLS; id++) live().turnPushed({ callId: id, turn: turn(0) });
    // The first call's early turns were forgotten; the latest's are kept.
    live().callPushed(callRecord(100, { status: 'ringing' }));
    live().callPushed(callRecord(100 + MAX_EARLY_CALLS, { status: 'ringing' }));
    expect(shown().map((c) => c.seqs)).toEqual([[], [0]]);

    live().callPushed(callRecord(200, { campaignId: 2, status: 'ringing' }));
    expect(shown().map((c) => c.id)).not.toContain(200);

    calls.set(300, callRecord(300, { status: 'in_progress' }));
    live().callPushed(calls.get(300)!);
    hide();
    hide = undefined;
    await settled();
    expect(live()).toMatchObject({ campaignId: null, conversations: [], status: 'idle' });
  });

  it('after a reconnect reads how a call it held as live ended', async () => {
    calls.set(4, callRecord(4, { status: 'in_progress' }));
    hide = live().show(1);
    await vi.waitFor(() => expect(live().status).toBe('ready'));
    await settled();
    // Its end was pushed while the socket was down.
    calls.set(4, callRecord(4, { status: 'completed', outcome: 'not_interested', updatedAt: at(50) }));
    transcripts.set(4, [turn(0), turn(1)]);
    await live().refresh();
    expect(live().conversations[0]).toMatchObject({
      call: { status: 'completed', outcome: 'not_interested' },
    });
    expect(shown()[0]!.seqs).toEqual([0, 1]);
  });
});
