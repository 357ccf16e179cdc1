import OpenAI from 'openai';
import type { ChatCompletionTool } from 'openai/resources/chat/completions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AGENT_TOOL_DEFINITIONS,
  type AgentDocumentUploadResponse,
  type CallDetail,
  type RelayEndFrame,
} from '@ringcast/shared-types';
import { CallRecord, Campaign, DoNotCallNumber } from '../src/db/models';
import { uploadDocuments } from './helpers/agentDocuments';
import { signRelayToken } from '../src/relay/relayToken';
import { relaySocketUrl } from '../src/telephony/callUrls';
import { AgentConversation } from '../src/services/agent/conversation';
import { loadCallWithBrief } from '../src/services/agent/agentBrief';
import { agentInstructions } from '../src/services/agent/instructions';
import { runAgentTool } from '../src/services/agent/tools';
import { startTestApi } from './helpers/server';
import { adminClient } from './helpers/admin';
import { registeredClient } from './helpers/client';
import { collect, openSocket, waitFor } from './helpers/sockets';
import { RelayCaller, answeredCall, askUpgrade, relayUrl, storedTurns, turnsOf } from './helpers/relay';

/**
 * The relay WebSocket end to end: a real `ws` client speaking ConversationRelay's frames to the
 * api, whose agent streams from the OpenAI sandbox through the real SDK; real MariaDB and Redis.
 */
let api: Awaited<ReturnType<typeof startTestApi>>;
const callers: RelayCaller[] = [];

beforeAll(async () => {
  api = await startTestApi();
}, 60_000);

afterAll(async () => {
  callers.forEach((caller) => caller.close());
  await api?.close();
});

async function connect(call: CallRecord) {
  const caller = await RelayCaller.open(relayUrl(api.baseUrl, call));
  callers.push(caller);
  caller.setup(call.id);
  return caller;
}

const endFrame = (caller: RelayCaller) =>
  waitFor(() => caller.frames.find((f): f is RelayEndFrame => f.type === 'end'), 15_000, 'the end frame');

describe('the relay WebSocket', () => {
  it('answers an upgrade without a valid, unexpired token for that call with HTTP 401', async () => {
    const { call } = await answeredCall(api.baseUrl);
    const http = api.baseUrl;
    const other = await answeredCall(api.baseUrl);
    const sid = call.providerCallSid!;
    expect(await askUpgrade(`${http}/relay/${call.id}`)).toBe(401);
    expect(await askUpgrade(`${http}/relay/${call.id}?token=nonsense`)).toBe(401);
    const othersToken = signRelayToken(other.call.id, other.call.providerCallSid!);
    expect(await askUpgrade(`${http}/relay/${call.id}?token=${othersToken}`)).toBe(401);
    // Another CallSid put in the call's own token breaks its MAC.
    const swapped = signRelayToken(call.id, sid).replace(sid, other.call.providerCallSid!);
    expect(await askUpgrade(`${http}/relay/${call.id}?token=${swapped}`)).toBe(401);
    const expired = signRelayToken(call.id, sid, 60, Date.now() - 120_000);
    expect(await askUpgrade(`${http}/relay/${call.id}?token=${expired}`)).toBe(401);
    expect(await askUpgrade(`${http}/relay/${call.id}?token=${signRelayToken(call.id, sid)}`)).toBe(101);
    // The URL the TwiML will carry opens the relay too.
    const twimlUrl = new URL(relaySocketUrl(other.call.id, other.call.providerCallSid!));
    expect(twimlUrl.protocol).toMatch(/^wss?:$/);
    expect(await askUpgrade(`${http}${twimlUrl.pathname}${twimlUrl.search}`)).toBe(101);
  });

  it('speaks the protocol: greeting stored, final prompts answered in streamed tokens, partials, dtmf, info, error and unknown frames survive', async () => {
    const { call } = await answeredCall(api.baseUrl);
    const caller = await connect(call);
    caller.send({ type: 'prompt', voicePrompt: 'When did', lang: 'en-US', last: false });
    caller.send({ type: 'dtmf', digit: '5' });
    caller.send({ type: 'info', name: 'agentSpeaking', value: 'off' });
    caller.send({ type: 'error', description: 'Invalid message received' });
    caller.send({ type: 'somethingNew', value: 1 });
    caller.send('not json' as unknown as Record<string, unknown>);
    caller.say("I'm fine, thanks.");

    const first = await caller.turn(0);
    expect(first.text).toContain('When did you last see a dentist?');
    const tokens = caller.texts(0);
    expect(tokens.length).toBeGreaterThan(3);
    expect(tokens.filter((t) => t.last)).toHaveLength(1);
    expect(tokens.at(-1)!.last).toBe(true);

    caller.say('What number can I call you back on?');
    const second = await caller.turn(first.next);
    expect(second.text).toMatch(/reach|call you/);

    const turns = await storedTurns(call.id, 5);
    expect(turns.map((t) => [t.seq, t.speaker])).toEqual([
      [0, 'agent'],
      [1, 'callee'],
      [2, 'agent'],
      [3, 'callee'],
      [4, 'agent'],
    ]);
    expect(turns[0]!.text).toBe(
      'Hi, this is Ava, an AI assistant calling on behalf of Spring Dental Clinic.',
    );
    expect(turns[2]!.text).toBe(first.text.trim());
    expect(turns.map((t) => t.offsetMs)).toEqual([...turns.map((t) => t.offsetMs)].sort((a, b) => a - b));
    expect(caller.closed).toBe(false);
  });

  it('stops the stream at an interrupt and keeps only what the caller heard', async () => {
    const { call } = await answeredCall(api.baseUrl);
    const caller = await connect(call);
    caller.say("I'm fine, thanks.");
    await waitFor(() => caller.texts(0).length >= 2, 10_000, 'the first tokens');
    const heard = caller
      .texts(0)
      .map((t) => t.token)
      .join('');
    caller.send({ type: 'interrupt', utteranceUntilInterrupt: heard, durationUntilInterruptMs: '460' });
    const cutAt = caller.frames.length;
    caller.say('Sorry, who is calling?');

    const reply = await caller.turn(cutAt);
    const answer = 'This is Ava, an AI assistant calling on behalf of Spring Dental Clinic.';
    expect(reply.text).toContain(answer);
    // Only the few tokens already on the wire when the interrupt came arrive after it, and the rest of the reply never does.
    const spoken = heard + reply.text.slice(0, reply.text.indexOf(answer));
    const wholeReply = 'Thank you. When did you last see a dentist?';
    expect(wholeReply.startsWith(spoken)).toBe(true);
    expect(spoken.length).toBeLessThan(wholeReply.length);
    // The cut turn never finished: no `last` before the answer to the new prompt.
    expect(caller.texts(0).filter((t) => t.last)).toHaveLength(1);
    const turns = await storedTurns(call.id, 5);
    expect(turns[2]).toMatchObject({ speaker: 'agent', text: heard.trim(), interrupted: true });
    expect(turns[4]).toMatchObject({ speaker: 'agent', interrupted: false });
  });

  it('an interrupt sent as a number after the reply ended marks that turn cut', async () => {
    const { call } = await answeredCall(api.baseUrl);
    const caller = await connect(call);
    caller.say("I'm fine, thanks.");
    await caller.turn(0);
    caller.send({ type: 'interrupt', utteranceUntilInterrupt: 'Thank you.', durationUntilInterruptMs: 300 });
    await waitFor(
      async () =>
        (await turnsOf(call.id)).find((t) => t.seq === 2 && t.interrupted && t.text === 'Thank you.'),
      10_000,
      'the cut turn',
    );
  });

  it('"stop calling me" puts the number on the list before the call ends, then ends with handoffData', async () => {
    const { call, user } = await answeredCall(api.baseUrl);
    const caller = await connect(call);
    caller.say('Please stop calling me.');
    const end = await endFrame(caller);
    expect(JSON.parse(end.handoffData!)).toEqual({ reason: 'agent_hangup', outcome: 'do_not_call' });
    const listed = await DoNotCallNumber.findOne({ where: { userId: user.id, phoneNumber: call.toNumber } });
    expect(listed).toMatchObject({ source: 'agent', callRecordId: call.id });
    const ended = await waitFor(
      async () => {
        const row = await CallRecord.findByPk(call.id);
        return row?.endedBy ? row : null;
      },
      10_000,
      'the call end',
    );
    expect(ended).toMatchObject({ outcome: 'do_not_call', endedBy: 'agent', endedReason: 'agent_hangup' });
    const closing = caller
      .texts(0)
      .map((t) => t.token)
      .join('');
    expect(closing).toMatch(/off our list/);
  });

  it('records an outcome with a time, closes politely and ends the session', async () => {
    const { call } = await answeredCall(api.baseUrl);
    const caller = await connect(call);
    caller.say('Yes, please book me in.');
    const end = await endFrame(caller);
    expect(JSON.parse(end.handoffData!)).toEqual({ reason: 'agent_hangup', outcome: 'appointment_booked' });
    expect((await CallRecord.findByPk(call.id))?.outcome).toBe('appointment_booked');
  });

  it("answers from the campaign's documents", async () => {
    const { call, client, campaign } = await answeredCall(api.baseUrl);
    const uploaded = await uploadDocuments(client, [
      ['offer.txt', 'We are open on Saturdays. Cleanings are 20% off in May.'],
    ]);
    const [doc] = (uploaded.json as unknown as AgentDocumentUploadResponse).files;
    await Campaign.update({ agentDocuments: [doc!.filename] }, { where: { id: campaign.id } });
    const caller = await connect(call);
    caller.say('Do you have any offers on cleanings?');
    expect((await caller.turn(0)).text).toBe('Cleanings are 20% off in May.');
  });
});

describe('GET /api/calls/:id', () => {
  it('answers the call with its transcript to its owner and admins, 404 to anyone else', async () => {
    const { call, client } = await answeredCall(api.baseUrl);
    const socket = await openSocket(api.baseUrl, client.cookieHeader);
    const pushed = collect(socket, 'call:transcript');
    const caller = await connect(call);
    caller.say("I'm fine, thanks.");
    await caller.turn(0);
    await waitFor(async () => (await turnsOf(call.id)).length === 3, 10_000, 'three turns');
    await waitFor(() => pushed.length === 3, 10_000, 'three pushed turns');
    socket.close();
    expect(pushed.map((p) => [p.callId, p.turn.seq, p.turn.speaker])).toEqual([
      [call.id, 0, 'agent'],
      [call.id, 1, 'callee'],
      [call.id, 2, 'agent'],
    ]);

    const own = await client.get(`/api/calls/${call.id}`);
    expect(own.status).toBe(200);
    const detail = own.json as unknown as CallDetail;
    expect(detail).toMatchObject({ id: call.id, status: 'in_progress', endedBy: null, summary: null });
    expect(detail.transcript.map((t) => t.speaker)).toEqual(['agent', 'callee', 'agent']);
    expect(detail.transcript[1]).toMatchObject({ seq: 1, text: "I'm fine, thanks.", interrupted: false });

    const { client: admin } = await adminClient(api.baseUrl);
    expect((await admin.get(`/api/calls/${call.id}`)).status).toBe(200);
    const { client: stranger } = await registeredClient(api.baseUrl);
    expect((await stranger.get(`/api/calls/${call.id}`)).status).toBe(404);
    expect((await stranger.get('/api/calls/999999999')).status).toBe(404);
    expect((await stranger.get('/api/calls/abc')).status).toBe(404);
  });
});

describe('the OpenAI sandbox', () => {
  it("streams tool calls the SDK's finalChatCompletion() accepts, and refuses bad requests as OpenAI does", async () => {
    const client = new OpenAI({
      apiKey: 'sandbox',
      baseURL: `${api.baseUrl}/sandbox/openai/v1`,
      maxRetries: 0,
    });
    const { call } = await answeredCall(api.baseUrl);
    const { brief } = (await loadCallWithBrief(call.id))!;
    const stream = client.chat.completions.stream({
      model: 'gpt-4o-mini',
      stream: true,
      tools: AGENT_TOOL_DEFINITIONS as unknown as ChatCompletionTool[],
      messages: [
        { role: 'system', content: agentInstructions(brief) },
        { role: 'user', content: 'Not interested, no thanks.' },
        { role: 'assistant', content: 'Many of our patients felt the same way.' },
        { role: 'user', content: 'Still not interested.' },
      ],
    });
    const message = (await stream.finalChatCompletion()).choices[0]!;
    expect(message.finish_reason).toBe('tool_calls');
    expect(message.message.tool_calls).toEqual([
      {
        id: expect.stringMatching(/^call_/),
        type: 'function',
        function: { name: 'record_outcome', arguments: '{"outcome":"not_interested"}' },
      },
    ]);

    const refused = await client.chat.completions
      .create({ model: 'gpt-4o-mini', messages: [], stream: true })
      .catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(OpenAI.BadRequestError);
    expect((refused as InstanceType<typeof OpenAI.BadRequestError>).error).toMatchObject({
      message: 'messages must contain at least one message',
      type: 'invalid_request_error',
      code: null,
    });
  });
});

describe("the agent's tools and backstop", () => {
  const stateOf = async (call: CallRecord) => ({
    call: (await CallRecord.findByPk(call.id))!,
    outcome: null,
    optedOut: false,
    endRequested: null,
  });

  it('checks every tool call against its schema: a bad one changes nothing and says why', async () => {
    const { call, user } = await answeredCall(api.baseUrl);
    const state = await stateOf(call);
    expect(await runAgentTool(state, 'record_outcome', '{"outcome":"thrilled"}')).toEqual({
      ok: false,
      error: expect.stringMatching(/^outcome must be one of interested, /),
    });
    expect(await runAgentTool(state, 'record_outcome', '{"outcome":"appointment_booked"}')).toEqual({
      ok: false,
      error: 'time is required for this outcome',
    });
    expect(
      await runAgentTool(state, 'record_outcome', '{"outcome":"call_back_later","time":"next week"}'),
    ).toEqual({ ok: false, error: 'time must be an ISO 8601 date and time' });
    expect(await runAgentTool(state, 'add_to_do_not_call', '{"reason": 42')).toEqual({
      ok: false,
      error: 'arguments must be a JSON object',
    });
    expect(await runAgentTool(state, 'transfer_call', '{}')).toMatchObject({ ok: false });
    expect(await runAgentTool(state, 'end_call', `{"reason":"${'x'.repeat(300)}"}`)).toEqual({
      ok: false,
      error: 'reason must be at most 255 characters',
    });
    expect(state).toMatchObject({ outcome: null, optedOut: false, endRequested: null });
    expect((await CallRecord.findByPk(call.id))?.outcome).toBeNull();
    expect(await DoNotCallNumber.count({ where: { userId: user.id } })).toBe(0);

    expect(
      await runAgentTool(
        state,
        'record_outcome',
        '{"outcome":"call_back_later","time":"2026-12-01T10:00:00-05:00"}',
      ),
    ).toMatchObject({ ok: true });
    expect((await CallRecord.findByPk(call.id))?.outcome).toBe('call_back_later');
  });

  it('puts a caller who asks not to be called on the list even when the model does not', async () => {
    const { call, user } = await answeredCall(api.baseUrl);
    const spoken: string[] = [];
    // Instructions without the campaign's facts: the sandbox model then only asks to hear it again.
    const conversation = new AgentConversation(await stateOf(call), 'Be helpful.', {
      speak: (token) => spoken.push(token),
      end: () => undefined,
    });
    await conversation.heard('Take me off your list, please.');
    expect(spoken.join('')).toBe("I'm sorry, could you say that again?");
    expect(
      await DoNotCallNumber.findOne({ where: { userId: user.id, phoneNumber: call.toNumber } }),
    ).toMatchObject({
      source: 'agent',
    });
    expect((await CallRecord.findByPk(call.id))?.outcome).toBe('do_not_call');
    await conversation.settled();
  });
});
