import { describe, expect, it } from 'vitest';
import { sequelize } from '../src/db/sequelize';
import { CallRecord, CallTranscriptTurn, DoNotCallNumber } from '../src/db/models';
import { findJob } from '../src/queues';
import { recordCallOutcome } from '../src/services/calls/settle';
import { answeredCall } from './helpers/relay';
import { counted, reloaded, relayUrlInTwiml, useRelayCalls } from './helpers/relayCalls';
import { waitFor } from './helpers/sockets';
import { statisticsMismatch } from './helpers/statistics';
import { RETRIED_IN_TWIML } from './helpers/callbackRetries';

/** A live call's webhooks: the TwiML that connects a person to the agent, a key press, and the end of a relay session. */
const { api, account, liveCall, post, relayEnded, finalStatus, connect } = useRelayCalls();

describe('POST /webhooks/twilio/calls/:id/twiml', () => {
  it("connects a person to the agent on ConversationRelay with the campaign's greeting; a test call too", async () => {
    const { call } = await liveCall({ reachedAgent: false });
    const res = await post(call.id, 'twiml', {
      AccountSid: account.accountSid,
      CallSid: call.providerCallSid!,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/xml/);
    const twiml = await res.text();
    expect(twiml).toContain(
      `<Connect action="${api.baseUrl}/webhooks/twilio/calls/${call.id}/relay-ended${RETRIED_IN_TWIML}"`,
    );
    expect(twiml).toContain(
      'welcomeGreeting="Hi, this is Ava, an AI assistant calling on behalf of Spring Dental Clinic."',
    );
    expect(twiml).toContain('<Parameter name="callId" value="' + call.id + '"/>');
    expect(twiml).not.toContain('<Gather');

    // The socket the TwiML names opens this call's session: the greeting is its first turn.
    const caller = await connect(call, relayUrlInTwiml(twiml));
    await waitFor(
      async () =>
        (await CallTranscriptTurn.findOne({ where: { callRecordId: call.id, seq: 0 } }))?.speaker === 'agent',
      10_000,
      'the greeting turn',
    );
    expect((await reloaded(call)).relayStartedAt).not.toBeNull();
    caller.close();

    const test = await liveCall({ test: true, reachedAgent: false });
    const testTwiml = await (
      await post(test.call.id, 'twiml', {
        AccountSid: account.accountSid,
        CallSid: test.call.providerCallSid!,
      })
    ).text();
    expect(testTwiml).toContain(`/relay/${test.call.id}?token=`);
    expect((await post(test.call.id, 'twiml', { AccountSid: account.accountSid }, false)).status).toBe(403);
  });
});

describe('POST /webhooks/twilio/calls/:id/gather', () => {
  it('still takes a key press from a call answered by the recorded script before the agent', async () => {
    const { call, user } = await liveCall({ reachedAgent: false });
    const res = await post(call.id, 'gather', {
      AccountSid: account.accountSid,
      CallSid: call.providerCallSid!,
      Digits: '9',
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('You will not receive any more calls from us.');
    expect((await reloaded(call)).outcome).toBe('do_not_call');
    expect(
      await DoNotCallNumber.findOne({ where: { userId: user.id, phoneNumber: call.toNumber } }),
    ).toMatchObject({ source: 'key_press', callRecordId: call.id });
  });
});

describe('POST /webhooks/twilio/calls/:id/relay-ended', () => {
  // A relay end waiting for its call's row kept the callee on the line and held a database
  // connection for as long as the batch applying the call's events took (p99 0.5 s, up to seconds
  // on a busy dialer): with ten connections per process a dozen such waits also held up the TwiML
  // of a call just answered.
  it('answers at once while a batch holds its call, and hands the end to the worker', async () => {
    const owner = await answeredCall(api.baseUrl);
    const held = await Promise.all(Array.from({ length: 14 }, () => liveCall({ owner })));
    const answered = await liveCall({ owner, reachedAgent: false });
    const batch = await sequelize.transaction();
    try {
      await CallRecord.findAll({
        where: { id: held.map(({ call }) => call.id) },
        lock: true,
        transaction: batch,
      });
      const started = performance.now();
      const ends = Promise.all(
        held.map(async ({ call }) => {
          const res = await relayEnded(call, { reason: 'agent_hangup', outcome: 'interested' }, 31);
          return { status: res.status, body: await res.text() };
        }),
      );
      const waited = new Promise<'still waiting'>((resolve) =>
        setTimeout(() => resolve('still waiting'), 5_000),
      );
      const answers = await Promise.race([ends, waited]);
      expect(answers).not.toBe('still waiting');
      expect(performance.now() - started).toBeLessThan(5_000);
      for (const answer of answers as { status: number; body: string }[]) {
        expect(answer).toMatchObject({ status: 200, body: expect.stringContaining('<Hangup/>') });
      }
      const twiml = await post(answered.call.id, 'twiml', {
        AccountSid: account.accountSid,
        CallSid: answered.call.providerCallSid!,
      });
      expect(twiml.status).toBe(200);
      expect(performance.now() - started).toBeLessThan(5_000);
    } finally {
      await batch.commit();
    }
    // Nothing was stored past the batch's lock; each end waits for the worker in a job of its own.
    for (const { call } of held) {
      expect(await reloaded(call)).toMatchObject({ relaySessionSeconds: null, outcome: null });
      const job = await findJob('recordRelayEnd', { callId: call.id });
      expect(job?.data).toEqual({
        callId: call.id,
        handoffData: JSON.stringify({ reason: 'agent_hangup', outcome: 'interested' }),
        sessionSeconds: 31,
      });
      await job!.remove();
    }
  });

  it('stores the handoff and the session length once, records the outcome it names and hangs up', async () => {
    const { call, campaign } = await liveCall();
    const handoff = { reason: 'agent_hangup', outcome: 'interested' as const };
    expect(
      (await post(call.id, 'relay-ended', { AccountSid: account.accountSid, HandoffData: '{}' }, false))
        .status,
    ).toBe(403);
    const res = await relayEnded(call, handoff, 42);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<Hangup/>');
    // Delivered again, later and with other numbers: nothing moves twice.
    expect((await relayEnded(call, { reason: 'agent_hangup', outcome: 'not_interested' }, 99)).status).toBe(
      200,
    );
    expect(await reloaded(call)).toMatchObject({
      relaySessionSeconds: 42,
      relayHandoff: JSON.stringify(handoff),
      outcome: 'interested',
      endedBy: 'agent',
      endedReason: 'agent_hangup',
      successful: false,
    });
    await finalStatus(call);
    expect(await reloaded(call)).toMatchObject({ successful: true, endedReason: 'agent_hangup' });
    expect(await counted(campaign.id)).toBe(1);
    expect(await statisticsMismatch(campaign.id)).toBeNull();
  });

  it('keeps the outcome the agent recorded, and ignores handoff data it cannot read', async () => {
    const { call } = await liveCall();
    await recordCallOutcome(call.id, 'call_back_later');
    await post(call.id, 'relay-ended', {
      AccountSid: account.accountSid,
      CallSid: call.providerCallSid!,
      SessionDuration: '7',
      HandoffData: '{"reason":"agent_hangup","outcome":"thrilled"}',
    });
    const other = await liveCall();
    await post(other.call.id, 'relay-ended', {
      AccountSid: account.accountSid,
      CallSid: other.call.providerCallSid!,
      HandoffData: 'not json',
    });
    expect(await reloaded(call)).toMatchObject({ outcome: 'call_back_later', relaySessionSeconds: 7 });
    expect(await reloaded(other.call)).toMatchObject({
      outcome: null,
      relayHandoff: 'not json',
      endedBy: null,
    });
  });
});
