import { describe, expect, it } from 'vitest';
import type { AgentDocumentUploadResponse } from '@ringcast/shared-types';
import { getQueue } from '../src/queues';
import { requestScript } from '../src/services/scripts/requestScript';
import { HttpError } from '../src/errors';
import { registeredClient, TestClient } from './helpers/client';
import { sandboxOpenAI } from './helpers/openai';
import { useTestApi } from './helpers/server';
import { uploadDocuments } from './helpers/agentDocuments';

const api = useTestApi({ worker: true });

const campaignData = {
  name: 'Spring Checkups',
  type: 'appointment',
  goal: 'Book a cleaning before June',
  audienceIndustry: 'healthcare',
  audienceAgeRange: '26-35',
  aiAgentName: 'Ava',
  aiAgentVoice: 'female',
  aiAgentTone: 'friendly',
  companyWebsites: 'https://brightsmile.example',
  monthlyCallVolume: 500,
  agentDocuments: [] as string[],
};
const generate = (client: TestClient, body: unknown) => client.post('/api/generate-script', body);

describe('POST /api/generate-script', () => {
  it('needs a signed-in user', async () => {
    const res = await generate(new TestClient(api.baseUrl), { scriptType: 'answering', campaignData });
    expect(res.status).toBe(401);
  });

  it('validates the script type', async () => {
    const { client } = await registeredClient(api.baseUrl);
    const res = await generate(client, { scriptType: 'jingle', campaignData });
    expect(res.status).toBe(400);
    expect(res.json.fields).toEqual({
      scriptType:
        'Script type must be one of: answering, rebuttals, questions, afterAnswers, notInterested, voicemail, other',
    });
    expect((await generate(client, { campaignData })).status).toBe(400);
  });

  it('writes a script through the worker, the OpenAI SDK and the sandbox', async () => {
    const { client, user } = await registeredClient(api.baseUrl);
    const res = await generate(client, { scriptType: 'answering', campaignData });
    expect(res.status, res.text).toBe(200);
    const script = res.json.script as string;
    expect(res.json.sandbox).toBe(true);
    // No company in the profile yet: the website names it, and no placeholder is left.
    expect(script).toBe(
      [
        'Hi, this is Ava, an AI assistant calling on behalf of Brightsmile. Great to catch you!',
        "I'm calling to set up a short appointment that suits you.",
        'Do you have two minutes to talk?',
      ].join('\n'),
    );

    const voicemail = await generate(client, { scriptType: 'voicemail', campaignData });
    expect(voicemail.json.script).toContain('Please call us back at this number');
    expect(voicemail.json.script).not.toMatch(/\[[^\]]*\]/);

    const profile = await client.request('PUT', '/api/user/profile', {
      firstName: 'Nina',
      lastName: 'Dent',
      email: user.email,
      companyName: 'Spring Dental Clinic',
      phoneNumber: '(212) 555-0100',
    });
    expect(profile.status, profile.text).toBe(200);
    const signed = await generate(client, { scriptType: 'voicemail', campaignData });
    expect(signed.json.script).toBe(
      [
        'Hi, this is Ava from Spring Dental Clinic.',
        "I'm calling to set up a short appointment that suits you.",
        'Please call us back at (212) 555-0100 at your convenience. Thank you, and have a great day!',
      ].join('\n'),
    );
  });

  it('passes the text of the user’s own .txt documents, and ignores anyone else’s', async () => {
    const owner = await registeredClient(api.baseUrl);
    const uploaded = await uploadDocuments(owner.client, [
      ['offer.txt', 'Cleanings are 20% off in May. Book online.'],
    ]);
    expect(uploaded.status).toBe(201);
    const [doc] = (uploaded.json as unknown as AgentDocumentUploadResponse).files;

    const res = await generate(owner.client, {
      scriptType: 'answering',
      campaignData: { ...campaignData, agentDocuments: [doc.filename] },
    });
    expect(res.status).toBe(200);
    // A fact the script draws on, said in a sentence of its own: never pasted behind a label.
    expect(String(res.json.script).split('\n')).toContain('Cleanings are 20% off in May.');

    const stranger = await registeredClient(api.baseUrl);
    const other = await generate(stranger.client, {
      scriptType: 'answering',
      campaignData: { ...campaignData, agentDocuments: [doc.filename] },
    });
    expect(other.status).toBe(200);
    expect(other.json.script).not.toContain('20% off');
  });

  it('allows 20 scripts per user in 10 minutes, then answers 429', async () => {
    const { client } = await registeredClient(api.baseUrl);
    for (let i = 0; i < 20; i++) {
      const res = await generate(client, { scriptType: 'questions', campaignData });
      expect(res.status, `request ${i + 1}`).toBe(200);
    }
    const refused = await generate(client, { scriptType: 'questions', campaignData });
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({
      error: 'You have generated 20 scripts in the last 10 minutes. Please try again in 10 minutes.',
      code: 'too_many_attempts',
    });
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(500);
    // Someone else is not affected.
    const other = await registeredClient(api.baseUrl);
    expect((await generate(other.client, { scriptType: 'questions', campaignData })).status).toBe(200);
  }, 60_000);

  it('gives up with 504 when no worker answers in time, and drops the queued job', async () => {
    const { user } = await registeredClient(api.baseUrl);
    const queue = getQueue('generateScript');
    await queue.pause();
    try {
      const before = await queue.getWaitingCount();
      const failure = await requestScript(
        user.id,
        { scriptType: 'other', campaignData: { agentDocuments: [] } },
        { timeoutMs: 300 },
      ).catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(HttpError);
      expect(failure).toMatchObject({
        status: 504,
        message: 'Script generation timed out. Please try again.',
      });
      expect(await queue.getWaitingCount()).toBe(before);
    } finally {
      await queue.resume();
    }
  });
});

describe('the OpenAI sandbox', () => {
  const url = () => `${api.baseUrl}/sandbox/openai/v1/chat/completions`;

  it('answers the chat completion shape the SDK reads', async () => {
    const sdk = sandboxOpenAI(api.baseUrl);
    const completion = await sdk.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'user', content: 'Script type: notInterested\n\nCampaign details:\nAI agent name: Max' },
      ],
    });
    expect(completion).toMatchObject({
      id: expect.stringMatching(/^chatcmpl-/),
      object: 'chat.completion',
      created: expect.any(Number),
      model: 'gpt-4o-mini',
      choices: [
        {
          index: 0,
          finish_reason: 'stop',
          message: { role: 'assistant', content: expect.stringContaining('This is Max') },
        },
      ],
      usage: {
        prompt_tokens: expect.any(Number),
        completion_tokens: expect.any(Number),
        total_tokens: expect.any(Number),
      },
    });
  });

  it('needs a key, and validates the body in OpenAI’s error shape', async () => {
    const noKey = await fetch(url(), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(noKey.status).toBe(401);
    const headers = { 'Content-Type': 'application/json', Authorization: 'Bearer sandbox' };
    const bad = await fetch(url(), {
      method: 'POST',
      headers,
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [] }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: {
        message: 'messages must contain at least one message',
        type: 'invalid_request_error',
        param: 'messages',
        code: null,
      },
    });
    const noModel = await fetch(url(), {
      method: 'POST',
      headers,
      body: JSON.stringify({ messages: [{ role: 'user', content: 'x' }] }),
    });
    expect(((await noModel.json()) as { error: { message: string } }).error.message).toBe(
      'you must provide a model parameter',
    );
  });
});
