import { describe, expect, it, onTestFinished } from 'vitest';
import {
  TRANSFER_FALLBACK_GREETING,
  TRANSFER_TOOL_MESSAGES,
  WEEKDAYS,
  agentToolDefinitions,
  transferringNote,
  type TransferDestination,
} from '@ringcast/shared-types';
import { CallRecord, Campaign, User } from '../src/db/models';
import { findJob } from '../src/queues';
import { loadCallWithBrief } from '../src/services/agent/agentBrief';
import { callSide } from '../src/services/agent/callSide';
import { runAgentTool, type AgentCallState } from '../src/services/agent/tools';
import { setDialerClock } from '../src/services/calls/shared';
import { askUpgrade, turnsOf } from './helpers/relay';
import { endFrame, reloaded, relayUrlInTwiml, useRelayCalls } from './helpers/relayCalls';
import { waitFor } from './helpers/sockets';
import { RETRIED_IN_TWIML } from './helpers/callbackRetries';

/**
 * A transfer to a person through our webhooks and relay, with Twilio's requests posted as Twilio
 * signs them and the OpenAI sandbox as the model: the agent's transfer_call, the Dial, the
 * whisper, the leg's status once, and the one message session after a transfer nobody took.
 */
const { api, account, liveCall, post, relayEnded, finalStatus, connect } = useRelayCalls();

/** Our end frame's handoff for a transfer (outcome null: the transfer decides). */
type TransferHandoff = { reason: string; outcome: null; destination: string; summary: string };

const SALES: TransferDestination = { label: 'Sales', phoneNumber: '+12125550102', hours: null };

/** A live call whose campaign transfers to `destinations`, its agent not on the line yet. */
async function callTransferringTo(destinations: TransferDestination[]) {
  const live = await liveCall({ reachedAgent: false });
  await Campaign.update({ transferDestinations: destinations }, { where: { id: live.campaign.id } });
  return live;
}

/** The agent on the line; the caller asks for a person; resolves with the session's end frame. */
async function askForAPerson(call: CallRecord) {
  const caller = await connect(call);
  caller.say('Can I speak to a real person, please?');
  const end = await endFrame(caller);
  return { caller, handoff: JSON.parse(end.handoffData!) as TransferHandoff };
}

const dialStatus = (call: CallRecord, status: string, duration?: number) =>
  post(call.id, 'transfer-status', {
    AccountSid: account.accountSid,
    CallSid: call.providerCallSid!,
    CallStatus: 'in-progress',
    DialCallStatus: status,
    DialCallSid: 'CA00000000000000000000000000000leg',
    ...(duration === undefined ? {} : { DialCallDuration: String(duration), DialBridged: 'true' }),
  }).then((res) => res.text());

describe('a caller who asks for a person', () => {
  it('is told, noted, and dialed with a whisper; the leg is stored once and the call ends as transferred', async () => {
    const { call, campaign } = await callTransferringTo([SALES]);
    const { handoff } = await askForAPerson(call);
    expect(handoff).toMatchObject({ reason: 'transfer', outcome: null, destination: 'Sales' });
    expect(handoff.summary).toMatch(/^Ringcast call from .+ about .+: .+\. Connecting you now\.$/);
    expect(handoff.summary.length).toBeLessThanOrEqual(500);

    // The agent said it is connecting them, then the transcript notes the transfer.
    const turns = await waitFor(
      async () => {
        const rows = await turnsOf(call.id);
        return rows.some((t) => t.speaker === 'system') ? rows : null;
      },
      10_000,
      'the transfer note',
    );
    const note = turns.findIndex((t) => t.speaker === 'system');
    expect(turns[note]!.text).toBe(transferringNote('Sales'));
    expect(turns[note - 1]).toMatchObject({
      speaker: 'agent',
      text: expect.stringMatching(/connecting you/i),
    });
    const asked = await reloaded(call);
    expect(asked).toMatchObject({
      transferDestination: 'Sales',
      transferNumber: SALES.phoneNumber,
      transferStatus: null,
      transferSummary: handoff.summary,
      endedBy: null,
    });
    expect(asked.transferRequestedAt).toBeInstanceOf(Date);

    // Twilio asks what next: the Dial, with the whisper; asked again, the same, and nothing moves.
    const base = `${api.baseUrl}/webhooks/twilio/calls/${call.id}`;
    const dial = await (await relayEnded(call, handoff)).text();
    expect(dial).toContain(
      `<Dial timeout="25" action="${base}/transfer-status${RETRIED_IN_TWIML}" method="POST" callerId="${call.fromNumber}">` +
        `<Number url="${base}/whisper" method="POST">${SALES.phoneNumber}</Number></Dial>`,
    );
    const before = (await reloaded(call)).updatedAt;
    expect(await (await relayEnded(call, handoff)).text()).toBe(dial);
    expect((await reloaded(call)).updatedAt).toEqual(before);

    // The person who answers hears the summary first (the child leg names our call as its parent).
    const whisper = (parent: string) =>
      post(call.id, 'whisper', {
        AccountSid: account.accountSid,
        CallSid: 'CA00000000000000000000000000000leg',
        ParentCallSid: parent,
        To: SALES.phoneNumber,
        From: call.fromNumber!,
      }).then((res) => res.text());
    expect(await whisper(call.providerCallSid!)).toMatch(
      new RegExp(`<Say voice="[^"]+">${handoff.summary.slice(0, 40).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    );
    expect(await whisper('CA0000000000000000000000000000other')).toContain('<Hangup/>');

    // The leg's end: stored once, the caller's leg hangs up; a repeat (even saying otherwise) changes nothing.
    expect(await dialStatus(call, 'completed', 37)).toContain('<Hangup/>');
    const connected = await reloaded(call);
    expect(connected).toMatchObject({
      transferStatus: 'connected',
      transferLegSid: 'CA00000000000000000000000000000leg',
      transferLegSeconds: 37,
      endedBy: 'agent',
      endedReason: 'transferred',
    });
    // The agent's part is over: the call is summed up and analysed now (its session, still open, leaves it).
    expect(await findJob('summarizeCall', { callId: call.id })).toBeDefined();
    expect(await findJob('analyzeCall', { callId: call.id })).toBeDefined();
    expect(await dialStatus(call, 'no-answer')).toContain('<Hangup/>');
    expect((await reloaded(call)).updatedAt).toEqual(connected.updatedAt);
    // Once the leg connected, relay-ended dials nothing more.
    expect(await (await relayEnded(call, handoff)).text()).toContain('<Hangup/>');

    // Settled, the transferred call counts as successful.
    const successfulBefore = (await Campaign.findByPk(campaign.id))!.successfulCalls;
    await finalStatus(call, 'completed', 90);
    expect(await reloaded(call)).toMatchObject({ successful: true, endedReason: 'transferred' });
    expect((await Campaign.findByPk(campaign.id))!.successfulCalls).toBe(successfulBefore + 1);
  });

  it('hears that nobody is free when the leg is not answered, and the agent takes the message in one more session', async () => {
    const { call } = await callTransferringTo([{ ...SALES, phoneNumber: '+12125550101' }]);
    const { caller: first, handoff } = await askForAPerson(call);
    await relayEnded(call, handoff);
    const firstTurns = await turnsOf(call.id);

    const answer = await dialStatus(call, 'no-answer');
    expect(answer).toContain(
      `<Connect action="${api.baseUrl}/webhooks/twilio/calls/${call.id}/relay-ended${RETRIED_IN_TWIML}"`,
    );
    expect(answer).toContain(`welcomeGreeting="${TRANSFER_FALLBACK_GREETING}"`);
    expect(await reloaded(call)).toMatchObject({ transferStatus: 'no_answer', endedBy: null });
    first.close();

    // The message session: its turns follow the first session's; the agent records call_back_later.
    const caller = await connect(call, relayUrlInTwiml(answer));
    caller.say('Yes, please ask someone to call me back tomorrow morning about the pricing.');
    const stored = await waitFor(
      async () => ((await reloaded(call)).outcome === 'call_back_later' ? reloaded(call) : null),
      15_000,
      'call_back_later',
    );
    expect(stored.callbackRequestedFor).toBeInstanceOf(Date);
    // The message the caller left is kept with the call back.
    expect(stored.callbackNote).toMatch(/call (you|me) back tomorrow morning about the pricing/i);
    // Its turns (written a moment after they are spoken) follow the first session's.
    const greeting = await waitFor(
      async () => (await turnsOf(call.id)).find((t) => t.text === TRANSFER_FALLBACK_GREETING),
      10_000,
      "the message session's greeting",
    );
    expect(greeting.seq).toBeGreaterThan(Math.max(...firstTurns.map((t) => t.seq)));
    // Its times run on from the call's first words, as one transcript.
    expect(greeting.offsetMs).toBeGreaterThanOrEqual(Math.max(...firstTurns.map((t) => t.offsetMs)));

    // A repeat is answered the same way but opens no third session; nor does anything else.
    const again = await dialStatus(call, 'busy');
    expect(again).toContain('<ConversationRelay');
    expect((await reloaded(call)).transferStatus).toBe('no_answer');
    expect(await askUpgrade(relayUrlInTwiml(again))).toBe(409);
  });

  it('outside the destination’s hours is never dialed: the agent takes a message in the same session', async () => {
    // The dialer's clock on a Wednesday noon UTC; Sales takes calls on Mondays only.
    setDialerClock(() => new Date('2026-12-09T12:00:00Z'));
    onTestFinished(() => setDialerClock(null));
    const hours = { days: [WEEKDAYS[1]], from: '09:00', to: '17:00', timeZone: 'UTC' };
    const { call } = await callTransferringTo([{ ...SALES, hours }]);
    const caller = await connect(call);
    caller.say('Can I speak to a real person, please?');
    const closed = await waitFor(
      async () => ((await reloaded(call)).transferStatus === 'outside_hours' ? reloaded(call) : null),
      15_000,
      'outside_hours',
    );
    expect(closed).toMatchObject({ transferDestination: 'Sales', endedBy: null });
    caller.say('Yes, please ask someone to call me back tomorrow morning about the pricing.');
    await waitFor(
      async () => (await reloaded(call)).outcome === 'call_back_later',
      15_000,
      'call_back_later',
    );
    // The session never ended for a transfer, and relay-ended would dial nothing.
    expect(caller.frames.some((f) => f.type === 'end' && f.handoffData?.includes('transfer'))).toBe(false);
    const ended = await relayEnded(call, { reason: 'agent_hangup', outcome: 'call_back_later' });
    expect(await ended.text()).toContain('<Hangup/>');
    expect((await turnsOf(call.id)).some((t) => t.speaker === 'system')).toBe(false);
  });
});

describe('transfer_call', () => {
  const stateOf = async (call: CallRecord, sessionKey: string | null): Promise<AgentCallState> => {
    const loaded = (await loadCallWithBrief(call.id))!;
    return {
      call: loaded.call,
      outcome: null,
      optedOut: false,
      endRequested: null,
      sessionKey,
      transfer: loaded.transfer,
    };
  };

  it('refuses a label the campaign does not have, with the labels; a second transfer is refused', async () => {
    const { call } = await callTransferringTo([
      SALES,
      { label: 'Support', phoneNumber: '+12125550104', hours: null },
    ]);
    await call.update({ relaySessionKey: 'key-1', relaySessionClaimedAt: new Date() });
    const state = await stateOf(call, 'key-1');
    const unknown = await runAgentTool(
      state,
      'transfer_call',
      JSON.stringify({ destination: 'Billing', reason: 'x' }),
    );
    expect(unknown).toEqual({
      ok: false,
      error: `${TRANSFER_TOOL_MESSAGES.unknownDestination}: Sales, Support`,
    });
    expect((await reloaded(call)).transferDestination).toBeNull();

    const done = await runAgentTool(
      state,
      'transfer_call',
      JSON.stringify({ destination: 'support', reason: 'a refund' }),
    );
    expect(done).toMatchObject({ ok: true });
    expect(state.endRequested).toMatchObject({ reason: 'transfer', transfer: { destination: 'Support' } });
    // Another session of the same call (its state fresh from the row) is refused too.
    const again = await runAgentTool(
      await stateOf(call, 'key-1'),
      'transfer_call',
      JSON.stringify({ destination: 'Sales', reason: 'again' }),
    );
    expect(again).toEqual({ ok: false, error: TRANSFER_TOOL_MESSAGES.alreadyTransferred });
    expect((await reloaded(call)).transferDestination).toBe('Support');
  });

  it('is offered with the profile phone as Office, and not at all without destinations or a phone', async () => {
    const { call, user } = await callTransferringTo([]);
    const offered = (await stateOf(call, null)).transfer!.destinations;
    expect(offered).toEqual([{ label: 'Office', phoneNumber: '+12125550188', hours: null }]);

    await User.update({ phoneNumber: null }, { where: { id: user.id } });
    const state = await stateOf(call, null);
    const side = callSide(state);
    expect(side.transferLabels).toEqual([]);
    const tools = agentToolDefinitions(side.bookings, side.transferLabels).map((t) => t.function.name);
    expect(tools).not.toContain('transfer_call');
    expect(
      await runAgentTool(state, 'transfer_call', JSON.stringify({ destination: 'Office', reason: 'x' })),
    ).toEqual({ ok: false, error: TRANSFER_TOOL_MESSAGES.noDestinations });
  });
});

describe('the playground', () => {
  it('offers transfer_call as a call does: checked, noted, never dialed, and the conversation ends', async () => {
    const { client, campaign, call } = await callTransferringTo([SALES]);
    const asked = {
      campaignId: campaign.id,
      messages: [{ role: 'callee', text: 'Can I speak to a real person, please?' }],
    };
    const res = await client.post('/api/playground', asked);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      ended: true,
      reply: expect.stringMatching(/connecting you/i),
      toolCalls: [{ name: 'transfer_call', arguments: { destination: 'Sales' } }],
    });
    expect(await reloaded(call)).toMatchObject({ transferDestination: null, transferRequestedAt: null });

    // Without anywhere to transfer to, the agent has no such tool.
    await Campaign.update({ transferDestinations: [] }, { where: { id: campaign.id } });
    await User.update({ phoneNumber: null }, { where: { id: campaign.userId } });
    const none = await client.post('/api/playground', asked);
    expect(none.json).toMatchObject({ ended: false, toolCalls: [] });
  });
});
