import { afterEach, describe, expect, it } from 'vitest';
import type { Callback as CallbackDto, CampaignProspectEntry } from '@ringcast/shared-types';
import { sequelize } from '../src/db/sequelize';
import { CallRecord, Callback } from '../src/db/models';
import { loadCallWithBrief } from '../src/services/agent/agentBrief';
import { runAgentTool } from '../src/services/agent/tools';
import { addToDoNotCall } from '../src/services/calls/doNotCall';
import { recordCallOutcome, settleCall } from '../src/services/calls/settle';
import { setDialerClock } from '../src/services/calls/shared';
import { adminClient } from './helpers/admin';
import { registeredClient } from './helpers/client';
import { callsOf, statisticsMismatch } from './helpers/dialer';
import {
  at,
  dispatchRun,
  finishCall,
  MINUTE,
  prospectOf,
  queuedNumbers,
  useDialerRules,
} from './helpers/dialerRules';

/** Callbacks the agent promises: scheduled when the call settles, placed when due, stopped by the owner. */
const { readyCampaign } = useDialerRules();

afterEach(() => setDialerClock(null));

/** The dialer's clock (the settling code reads it) and a dispatcher run at the same instant. */
async function dispatchAt(instant: Date) {
  setDialerClock(() => instant);
  await dispatchRun(instant);
}

/** The agent records `call_back_later` for `time` on the call, as its tool call does. */
async function promiseCallBack(call: CallRecord, time: string) {
  const state = { call, outcome: null, optedOut: false, endRequested: null, sessionKey: null };
  const args = JSON.stringify({ outcome: 'call_back_later', time });
  expect(await runAgentTool(state, 'record_outcome', args)).toMatchObject({ ok: true });
}

/** The call ends answered by a person, as its final status settles it (under the call's lock). */
async function answeredAndEnded(callId: number, when: Date) {
  await sequelize.transaction(async (transaction) => {
    const call = (await CallRecord.findByPk(callId, { transaction, lock: true }))!;
    Object.assign(call, { status: 'completed', answeredBy: 'human', durationSeconds: 40 });
    Object.assign(call, { dialedAt: when, startedAt: when, endedAt: new Date(when.getTime() + 40_000) });
    await settleCall(call, transaction);
  });
}

const NUMBERS = { promised: '+12127450801', canceled: '+12127450802', handled: '+12127450803' };
const callTo = async (campaignId: number, toNumber: string) =>
  (await CallRecord.findAll({ where: { campaignId, toNumber }, order: [['attempt', 'ASC']] })).at(-1)!;

describe('a call back the agent promised', () => {
  it('is scheduled inside the calling rules, called when due as a promised call, and stopped by the owner', async () => {
    const made = await readyCampaign(Object.values(NUMBERS), { maxAttempts: 1, retryDelayMinutes: 240 });
    const campaignId = made.campaign.id;
    // Wednesday 11:00 in New York: each prospect gets its one attempt.
    const start = at('2026-07-01T15:00:00Z');
    await dispatchAt(start);
    expect(await queuedNumbers(campaignId)).toEqual(Object.values(NUMBERS).sort());

    const first = await callTo(campaignId, NUMBERS.promised);
    await promiseCallBack(first, '2026-07-02T14:00:00-04:00');
    // 06:00 is before the legal window: 08:00 in New York.
    await promiseCallBack(await callTo(campaignId, NUMBERS.canceled), '2026-07-02T06:00:00-04:00');
    // A time already past: a short delay from now.
    await promiseCallBack(await callTo(campaignId, NUMBERS.handled), '2026-07-01T09:00:00-04:00');
    expect(await CallRecord.findByPk(first.id)).toMatchObject({
      outcome: 'call_back_later',
      callbackRequestedFor: at('2026-07-02T18:00:00Z'),
    });
    for (const number of Object.values(NUMBERS)) {
      const { id } = await callTo(campaignId, number);
      // The final status arrives twice at once: one settlement, one callback.
      await Promise.all([answeredAndEnded(id, start), answeredAndEnded(id, start)]);
    }
    expect(await Callback.count({ where: { campaignId } })).toBe(3);
    expect(await statisticsMismatch(campaignId)).toBeNull();

    expect(await prospectOf(campaignId, NUMBERS.promised)).toMatchObject({
      state: 'scheduled',
      reason: 'callback',
      nextAttemptAt: at('2026-07-02T18:00:00Z'),
    });
    const listed = (await made.client.get(`/api/campaigns/${campaignId}/callbacks?status=scheduled`))
      .json as unknown as CallbackDto[];
    expect(listed.map((c) => [c.phoneNumber, c.dueAt, c.status])).toEqual([
      [NUMBERS.handled, '2026-07-01T15:15:00.000Z', 'scheduled'],
      [NUMBERS.canceled, '2026-07-02T12:00:00.000Z', 'scheduled'],
      [NUMBERS.promised, '2026-07-02T18:00:00.000Z', 'scheduled'],
    ]);
    expect(listed[2]).toMatchObject({
      requestedFor: '2026-07-02T18:00:00.000Z',
      requestedOnCallId: first.id,
      timeZone: 'America/New_York',
    });
    // The call log's CSV says when each promised call back is due.
    const csv = (await made.client.get(`/api/campaigns/${campaignId}/calls.csv`)).text.trim().split('\n');
    expect(csv[0]).toMatch(/,Call back at \(UTC\)/);
    // No transfer, no message; the analysis columns follow.
    expect(csv.find((line) => line.includes(NUMBERS.promised))).toMatch(/,2026-07-02T18:00:00\.000Z,,,,,/);
    // The prospects table shows the promised time with reason `callback`.
    const prospects = (await made.client.get(`/api/campaigns/${campaignId}/prospects?pageSize=10`))
      .json as unknown as CampaignProspectEntry[];
    expect(prospects.find((p) => p.phoneNumber === NUMBERS.promised)).toMatchObject({
      state: 'scheduled',
      reason: 'callback',
      nextAttemptAt: '2026-07-02T18:00:00.000Z',
    });

    // The owner stops two of them; a second answer is a conflict; another customer's is missing.
    const [canceled, handled] = [listed[1]!, listed[0]!];
    const stranger = await registeredClient(made.client.baseUrl);
    expect((await stranger.client.post(`/api/callbacks/${canceled.id}/cancel`, {})).status).toBe(404);
    expect((await stranger.client.get(`/api/campaigns/${campaignId}/callbacks`)).status).toBe(404);
    const admin = await adminClient(made.client.baseUrl);
    expect((await admin.client.get(`/api/campaigns/${campaignId}/callbacks`)).json).toHaveLength(3);
    const cancel = await made.client.post(`/api/callbacks/${canceled.id}/cancel`, {});
    expect(cancel.status).toBe(200);
    expect(cancel.json).toMatchObject({ status: 'canceled' });
    const again = await made.client.post(`/api/callbacks/${canceled.id}/cancel`, {});
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ error: 'This callback is no longer scheduled' });
    expect((await made.client.post(`/api/callbacks/${handled.id}/handled`, {})).json).toMatchObject({
      status: 'handled',
    });
    expect(await prospectOf(campaignId, NUMBERS.canceled)).toMatchObject({
      state: 'done',
      nextAttemptAt: null,
    });

    // At their due times nothing is dialed for the stopped ones; the promised one waits for its own.
    for (const instant of ['2026-07-01T15:15:00Z', '2026-07-02T12:00:00Z', '2026-07-02T17:59:00Z'])
      await dispatchAt(at(instant));
    expect(await callsOf(campaignId)).toHaveLength(3);
    await dispatchAt(at('2026-07-02T18:00:00Z'));
    expect(await queuedNumbers(campaignId)).toEqual([NUMBERS.promised]);

    // Called though its one attempt is used, as the promised call, and its agent is told so.
    const kept = await callTo(campaignId, NUMBERS.promised);
    const promise = await Callback.findOne({ where: { campaignId, requestedOnCallId: first.id } });
    expect(kept).toMatchObject({ attempt: 2, callbackId: promise!.id });
    expect(promise).toMatchObject({ status: 'called', calledOnCallId: kept.id, heldProspectId: null });
    const { brief } = (await loadCallWithBrief(kept.id))!;
    expect(brief.promisedCallback).toBe('This is the call back they asked for on Jul 1.');

    // Nobody answers: one more try the retry delay later (18:00 in New York), then done with.
    await finishCall(kept.id, 'no_answer', at('2026-07-02T18:00:00Z'));
    expect(await prospectOf(campaignId, NUMBERS.promised)).toMatchObject({
      state: 'scheduled',
      reason: 'callback',
      nextAttemptAt: at('2026-07-02T22:00:00Z'),
    });
    await dispatchAt(at('2026-07-02T22:00:00Z'));
    const retried = await callTo(campaignId, NUMBERS.promised);
    expect(retried).toMatchObject({ attempt: 3, callbackId: promise!.id, status: 'queued' });
    await finishCall(retried.id, 'no_answer', at('2026-07-02T22:00:00Z'));
    expect(await prospectOf(campaignId, NUMBERS.promised)).toMatchObject({
      state: 'done',
      nextAttemptAt: null,
    });
    await dispatchAt(at('2026-07-03T22:00:00Z'));
    expect(await callsOf(campaignId)).toHaveLength(5);
    expect(await statisticsMismatch(campaignId)).toBeNull();
  });

  it('keeps its promise when the calling rules change, moved inside the new hours', async () => {
    const made = await readyCampaign(['+12127450811'], { maxAttempts: 1 });
    const campaignId = made.campaign.id;
    const start = at('2026-07-01T15:00:00Z');
    await dispatchAt(start);
    const call = await callTo(campaignId, '+12127450811');
    await promiseCallBack(call, '2026-07-02T09:00:00-04:00');
    await answeredAndEnded(call.id, start);
    expect(await prospectOf(campaignId, '+12127450811')).toMatchObject({
      nextAttemptAt: at('2026-07-02T13:00:00Z'),
    });

    const changed = await made.client.request('PUT', `/api/campaigns/${campaignId}`, {
      callingHoursStart: '10:00',
      callingHoursEnd: '16:00',
    });
    expect(changed.status).toBe(200);
    // Not made due at once (it would be called now): 10:00 in New York, the new opening.
    expect(await prospectOf(campaignId, '+12127450811')).toMatchObject({
      state: 'scheduled',
      nextAttemptAt: at('2026-07-02T14:00:00Z'),
    });
    expect(await Callback.findOne({ where: { campaignId } })).toMatchObject({
      dueAt: at('2026-07-02T14:00:00Z'),
    });
    await dispatchAt(new Date(start.getTime() + MINUTE));
    expect(await callsOf(campaignId)).toHaveLength(1);
  });

  it('is canceled with its prospect when the number goes on the do-not-call list', async () => {
    const made = await readyCampaign(['+12127450821'], { maxAttempts: 1 });
    const campaignId = made.campaign.id;
    const start = at('2026-07-01T15:00:00Z');
    await dispatchAt(start);
    const call = await callTo(campaignId, '+12127450821');
    await promiseCallBack(call, '2026-07-02T14:00:00-04:00');
    await answeredAndEnded(call.id, start);
    await sequelize.transaction((transaction) =>
      addToDoNotCall(
        { userId: made.user.id },
        ['+12127450821'],
        { source: 'manual', reason: null, callRecordId: null },
        transaction,
      ),
    );
    expect(await Callback.findOne({ where: { campaignId } })).toMatchObject({
      status: 'canceled',
      heldProspectId: null,
    });
    expect(await prospectOf(campaignId, '+12127450821')).toMatchObject({
      state: 'skipped',
      nextAttemptAt: null,
    });
    await dispatchAt(at('2026-07-02T18:00:00Z'));
    expect(await callsOf(campaignId)).toHaveLength(1);
  });

  it('is scheduled when the agent records it just after its call settled', async () => {
    const made = await readyCampaign(['+12127450831'], { maxAttempts: 1 });
    const campaignId = made.campaign.id;
    const start = at('2026-07-01T15:00:00Z');
    await dispatchAt(start);
    const call = await callTo(campaignId, '+12127450831');
    const sessionKey = 'k'.repeat(22);
    await CallRecord.update({ relaySessionKey: sessionKey }, { where: { id: call.id } });
    await answeredAndEnded(call.id, start);
    expect(await prospectOf(campaignId, '+12127450831')).toMatchObject({ state: 'done' });
    // The session's last tool call lands after the final status: only that session may still write.
    await recordCallOutcome(call.id, 'call_back_later', { callbackAt: '2026-07-02T14:00:00-04:00' });
    expect(await Callback.count({ where: { campaignId } })).toBe(0);
    for (const _ of [1, 2])
      await recordCallOutcome(call.id, 'call_back_later', {
        sessionKey,
        callbackAt: '2026-07-02T14:00:00-04:00',
      });
    expect(await Callback.count({ where: { campaignId } })).toBe(1);
    expect(await prospectOf(campaignId, '+12127450831')).toMatchObject({
      state: 'scheduled',
      reason: 'callback',
      nextAttemptAt: at('2026-07-02T18:00:00Z'),
    });
    expect(await statisticsMismatch(campaignId)).toBeNull();
    await dispatchAt(at('2026-07-02T18:00:00Z'));
    expect(await queuedNumbers(campaignId)).toEqual(['+12127450831']);
  });
});
