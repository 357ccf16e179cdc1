import { describe, expect, it } from 'vitest';
import { QueryTypes } from 'sequelize';
import type { PlaygroundReply } from '@ringcast/shared-types';
import { sequelize } from '../src/db/sequelize';
import { DRAFT, userWithDraft } from './helpers/campaigns';
import { giveBusinessProfile, registeredClient, TestClient } from './helpers/client';
import { useTestApi } from './helpers/server';

/**
 * POST /api/playground: the campaign's agent answering typed words through the same conversation
 * code as a live call and the OpenAI sandbox, with nothing stored and no tool acting.
 */
const api = useTestApi();

const OPENING = 'Hi, this is Ava, an AI assistant calling on behalf of Spring Dental Clinic.';
const SCRIPTED = {
  ...DRAFT,
  goal: 'Book a cleaning before June.',
  aiAgentName: 'Ava',
  scriptAnswering: `${OPENING} Do you have a minute?`,
  scriptQuestions: 'When was your last cleaning? Would a morning visit suit you?',
};

async function ownerOfScriptedDraft() {
  const owner = await userWithDraft(api.baseUrl, SCRIPTED);
  await giveBusinessProfile(owner);
  return owner;
}

const play = (client: TestClient, body: unknown) => client.post('/api/playground', body);

/** Everything a call would leave for this owner and campaign: rows, turns, statistics. */
async function leftBehind(userId: number, campaignId: number) {
  const count = async (sql: string, replacements: unknown[]) => {
    const [row] = await sequelize.query<{ n: number }>(sql, { replacements, type: QueryTypes.SELECT });
    return Number(row?.n);
  };
  const [campaign] = await sequelize.query<Record<string, unknown>>(
    `SELECT totalCalls, successfulCalls, personCalls, voicemailCalls, receivedCalls, updatedAt
       FROM campaigns WHERE id = ?`,
    { replacements: [campaignId], type: QueryTypes.SELECT },
  );
  return {
    calls: await count('SELECT COUNT(*) n FROM call_records WHERE userId = ?', [userId]),
    turns: await count(
      `SELECT COUNT(*) n FROM call_transcript_turns t
         JOIN call_records c ON c.id = t.callRecordId WHERE c.userId = ?`,
      [userId],
    ),
    doNotCall: await count('SELECT COUNT(*) n FROM do_not_call_numbers WHERE userId = ?', [userId]),
    appointments: await count('SELECT COUNT(*) n FROM appointments WHERE userId = ?', [userId]),
    adjustments: await count('SELECT COUNT(*) n FROM campaign_stat_adjustments WHERE campaignId = ?', [
      campaignId,
    ]),
    campaign,
  };
}

describe('POST /api/playground', () => {
  it('answers the opening for no messages, then each callee message as the agent would, storing nothing', async () => {
    const { client, user, campaign } = await ownerOfScriptedDraft();
    const before = await leftBehind(user.id, campaign.id);

    const opening = await play(client, { campaignId: campaign.id, messages: [] });
    expect(opening.status, opening.text).toBe(200);
    expect(opening.json).toEqual({ reply: OPENING, toolCalls: [], ended: false });

    const asked = await play(client, {
      campaignId: campaign.id,
      messages: [
        { role: 'agent', text: OPENING },
        { role: 'callee', text: 'What is this about?' },
      ],
    });
    expect(asked.status, asked.text).toBe(200);
    const answer = asked.json as unknown as PlaygroundReply;
    // The sandbox's words are its own; the agent answers from the campaign, in words of its own.
    expect(answer.reply).toMatch(/June/);
    expect(answer).toMatchObject({ toolCalls: [], ended: false });

    const booked = await play(client, {
      campaignId: campaign.id,
      messages: [
        { role: 'agent', text: OPENING },
        { role: 'callee', text: 'What is this about?' },
        { role: 'agent', text: answer.reply },
        { role: 'callee', text: 'Sure, book me in.' },
      ],
    });
    expect(booked.status, booked.text).toBe(200);
    // A booking campaign's agent checks the calendar first (reading changes nothing, so it is not
    // noted) and offers the free times; booking one is book_appointment's, never a bare outcome.
    const offered = booked.json as unknown as PlaygroundReply;
    expect(offered.reply).toMatch(/^(I have|I'm sorry, nothing is free then).+ Which would suit you\?$/);
    expect(offered).toMatchObject({ toolCalls: [], ended: false });

    expect(await leftBehind(user.id, campaign.id)).toEqual(before);
  });

  it('notes a do-not-call request once, as a tool call, and adds no number to the list', async () => {
    const { client, user, campaign } = await ownerOfScriptedDraft();
    const before = await leftBehind(user.id, campaign.id);
    const res = await play(client, {
      campaignId: campaign.id,
      messages: [
        { role: 'agent', text: OPENING },
        { role: 'callee', text: 'Please take me off your list and stop calling me.' },
      ],
    });
    expect(res.status, res.text).toBe(200);
    const reply = res.json as unknown as PlaygroundReply;
    expect(reply.toolCalls).toEqual([
      { name: 'add_to_do_not_call', arguments: { reason: 'asked during the call' } },
      { name: 'end_call', arguments: { reason: 'conversation over' } },
    ]);
    expect(reply.reply).toMatch(/list/);
    expect(reply.ended).toBe(true);
    expect(await leftBehind(user.id, campaign.id)).toEqual(before);
  });

  it("answers 404 for another's campaign or none, 401 signed out, 409 without an answering script", async () => {
    const { campaign } = await ownerOfScriptedDraft();
    const { client: stranger } = await registeredClient(api.baseUrl);
    const body = { campaignId: campaign.id, messages: [] };
    const theirs = await play(stranger, body);
    expect(theirs.status).toBe(404);
    expect(theirs.json.error).toBe('Campaign not found');
    expect((await play(stranger, { ...body, campaignId: 999_999_999 })).status).toBe(404);
    expect((await play(new TestClient(api.baseUrl), body)).status).toBe(401);

    const bare = await userWithDraft(api.baseUrl);
    const unscripted = await play(bare.client, { campaignId: bare.campaign.id, messages: [] });
    expect(unscripted.status).toBe(409);
    expect(unscripted.json.error).toMatch(/answering script/);
  });

  it('refuses a body that is not a conversation to answer (400)', async () => {
    const { client, campaign } = await ownerOfScriptedDraft();
    const campaignId = campaign.id;
    const callee = (text: string) => ({ role: 'callee', text });
    const refused = async (body: unknown) => {
      const res = await play(client, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      return res.json.fields as Record<string, string>;
    };
    expect(await refused({ messages: [] })).toHaveProperty('campaignId');
    expect(await refused({ campaignId })).toHaveProperty('messages');
    expect(await refused({ campaignId, messages: 'hello' })).toHaveProperty('messages');
    expect(await refused({ campaignId, messages: [{ role: 'boss', text: 'Hi' }] })).toHaveProperty(
      ['messages[0].role'],
      'role must be callee or agent',
    );
    expect(await refused({ campaignId, messages: [callee('   ')] })).toHaveProperty('messages[0].text');
    expect(await refused({ campaignId, messages: [callee('x'.repeat(1001))] })).toHaveProperty(
      'messages[0].text',
    );
    expect(await refused({ campaignId, messages: Array.from({ length: 41 }, () => callee('Hi')) })).toEqual({
      messages: 'The conversation is too long to try (at most 40 messages). Restart it.',
    });
    expect(await refused({ campaignId, messages: [callee('Hi'), { role: 'agent', text: 'Hello' }] })).toEqual(
      { messages: "The last message must be the callee's: the agent answers it" },
    );
  });

  it('is limited per account like script writing: past 60 messages in 10 minutes, 429', async () => {
    const { client, campaign } = await ownerOfScriptedDraft();
    const body = { campaignId: campaign.id, messages: [] };
    const answers = [];
    for (let i = 0; i < 60; i++) answers.push((await play(client, body)).status);
    expect(answers.every((status) => status === 200)).toBe(true);
    const refused = await play(client, body);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect(refused.json.error).toMatch(/60 messages in the last 10 minutes/);
  });
});
