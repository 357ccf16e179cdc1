import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallDetail, CallRecord } from '@ringcast/shared-types';
import { CALL_DRAWER_REREAD_MS, createCallDrawerStore } from './callDrawerStore';
import { callDetail, callRecord, turn } from './testing/calls';

const at = (second: number) => new Date(Date.parse('2026-11-26T10:00:00.000Z') + second * 1000).toISOString();

describe('the call drawer store', () => {
  let server: CallDetail;
  const readCall = vi.fn(async (): Promise<CallDetail> => structuredClone(server));
  const useDrawer = createCallDrawerStore(readCall);
  const drawer = () => useDrawer.getState();
  const seqs = () => drawer().turns.map((t) => t.seq);

  beforeEach(() => {
    vi.useFakeTimers();
    readCall.mockClear();
    server = callDetail(callRecord(1, { status: 'in_progress', updatedAt: at(10) }), [turn(0), turn(1)]);
  });
  afterEach(() => {
    drawer().close();
    vi.useRealTimers();
  });

  it('opens on the row it was given, then shows the call read with its transcript', async () => {
    const row: CallRecord = callRecord(1, { status: 'ringing' });
    drawer().open(row);
    expect(drawer()).toMatchObject({ call: row, turns: [], status: 'loading' });
    await vi.advanceTimersByTimeAsync(0);
    expect(drawer()).toMatchObject({ call: { status: 'in_progress' }, status: 'ready' });
    expect(seqs()).toEqual([0, 1]);
  });

  it('appends live turns once each, and reads the final call when it ends and when its summary comes', async () => {
    drawer().open(callRecord(1));
    await vi.advanceTimersByTimeAsync(0);
    drawer().turnPushed({ callId: 1, turn: turn(1) });
    drawer().turnPushed({ callId: 1, turn: turn(2) });
    drawer().turnPushed({ callId: 9, turn: turn(3) });
    expect(seqs()).toEqual([0, 1, 2]);
    expect(readCall).toHaveBeenCalledTimes(1);

    const ended = callRecord(1, { status: 'completed', outcome: 'interested', updatedAt: at(40) });
    server = callDetail(ended, [turn(0), turn(1), turn(2), turn(3)]);
    drawer().callPushed(ended);
    expect(drawer().call?.outcome).toBe('interested');
    await vi.advanceTimersByTimeAsync(0);
    expect(readCall).toHaveBeenCalledTimes(2);
    expect(seqs()).toEqual([0, 1, 2, 3]);

    // Another call's push, or an older copy of this one, changes nothing.
    drawer().callPushed(callRecord(2, { status: 'completed', updatedAt: at(50) }));
    drawer().callPushed(callRecord(1, { status: 'in_progress', updatedAt: at(20) }));
    expect(drawer().call?.status).toBe('completed');
    expect(readCall).toHaveBeenCalledTimes(2);

    const summarized = { ...ended, summary: 'Wants a quote. Call on Monday.', updatedAt: at(45) };
    server = callDetail(summarized, server.transcript);
    drawer().callPushed(summarized);
    await vi.advanceTimersByTimeAsync(0);
    expect(readCall).toHaveBeenCalledTimes(3);
    expect(drawer().call?.summary).toBe('Wants a quote. Call on Monday.');
  });

  it("for an admin, reads a running call again once per burst of its campaign's changes, and a summarized one never", async () => {
    drawer().open(callRecord(1));
    await vi.advanceTimersByTimeAsync(0);
    drawer().campaignChanged(1);
    drawer().campaignChanged(1);
    drawer().campaignChanged(2);
    server = callDetail(
      callRecord(1, { status: 'completed', summary: 'Not interested. Polite.', updatedAt: at(60) }),
      [turn(0)],
    );
    await vi.advanceTimersByTimeAsync(CALL_DRAWER_REREAD_MS);
    expect(readCall).toHaveBeenCalledTimes(2);
    expect(drawer().call?.summary).toBe('Not interested. Polite.');
    drawer().campaignChanged(1);
    await vi.advanceTimersByTimeAsync(CALL_DRAWER_REREAD_MS);
    expect(readCall).toHaveBeenCalledTimes(2);
  });

  it('drops the answer for a call whose drawer closed or that another replaced', async () => {
    let answer: (detail: CallDetail) => void = () => {};
    readCall.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    drawer().open(callRecord(1));
    drawer().open(callRecord(2));
    answer(server);
    await vi.advanceTimersByTimeAsync(0);
    expect(drawer().call?.id).toBe(2);
    drawer().close();
    expect(drawer()).toMatchObject({ call: null, turns: [], status: 'idle' });
  });
});
