import { describe, expect, it } from 'vitest';
import { TestClient, registeredClient } from './helpers/client';
import { useTestApi } from './helpers/server';
import { User } from '../src/db/models';

const api = useTestApi();

const client = () => new TestClient(api.baseUrl);

async function expectStillServing() {
  expect((await client().get('/api/health')).status).toBe(200);
}

describe('bad input gets a clear 4xx and the process keeps serving', () => {
  it('malformed JSON: 400', async () => {
    const res = await client().post('/api/login', '{"email": "a@b.co", ');
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: 'Malformed JSON body', code: 'invalid' });
    await expectStillServing();
  });

  it('a body over the size limit: 413, and nothing is stored', async () => {
    const before = await User.count();
    const res = await client().post('/api/register', {
      fullName: 'x'.repeat(200_000),
      email: 'huge@example.com',
      password: 'secret1',
    });
    expect(res.status).toBe(413);
    expect(res.json).toEqual({ error: 'Request body is too large', code: 'too_large' });
    expect(await User.count()).toBe(before);
    await expectStillServing();
  });

  it('wrong types: 400 naming the field', async () => {
    const res = await client().post('/api/register', {
      fullName: { $gt: '' },
      email: ['a@b.co'],
      password: 123456,
    });
    expect(res.status).toBe(400);
    expect(res.json.fields).toMatchObject({
      fullName: 'fullName must be text',
      email: 'email must be text',
      password: 'password must be text',
    });
    await expectStillServing();
  });

  it('a value longer than its column: 400 with the field message, not a database error', async () => {
    const longLast = await client().post('/api/register', {
      fullName: `Ada ${'L'.repeat(150)}`,
      email: 'long.last@example.com',
      password: 'secret1',
    });
    expect(longLast.status).toBe(400);
    expect(longLast.json.fields).toEqual({
      fullName: 'First and last name must each be at most 100 characters',
    });

    const { client: owner } = await registeredClient(api.baseUrl);
    const documents = await owner.post('/api/campaigns', {
      name: 'Long documents',
      type: 'appointment',
      agentDocuments: Array.from({ length: 20 }, (_, i) => `${i}-${'d'.repeat(4000)}.pdf`),
    });
    expect(documents.status).toBe(400);
    expect(Object.values(documents.json.fields as object)).toContain(
      'Each document name must be at most 255 characters',
    );
    const tones = await owner.post('/api/campaigns', {
      name: 'Many tones',
      type: 'appointment',
      aiAgentTone: Array.from({ length: 40 }, () => 'friendly').join(', '),
    });
    expect(tones.status).toBe(400);
    expect(tones.json.fields).toEqual({ aiAgentTone: 'Tones must be at most 255 characters' });
    await expectStillServing();
  });

  it('a JSON body that is not an object: 400', async () => {
    for (const body of ['[]', '"text"', '42', 'null']) {
      const res = await client().post('/api/login', body);
      expect(res.status, body).toBe(400);
    }
    await expectStillServing();
  });

  it('a form-encoded or plain-text body: 415', async () => {
    const res = await client().request('POST', '/api/login', 'email=a@b.co&password=x', {
      'Content-Type': 'application/x-www-form-urlencoded',
    });
    expect(res.status).toBe(415);
    expect(res.json.code).toBe('unsupported_type');
    await expectStillServing();
  });

  it('a state-changing call from another origin: 403', async () => {
    const res = await client().post(
      '/api/contact',
      { name: 'a', email: 'a@b.co', message: 'hello there' },
      {
        Origin: 'https://attacker.example',
      },
    );
    expect(res.status).toBe(403);
    await expectStillServing();
  });

  it('unknown API path: 404 in the error format', async () => {
    const res = await client().get('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ error: 'Not found', code: 'not_found' });
  });

  it('contact form: missing fields answer the spec message and store nothing', async () => {
    const res = await client().post('/api/contact', { name: ' ', email: 'a@b.co', message: '' });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('Please fill in all required fields.');
  });
});
