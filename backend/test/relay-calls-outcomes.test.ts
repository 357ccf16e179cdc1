import { describe, expect, it } from 'vitest';
import type { DashboardStats } from '@ringcast/shared-types';
import { config } from '../src/config';
import { CallRecord, Campaign } from '../src/db/models';
import { runAgentTool } from '../src/services/agent/tools';
import { applyCallEvents } from '../src/services/calls/events';
import { recordCallOutcome } from '../src/services/calls/settle';
import { recordCallEnd } from '../src/services/agent/callEnd';
import { counted, reloaded, useRelayCalls } from './helpers/relayCalls';
import { statisticsMismatch } from './helpers/statistics';

/** A call's outcome is counted once, in any order of its events; and who ended it, and why, is stored. */
const { account, liveCall, relayEnded, finalStatus } = useRelayCalls();

describe('the outcome is counted exactly once', () => {
  it('recorded by the agent before the final status', async () => {
    const { call, campaign } = await liveCall();
    const state = {
      call,
      outcome: null,
      optedOut: false,
      endRequested: null,
      sessionKey: call.relaySessionKey,
    };
    expect(
      await runAgentTool(
        state,
        'record_outcome',
        '{"outcome":"appointment_booked","time":"2026-12-01T10:00:00-05:00"}',
      ),
    ).toMatchObject({ ok: true });
    expect(await counted(campaign.id)).toBe(0);
    await finalStatus(call);
    await finalStatus(call);
    expect(await reloaded(call)).toMatchObject({ successful: true, outcome: 'appointment_booked' });
    expect(await counted(campaign.id)).toBe(1);
    expect(await statisticsMismatch(campaign.id)).toBeNull();
  });

  it('recorded after the final status, by the agent and by a repeated relay-ended', async () => {
    const { call, campaign } = await liveCall();
    await finalStatus(call, 'completed', 95);
    // The agent was on the line: a long call with no outcome is no success.
    expect(await reloaded(call)).toMatchObject({ status: 'completed', successful: false });
    expect(await counted(campaign.id)).toBe(0);
    const sessionKey = call.relaySessionKey;
    await recordCallOutcome(call.id, 'interested', { sessionKey });
    await Promise.all(
      [1, 2, 3].map(() => relayEnded(call, { reason: 'agent_hangup', outcome: 'interested' })),
    );
    await recordCallOutcome(call.id, 'interested', { sessionKey });
    expect(await reloaded(call)).toMatchObject({ successful: true });
    expect(await counted(campaign.id)).toBe(1);
    expect(await statisticsMismatch(campaign.id)).toBeNull();
  });

  it('with two outcomes, the handoff and the final status racing, on many calls at once', async () => {
    const owner = await liveCall();
    const calls = [
      owner.call,
      ...(await Promise.all([1, 2, 3, 4, 5].map(() => liveCall({ owner }))).then((c) =>
        c.map((x) => x.call),
      )),
    ];
    await Promise.all(
      calls.flatMap((call) => [
        recordCallOutcome(call.id, 'interested', { sessionKey: call.relaySessionKey }),
        recordCallOutcome(call.id, 'appointment_booked', { sessionKey: call.relaySessionKey }),
        relayEnded(call, { reason: 'agent_hangup', outcome: 'interested' }),
        finalStatus(call),
      ]),
    );
    for (const call of calls) expect((await reloaded(call)).successful).toBe(true);
    expect(await counted(owner.campaign.id)).toBe(calls.length);
    expect(await statisticsMismatch(owner.campaign.id)).toBeNull();

    // The dashboard sums the call records: the same number as the campaign's card.
    const dashboard = (await owner.client.get('/api/dashboard?days=30')).json as unknown as DashboardStats;
    const row = dashboard.campaigns.find((c) => c.id === owner.campaign.id)!;
    expect(row).toMatchObject({ totalCalls: calls.length, successfulCalls: calls.length });
  });

  it('a later outcome that is no success takes the count back, once', async () => {
    const { call, campaign } = await liveCall();
    const sessionKey = call.relaySessionKey;
    await finalStatus(call);
    await recordCallOutcome(call.id, 'interested', { sessionKey });
    expect(await counted(campaign.id)).toBe(1);
    const state = { call, outcome: 'interested' as const, optedOut: false, endRequested: null, sessionKey };
    await Promise.all([
      runAgentTool(state, 'add_to_do_not_call', '{}'),
      recordCallOutcome(call.id, 'do_not_call', { sessionKey }),
      relayEnded(call, { reason: 'agent_hangup', outcome: 'interested' }),
    ]);
    expect(await reloaded(call)).toMatchObject({ outcome: 'do_not_call', successful: false });
    expect(await counted(campaign.id)).toBe(0);
    expect(await statisticsMismatch(campaign.id)).toBeNull();
  });

  it('a call the agent never reached keeps the 20-second rule', async () => {
    const { call, campaign } = await liveCall({ reachedAgent: false });
    await finalStatus(call, 'completed', 31);
    expect(await reloaded(call)).toMatchObject({ successful: true });
    expect(await counted(campaign.id)).toBe(1);
  });

  it('a follow-up campaign counts a call back agreed as success', async () => {
    const { call, campaign } = await liveCall();
    await Campaign.update({ type: 'follow-up' }, { where: { id: campaign.id } });
    await finalStatus(call);
    await recordCallOutcome(call.id, 'call_back_later', { sessionKey: call.relaySessionKey });
    expect(await counted(campaign.id)).toBe(1);
    expect(await statisticsMismatch(campaign.id)).toBeNull();
  });
});

describe('who ended a call, and why', () => {
  it('is set at settlement when nobody said, and corrected where the relay could not know', async () => {
    const owner = await liveCall();
    const another = () => liveCall({ owner }).then((c) => c.call);
    const busy = await another();
    await finalStatus(busy, 'busy', 0);
    const unanswered = await another();
    await finalStatus(unanswered, 'no-answer', 0);
    const failed = await another();
    await finalStatus(failed, 'failed', 0);
    const canceled = await another();
    await finalStatus(canceled, 'canceled', 0);
    const person = await another();
    await finalStatus(person, 'completed', 40);
    const machine = await another();
    await applyCallEvents([
      {
        callId: machine.id,
        kind: 'amd',
        callSid: machine.providerCallSid!,
        accountSid: account.accountSid,
        sequenceNumber: 0,
        answeredBy: 'machine_end_beep',
      },
    ]);
    // The voicemail replaced the relay, whose socket then closed as if the callee hung up.
    await recordCallEnd(machine.id, 'callee', 'callee_hangup');
    await finalStatus(machine, 'completed', 25);
    const limit = await another();
    await recordCallEnd(limit.id, 'callee', 'callee_hangup');
    await finalStatus(limit, 'completed', config.calls.timeLimitSeconds);
    const agent = owner.call;
    await recordCallEnd(agent.id, 'agent', 'agent_hangup');
    await finalStatus(agent, 'completed', 30);

    const endings = async (call: CallRecord) => {
      const row = await reloaded(call);
      return [row.endedBy, row.endedReason];
    };
    expect(await endings(busy)).toEqual(['system', 'busy']);
    expect(await endings(unanswered)).toEqual(['system', 'no_answer']);
    expect(await endings(failed)).toEqual(['system', 'failed']);
    expect(await endings(canceled)).toEqual(['system', 'canceled']);
    expect(await endings(person)).toEqual(['callee', 'callee_hangup']);
    expect(await endings(machine)).toEqual(['system', 'voicemail']);
    expect(await endings(limit)).toEqual(['system', 'max_duration']);
    expect(await endings(agent)).toEqual(['agent', 'agent_hangup']);
  });
});
