import OpenAI from 'openai';
import type { ChatCompletionTool } from 'openai/resources/chat/completions';
import { describe, expect, it } from 'vitest';
import { AGENT_TOOL_DEFINITIONS, type CallDetail } from '@ringcast/shared-types';
import { CallRecord, DoNotCallNumber } from '../src/db/models';
import { callSide } from '../src/services/agent/callSide';
import { AgentConversation } from '../src/services/agent/conversation';
import { loadCallWithBrief } from '../src/services/agent/agentBrief';
import { agentInstructions } from '../src/services/agent/instructions';
import { runAgentTool } from '../src/services/agent/tools';
import { sandboxOpenAI } from './helpers/openai';
import { useTestApi } from './helpers/server';
import { adminClient } from './helpers/admin';
import { registeredClient } from './helpers/client';
import { collect, openSocket, waitFor } from './helpers/sockets';
import { answeredCall, turnsOf } from './helpers/relay';
import { useRelayCallers } from './helpers/relayCalls';

/**
 * What the agent on a relay call leaves and uses: the call's transcript as its owner and admins
 * read it, the OpenAI sandbox it talks to through the real SDK, and its tools and backstop.
 */
const api = useTestApi();
const connect = useRelayCallers(api);

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
    const client = sandboxOpenAI(api.baseUrl);
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
    const conversation = new AgentConversation(callSide(await stateOf(call)), 'Be helpful.', {
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
