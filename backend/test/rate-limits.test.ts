import { afterEach, describe, expect, it } from 'vitest';
import { config } from '../src/config';
import { ContactMessage } from '../src/db/models';
import { RATE_LIMITS } from '../src/lib/limits';
import { TestClient, uniqueEmail } from './helpers/client';
import { useTestApiFromAddresses } from './helpers/server';

// Each test acts from addresses of its own, at the limits' real numbers.
const { newAddress, at, registeredAt } = useTestApiFromAddresses(12);
const userAt = async (address: string) => (await registeredAt(address)).client;

type Response = Awaited<ReturnType<TestClient['request']>>;

/** The limit's 429: its message with the wait, its code, and a Retry-After within the window. */
function expectRefused(res: Response, message: RegExp, windowSeconds: number) {
  expect(res.status, res.text).toBe(429);
  expect(res.json.code).toBe('too_many_attempts');
  expect(res.json.error).toMatch(message);
  const retryAfter = Number(res.headers.get('Retry-After'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

const ticket = (n: number) => ({
  subject: `Question ${n}`,
  message: 'How do I pause a campaign for a week?',
});
const textFile = (name = 'notes.txt') => {
  const form = new FormData();
  form.append('documents', new Blob(['Opening hours: 9 to 5.']), name);
  return form;
};
const csvFile = () => {
  const form = new FormData();
  form.append('file', new Blob(['Name,Phone\nAda,(212) 555-0142\n']), 'leads.csv');
  return form;
};

describe('rate limits', () => {
  it('sign-up: 10 accounts an hour per address', async () => {
    const address = newAddress();
    const { points, windowSeconds } = RATE_LIMITS.signUpPerAddress;
    const signUp = (from: string) =>
      at(from).post('/api/register', {
        fullName: 'Ada Lovelace',
        email: uniqueEmail('signup'),
        password: 'secret1',
      });
    for (let i = 0; i < points; i++) expect((await signUp(address)).status).toBe(201);
    expectRefused(
      await signUp(address),
      /^Too many accounts were created from your network\. Please try again in \d+ minutes?\.$/,
      windowSeconds,
    );
    expect((await signUp(newAddress())).status).toBe(201);
  });

  it('counts an IPv6 client by its /64, so new addresses in it do not reset the count', async () => {
    const { points } = RATE_LIMITS.signUpPerAddress;
    const signUp = (from: string) =>
      at(from).post('/api/register', {
        fullName: 'Ada Lovelace',
        email: uniqueEmail('v6'),
        password: 'secret1',
      });
    for (let i = 1; i <= points; i++)
      expect((await signUp(`2001:db8:12:34::${i.toString(16)}`)).status).toBe(201);
    expect((await signUp('2001:db8:12:34:ffff:ffff:ffff:ffff')).status).toBe(429);
    expect((await signUp('2001:db8:12:35::1')).status).toBe(201);
  });

  it('contact form: 5 messages an hour per address; a refused one is neither stored nor pushed', async () => {
    const address = newAddress();
    const email = uniqueEmail('contact');
    const { points, windowSeconds } = RATE_LIMITS.contactPerAddress;
    const send = (from: string) =>
      at(from).post('/api/contact', { name: 'Ann', email, message: 'Do you call Canada too?' });
    for (let i = 0; i < points; i++) expect((await send(address)).status).toBe(201);
    expectRefused(
      await send(address),
      /^You have sent us several messages already\. Please try again in \d+ minutes?\.$/,
      windowSeconds,
    );
    // Only stored messages are delivered (and pushed to the admins) by the worker.
    expect(await ContactMessage.count({ where: { email } })).toBe(points);
    expect((await send(newAddress())).status).toBe(201);
  });

  it('support tickets: 10 an hour per user', async () => {
    const address = newAddress();
    const client = await userAt(address);
    const { points, windowSeconds } = RATE_LIMITS.supportTicketPerUser;
    for (let i = 0; i < points; i++)
      expect((await client.post('/api/support-tickets', ticket(i))).status).toBe(201);
    expectRefused(
      await client.post('/api/support-tickets', ticket(99)),
      /^You have opened 10 support tickets in the last hour\. Please add to an open ticket, or try again in \d+ minutes?\.$/,
      windowSeconds,
    );
    // Someone else at the same address is not affected.
    expect((await (await userAt(address)).post('/api/support-tickets', ticket(0))).status).toBe(201);
  });

  it('support tickets: 30 an hour per address', async () => {
    const address = newAddress();
    const { points, windowSeconds } = RATE_LIMITS.supportTicketPerAddress;
    const perUser = RATE_LIMITS.supportTicketPerUser.points;
    let sent = 0;
    while (sent < points) {
      const client = await userAt(address);
      for (let i = 0; i < perUser && sent < points; i++, sent++)
        expect((await client.post('/api/support-tickets', ticket(i))).status).toBe(201);
    }
    const fresh = await userAt(address);
    expectRefused(
      await fresh.post('/api/support-tickets', ticket(0)),
      /^Too many support tickets were opened from your network\. Please try again in \d+ minutes?\.$/,
      windowSeconds,
    );
  });

  it('uploads: 30 an hour per user, prospect lists and documents together', async () => {
    const address = newAddress();
    const client = await userAt(address);
    const { points, windowSeconds } = RATE_LIMITS.uploadPerUser;
    expect((await client.post('/api/prospect-lists/upload', csvFile())).status).toBe(201);
    for (let i = 1; i < points; i++)
      expect((await client.post('/api/agent-documents/upload', textFile())).status).toBe(201);
    expectRefused(
      await client.post('/api/prospect-lists/upload', csvFile()),
      /^You have uploaded 30 times in the last hour\. Please try again in \d+ minutes?\.$/,
      windowSeconds,
    );
    expectRefused(
      await client.post('/api/agent-documents/upload', textFile()),
      /^You have uploaded/,
      windowSeconds,
    );
    expect((await (await userAt(address)).post('/api/agent-documents/upload', textFile())).status).toBe(201);
  }, 60_000);

  it('uploads: 60 an hour per address', async () => {
    const address = newAddress();
    const { points, windowSeconds } = RATE_LIMITS.uploadPerAddress;
    const perUser = RATE_LIMITS.uploadPerUser.points;
    let sent = 0;
    while (sent < points) {
      const client = await userAt(address);
      for (let i = 0; i < perUser && sent < points; i++, sent++)
        expect((await client.post('/api/agent-documents/upload', textFile())).status).toBe(201);
    }
    expectRefused(
      await (await userAt(address)).post('/api/agent-documents/upload', textFile()),
      /^Too many uploads from your network\. Please try again in \d+ minutes?\.$/,
      windowSeconds,
    );
  }, 60_000);

  describe('script generation', () => {
    // Every request counts, answered or not: these bodies are refused (400) after being counted,
    // so no worker (and no model) is needed to reach the limits.
    const invalid = { scriptType: 'jingle', campaignData: {} };
    const generate = (client: TestClient) => client.post('/api/generate-script', invalid);
    const defaultTotal = config.scriptGenerationsPerHour;
    afterEach(() => {
      config.scriptGenerationsPerHour = defaultTotal;
    });

    it('20 in 10 minutes per user', async () => {
      const client = await userAt(newAddress());
      const { points, windowSeconds } = RATE_LIMITS.scriptPerUser;
      for (let i = 0; i < points; i++) expect((await generate(client)).status).toBe(400);
      expectRefused(
        await generate(client),
        /^You have generated 20 scripts in the last 10 minutes\. Please try again in \d+ minutes?\.$/,
        windowSeconds,
      );
    });

    it('40 in 10 minutes per address, whatever the accounts', async () => {
      const address = newAddress();
      const { points, windowSeconds } = RATE_LIMITS.scriptPerAddress;
      const perUser = RATE_LIMITS.scriptPerUser.points;
      let sent = 0;
      while (sent < points) {
        const client = await userAt(address);
        for (let i = 0; i < perUser && sent < points; i++, sent++)
          expect((await generate(client)).status).toBe(400);
      }
      expectRefused(
        await generate(await userAt(address)),
        /^Too many scripts were generated from your network\. Please try again in \d+ minutes?\.$/,
        windowSeconds,
      );
    });

    it('SCRIPT_GENERATIONS_PER_HOUR for the whole deployment, whatever the accounts and addresses', async () => {
      config.scriptGenerationsPerHour = 3;
      const { windowSeconds } = RATE_LIMITS.scriptTotal;
      for (let i = 0; i < 3; i++) expect((await generate(await userAt(newAddress()))).status).toBe(400);
      expectRefused(
        await generate(await userAt(newAddress())),
        /^Script writing is busy right now\. Please try again in \d+ minutes?\.$/,
        windowSeconds,
      );
    });
  });

  it('coupon attempts: 20 in 10 minutes per user', async () => {
    const client = await userAt(newAddress());
    const { points, windowSeconds } = RATE_LIMITS.couponPerUser;
    const attempt = () =>
      client.post('/api/apply-coupon', { paymentIntentId: 'pi_missing', couponCode: 'GUESS' });
    for (let i = 0; i < points; i++) expect((await attempt()).status).not.toBe(429);
    expectRefused(
      await attempt(),
      /^Too many coupon attempts\. Please try again in \d+ minutes?\.$/,
      windowSeconds,
    );
  });
});
