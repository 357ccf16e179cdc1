import { describe, expect, it, onTestFinished } from 'vitest';
import { qualityOfTurns, SILENCE_GAP_MS, type CallDetail, type TranscriptTurn } from '@ringcast/shared-types';
import { config } from '../src/config';
import { CallRecord } from '../src/db/models';
import { loadCallWithBrief } from '../src/services/agent/agentBrief';
import { welcomeGreeting } from '../src/services/agent/instructions';
import { presentTurn } from '../src/services/agent/transcript';
import { analyzeCall } from '../src/services/analysis/analyzeCall';
import { answeredCall, turnsOf } from './helpers/relay';
import { collect, openSocket } from './helpers/sockets';
import { personTwiml, platform, useTwilioSandbox, waitFor } from './helpers/twilioSandbox';

/**
 * Each turn's timing on a real sandbox call: the Twilio sandbox's persona 29 talking with our relay
 * and agent, the OpenAI sandbox answering through the real SDK. It falls silent 8 s (on the call's
 * clock) before its second line, and starts its fourth right after its third, before our reply.
 */
const sandbox = useTwilioSandbox();

describe('turn timings on a sandbox call', () => {
  it('times every reply, sees the reply that talked over the callee and the silence before a line', async () => {
    config.publicUrl = sandbox.api.baseUrl;
    const silenceSeconds = config.calls.relay.silenceSeconds;
    // The 8 s pause must not be asked about: this call is about measuring it.
    config.calls.relay.silenceSeconds = 3600;
    onTestFinished(() => {
      config.publicUrl = sandbox.app.baseUrl;
      config.calls.relay.silenceSeconds = silenceSeconds;
    });
    const owner = await answeredCall(sandbox.api.baseUrl, '+12125550329');
    const { call } = owner;
    const socket = await openSocket(sandbox.api.baseUrl, owner.client.cookieHeader);
    onTestFinished(() => void socket.close());
    const pushed = collect(socket, 'call:transcript');

    const placed = await sandbox.placeCall(call.toNumber, {
      url: undefined,
      // Our answering TwiML asks for partial prompts: only with them does Twilio say the callee is
      // speaking again before they finish, so a reply can be seen to start over them.
      twiml: personTwiml(
        sandbox.api.baseUrl,
        { ...call.get(), callSid: call.providerCallSid! },
        welcomeGreeting((await loadCallWithBrief(call.id))!.brief),
      ),
      statusCallback: undefined,
      asyncAmdStatusCallback: undefined,
      asyncAmd: 'false',
    });
    await waitFor(
      async () => (await platform().calls(placed.sid).fetch()).status === 'completed',
      'the call to complete',
      30_000,
    );
    // The session's last turns are written once its socket has closed: the count settles.
    let count = -1;
    const rows = await waitFor(async () => {
      const now = await turnsOf(call.id);
      const settled = now.length === count;
      count = now.length;
      return settled && now;
    }, 'the stored turns');
    const turns = rows.map(presentTurn);

    const callee = turns.filter((t) => t.speaker === 'callee');
    expect(callee.map((t) => t.text).slice(0, 5)).toEqual([
      'Yes, hello.',
      'Sorry, who is calling?',
      'I see.',
      'And what exactly do you offer?',
      "Okay, I'm interested, but let me think about it first.",
    ]);
    const [greeting, ...agent] = turns.filter((t) => t.speaker === 'agent');
    expect(greeting!.seq).toBe(0);
    const unmeasured = { responseMs: null, modelFirstTokenMs: null, talkedOver: false };
    expect(greeting).toMatchObject({ ...unmeasured, silenceBeforeMs: null });
    for (const turn of callee) expect(turn).toMatchObject(unmeasured);
    expect(agent.length).toBeGreaterThanOrEqual(5);
    for (const turn of agent) {
      expect(turn.modelFirstTokenMs, `reply ${turn.seq}`).toBeGreaterThanOrEqual(0);
      expect(turn.responseMs, `reply ${turn.seq}`).toBeGreaterThanOrEqual(turn.modelFirstTokenMs!);
    }

    // The reply to "I see." went out while the callee had begun their next line; no other did.
    const replyTo = (words: string) => turns[turns.findIndex((t) => t.text === words) + 1]!;
    expect(replyTo('I see.')).toMatchObject({ speaker: 'agent', talkedOver: true });
    expect(agent.filter((t) => t.talkedOver)).toHaveLength(1);

    // Silent 8 s on the call's clock after our words were heard. Our side reckons they were heard
    // from the reply's end (its streaming, 50-fold on the sandbox's clock, comes off) and the
    // callee's from its start.
    const paused = callee.find((t) => t.text === 'Sorry, who is calling?')!;
    // A few ms of a busy machine are tenths of a second on that clock, either way: the pause is the
    // callee's longest silence by far, not an exact figure.
    expect(paused.silenceBeforeMs).toBeGreaterThan(SILENCE_GAP_MS);
    expect(paused.silenceBeforeMs).toBeLessThan(16_000);
    expect(paused.silenceBeforeMs).toBe(Math.max(...callee.map((t) => t.silenceBeforeMs ?? 0)));

    const quality = qualityOfTurns(turns);
    expect(quality).toMatchObject({ turns: agent.length, calleeInterruptions: 0, agentInterruptions: 1 });
    expect(quality.silences).toBeGreaterThanOrEqual(1);
    const responses = agent.map((t) => t.responseMs!).sort((a, b) => a - b);
    expect(quality.responseP50Ms).toBe(responses[Math.ceil(responses.length / 2) - 1]);
    expect(quality.responseP95Ms).toBe(responses[Math.ceil(responses.length * 0.95) - 1]);

    // The call's analysis stores these figures on the call (as its job does once the session closes).
    expect(await analyzeCall(call.id)).toBe('done');
    const analysed = (await CallRecord.findByPk(call.id))!;
    expect({
      turns: analysed.qualityTurns,
      responseP50Ms: analysed.responseP50Ms,
      responseP95Ms: analysed.responseP95Ms,
      modelFirstTokenP50Ms: analysed.modelFirstTokenP50Ms,
      calleeInterruptions: analysed.calleeInterruptions,
      agentInterruptions: analysed.agentInterruptions,
      silences: analysed.silences,
    }).toEqual(quality);

    // The call's page and the live pushes carry the same figures.
    const res = await owner.client.get(`/api/calls/${call.id}`);
    expect(res.status).toBe(200);
    const detail = res.json as unknown as CallDetail;
    const timingOf = (t: Omit<TranscriptTurn, 'at'>) => ({
      seq: t.seq,
      responseMs: t.responseMs,
      modelFirstTokenMs: t.modelFirstTokenMs,
      talkedOver: t.talkedOver,
      silenceBeforeMs: t.silenceBeforeMs,
    });
    expect(detail.transcript.map(timingOf)).toEqual(turns.map(timingOf));
    await waitFor(() => pushed.length >= turns.length, 'the pushed turns');
    const lastPushed = new Map(pushed.filter((p) => p.callId === call.id).map((p) => [p.turn.seq, p.turn]));
    expect([...lastPushed.values()].sort((a, b) => a.seq - b.seq).map(timingOf)).toEqual(turns.map(timingOf));
  });
});
