import { describe, expect, it } from 'vitest';
import type { CallRecord } from '../src/db/models';
import { runAgentTool } from '../src/services/agent/tools';
import { recordCallOutcome } from '../src/services/calls/settle';
import { writeTurnRow, type TurnRow } from '../src/services/agent/transcriptWrites';
import { signRelayToken } from '../src/relay/relayToken';
import { RelayCaller, askUpgrade, newCallSid, relayUrl, turnsOf } from './helpers/relay';
import { counted, endFrame, reloaded, useRelayCalls } from './helpers/relayCalls';
import { waitFor } from './helpers/sockets';
import { statisticsMismatch } from './helpers/statistics';

/** A relay session is tied to its live call: one session per call, only while it is live, and never over a stored turn. */
const { api, account, liveCall, post, relayEnded, finalStatus, connect } = useRelayCalls();

describe('a relay session is tied to its live call', () => {
  const turnTexts = async (callId: number) =>
    (await turnsOf(callId)).map((t) => [t.seq, t.speaker, t.text, Boolean(t.interrupted)]);

  it("refuses a settled call's socket to its still-valid token: outcome, count and transcript stay", async () => {
    const { call, campaign } = await liveCall({ reachedAgent: false });
    const url = relayUrl(api.baseUrl, call);
    const caller = await connect(call, url);
    caller.say("Sorry, I'm busy right now. Can you call me back tomorrow?");
    await endFrame(caller);
    caller.close();
    await waitFor(async () => (await turnTexts(call.id)).length === 3, 10_000, 'three turns');
    await waitFor(async () => (await reloaded(call)).endedBy, 10_000, 'the session closed');
    await finalStatus(call, 'completed', 40);
    const before = { call: (await reloaded(call)).get(), turns: await turnTexts(call.id) };
    expect(before.call).toMatchObject({ outcome: 'call_back_later', successful: false });
    expect(await counted(campaign.id)).toBe(0);

    // The token is valid for 15 minutes: the socket it names stays shut, and no session starts.
    expect(await askUpgrade(url)).toBe(409);
    await expect(RelayCaller.open(url)).rejects.toThrow(/409/);
    // Nor does anyone's outcome but the session's own land on the settled call.
    await recordCallOutcome(call.id, 'appointment_booked');
    await recordCallOutcome(call.id, 'appointment_booked', { sessionKey: 'k'.repeat(22) });
    const state = { call, outcome: null, optedOut: false, endRequested: null, sessionKey: null };
    const booked = '{"outcome":"appointment_booked","time":"2026-12-01T10:00:00-05:00"}';
    expect(await runAgentTool(state, 'record_outcome', booked)).toMatchObject({ ok: true });

    const after = await reloaded(call);
    expect(after.outcome).toBe('call_back_later');
    expect(after.successful).toBe(false);
    expect(after.relaySessionKey).toBe(before.call.relaySessionKey);
    expect(await turnTexts(call.id)).toEqual(before.turns);
    expect(await counted(campaign.id)).toBe(0);
    expect(await statisticsMismatch(campaign.id)).toBeNull();
  });

  it('opens one session per call: of sockets opened at once with one token, only the first is accepted', async () => {
    const { call } = await liveCall({ reachedAgent: false });
    const url = relayUrl(api.baseUrl, call);
    const statuses = await Promise.all(Array.from({ length: 8 }, () => askUpgrade(url)));
    expect(statuses.sort()).toEqual([101, 409, 409, 409, 409, 409, 409, 409]);
    // The one accepted closed at once; the token opens nothing again, and no session talked.
    await expect(RelayCaller.open(url)).rejects.toThrow(/409/);
    expect(await reloaded(call)).toMatchObject({ relayStartedAt: null });
    expect(await turnTexts(call.id)).toEqual([]);
    // A fresh token for the same call is refused just the same.
    expect(
      await askUpgrade(relayUrl(api.baseUrl, call, signRelayToken(call.id, call.providerCallSid!))),
    ).toBe(409);
  });

  it('opens only the call and CallSid its token names, while the call is live', async () => {
    const a = (await liveCall({ reachedAgent: false })).call;
    const b = (await liveCall({ reachedAgent: false })).call;
    // A's id with B's CallSid (signed as a TwiML request naming it would have had it signed).
    expect(await askUpgrade(relayUrl(api.baseUrl, { id: a.id, providerCallSid: b.providerCallSid }))).toBe(
      403,
    );
    // A's token on B's socket.
    expect(await askUpgrade(relayUrl(api.baseUrl, b, signRelayToken(a.id, a.providerCallSid!)))).toBe(401);
    expect(await askUpgrade(relayUrl(api.baseUrl, { id: 999_999_999, providerCallSid: newCallSid() }))).toBe(
      404,
    );
    // A call not placed yet, or over though not counted yet.
    const queued = (await liveCall({ reachedAgent: false })).call;
    await queued.update({ status: 'queued' });
    expect(await askUpgrade(relayUrl(api.baseUrl, queued))).toBe(409);
    const over = (await liveCall({ reachedAgent: false })).call;
    await over.update({ status: 'completed' });
    expect(await askUpgrade(relayUrl(api.baseUrl, over))).toBe(409);
    // None of them claimed a call: each one's own token opens it.
    expect(await askUpgrade(relayUrl(api.baseUrl, a))).toBe(101);
    expect(await askUpgrade(relayUrl(api.baseUrl, b))).toBe(101);
  });

  it('answers TwiML with a relay token only for a call being answered; any other hangs up', async () => {
    const twimlOf = async (call: CallRecord, callSid = call.providerCallSid!) => {
      const res = await post(call.id, 'twiml', { AccountSid: account.accountSid, CallSid: callSid });
      expect(res.status).toBe(200);
      return res.text();
    };
    const settled = (await liveCall({ reachedAgent: false })).call;
    await finalStatus(settled);
    const claimed = (await liveCall()).call;
    const answering = (await liveCall({ reachedAgent: false })).call;
    for (const twiml of [
      await twimlOf(settled),
      await twimlOf(claimed),
      await twimlOf(answering, newCallSid()),
    ]) {
      expect(twiml).toContain('<Hangup/>');
      expect(twiml).not.toContain('ConversationRelay');
      expect(twiml).not.toContain('token=');
    }
    expect(await twimlOf(answering)).toContain(`/relay/${answering.id}?token=`);
  });

  it('changes nothing at relay-ended for a settled call, or one no relay session held', async () => {
    const { call, campaign } = await liveCall();
    await recordCallOutcome(call.id, 'call_back_later', { sessionKey: call.relaySessionKey });
    await finalStatus(call);
    // A machine answered, the voicemail played, and the call settled without an outcome.
    const machine = (await liveCall({ reachedAgent: false })).call;
    await machine.update({ answeredBy: 'machine' });
    await finalStatus(machine, 'completed', 25);
    // Answered, but its relay socket never opened.
    const unclaimed = (await liveCall({ reachedAgent: false })).call;
    const before = await Promise.all([call, machine, unclaimed].map(async (c) => (await reloaded(c)).get()));

    for (const c of [call, machine, unclaimed]) {
      const res = await relayEnded(c, { reason: 'agent_hangup', outcome: 'appointment_booked' }, 61);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<Hangup/>');
    }
    const after = await Promise.all([call, machine, unclaimed].map(async (c) => (await reloaded(c)).get()));
    expect(after).toEqual(before);
    expect(after.map((c) => c.outcome)).toEqual(['call_back_later', null, null]);
    expect(await counted(campaign.id)).toBe(0);
    expect(await statisticsMismatch(campaign.id)).toBeNull();
  });

  it("never writes over a stored turn: a turn is only cut short, once; a settled call takes only its session's turns", async () => {
    const { call } = await liveCall();
    const sessionKey = call.relaySessionKey;
    const turn = (seq: number, text: string, more: Partial<TurnRow> = {}): TurnRow => ({
      callRecordId: call.id,
      seq,
      speaker: seq % 2 ? 'callee' : 'agent',
      text,
      offsetMs: seq * 1000,
      interrupted: false,
      sessionKey,
      ...more,
    });
    await writeTurnRow(turn(1, 'Yes, speaking.'));
    await writeTurnRow(turn(1, 'Yes, that works for me, please book the appointment.'));
    await writeTurnRow(turn(2, 'When did you last see a dentist?'));
    await writeTurnRow(turn(2, 'When did you', { interrupted: true }));
    await writeTurnRow(turn(2, "You're all set for tomorrow at 10 AM.", { interrupted: true }));
    await writeTurnRow(turn(2, "You're all set for tomorrow at 10 AM."));
    expect(await turnTexts(call.id)).toEqual([
      [1, 'callee', 'Yes, speaking.', false],
      [2, 'agent', 'When did you', true],
    ]);

    await finalStatus(call);
    await writeTurnRow(turn(3, 'Please book the appointment.', { sessionKey: null }));
    await writeTurnRow(turn(3, 'Please book the appointment.', { sessionKey: 'k'.repeat(22) }));
    expect(await turnTexts(call.id)).toHaveLength(2);
    // The session's own last turn, landing just after the final status, is kept.
    await writeTurnRow(turn(3, 'Thanks, goodbye.'));
    expect((await turnTexts(call.id)).at(-1)).toEqual([3, 'callee', 'Thanks, goodbye.', false]);
  });
});
