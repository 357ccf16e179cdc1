import { describe, expect, it } from 'vitest';
import type { AgentDocumentUploadResponse } from '@ringcast/shared-types';
import { CallRecord, Campaign, DoNotCallNumber } from '../src/db/models';
import { uploadDocuments } from './helpers/agentDocuments';
import { signRelayToken } from '../src/relay/relayToken';
import { relaySocketUrl } from '../src/telephony/callUrls';
import { useTestApi } from './helpers/server';
import { waitFor } from './helpers/sockets';
import { answeredCall, askUpgrade, storedTurns, turnsOf } from './helpers/relay';
import { endFrame, useRelayCallers } from './helpers/relayCalls';

/**
 * The relay WebSocket end to end: a real `ws` client speaking ConversationRelay's frames to the
 * api, whose agent streams from the OpenAI sandbox through the real SDK; real MariaDB and Redis.
 */
const api = useTestApi();
const connect = useRelayCallers(api);

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
    const wholeReply =
      "I'm calling to see if you'd like to book an appointment. When did you last see a dentist?";
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

  it('books an offered time (the outcome with it), closes politely and ends the session', async () => {
    const { call } = await answeredCall(api.baseUrl);
    const caller = await connect(call);
    caller.say('Yes, please book me in.');
    await caller.turn(0);
    caller.say("The first one works. I'm Dana Whitfield.");
    const end = await endFrame(caller);
    expect(JSON.parse(end.handoffData!)).toEqual({ reason: 'agent_hangup', outcome: 'appointment_booked' });
    expect((await CallRecord.findByPk(call.id))?.outcome).toBe('appointment_booked');
    expect((await CallRecord.findByPk(call.id))?.appointmentId).toEqual(expect.any(Number));
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
