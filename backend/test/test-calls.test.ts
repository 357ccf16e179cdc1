import { describe, expect, it } from 'vitest';
import { Op } from 'sequelize';
import {
  MAX_TEST_NUMBERS,
  TEST_CALL_IN_PROGRESS,
  TEST_CALL_NOT_OWN_PHONE,
  TEST_CALL_NOT_US_OR_CANADA,
  TEST_CALL_ON_OWN_DO_NOT_CALL,
  TEST_CALL_ON_PLATFORM_DO_NOT_CALL,
  TEST_NUMBER_NOT_US_OR_CANADA,
  TEST_NUMBER_TAKEN,
  TEST_NUMBERS_FULL,
  type TestNumber,
} from '@ringcast/shared-types';
import { CallRecord, Campaign, DoNotCallNumber } from '../src/db/models';
import { platformTwilioAccount, twilioClient } from '../src/providers/twilio';
import { callLineFor } from '../src/services/calls/shared';
import { placeCall } from '../src/services/calls/place';
import { BUSINESS_PROFILE, registeredClient } from './helpers/client';
import { dialableCampaign, numbersEndingIn, waitUntil } from './helpers/dialer';
import { useDialerStack } from './helpers/dialerStack';

/**
 * Test calls ring only the owner's own phones (the profile's, saved test numbers in the US and
 * Canada), never a do-not-call number, one at a time and a few an hour (DESIGN.md decision 9).
 */
const api = useDialerStack({ workers: 1 });

type Owner = Awaited<ReturnType<typeof dialableCampaign>>;

/** A customer whose paid campaign has its number (bought by the worker), not yet tested. */
async function ownerWithLine(): Promise<Owner> {
  const owner = await dialableCampaign(api.baseUrl, {
    numbers: numbersEndingIn([6]),
    state: 'setup_incomplete',
  });
  await waitUntil(async () => (await Campaign.findByPk(owner.campaign.id))?.providedPhoneNumber, 'a number');
  return owner;
}

async function setProfilePhone(owner: Owner, phoneNumber: string) {
  const [firstName, lastName] = owner.credentials.fullName.split(' ');
  const res = await owner.client.request('PUT', '/api/user/profile', {
    firstName,
    lastName,
    email: owner.credentials.email,
    companyName: BUSINESS_PROFILE.companyName,
    phoneNumber,
  });
  expect(res.status, res.text).toBe(200);
}

async function saveTestNumber(owner: Pick<Owner, 'client'>, phoneNumber: string, label?: string) {
  const res = await owner.client.post('/api/test-numbers', { phoneNumber, label });
  expect(res.status, res.text).toBe(201);
  return res.json as unknown as TestNumber;
}

/** Puts a number on the customer's own do-not-call list, or on the platform's (scope 0). */
const listNotToCall = (phoneNumber: string, userId: number | null) =>
  DoNotCallNumber.create({ userId, scope: userId ?? 0, phoneNumber, source: userId ? 'manual' : 'admin' });

const testCall = (owner: Owner, phoneNumber?: string) =>
  owner.client.post('/api/test-campaign', { campaignId: owner.campaign.id, phoneNumber });

/** The calls the Twilio sandbox was asked to place to this number. */
const rungAt = async (to: string) => (await twilioClient(platformTwilioAccount()).calls.list({ to })).length;

const testCallsOf = (owner: Owner) =>
  CallRecord.findAll({ where: { userId: owner.user.id, test: true }, order: [['id', 'ASC']] });

/** Every test call of the owner has reached a final status (so another may start). */
const testCallsEnded = (owner: Owner) =>
  waitUntil(
    async () =>
      (await CallRecord.count({
        where: {
          userId: owner.user.id,
          test: true,
          status: { [Op.in]: ['queued', 'dialing', 'ringing', 'in_progress'] },
        },
      })) === 0,
    'the test calls to end',
  );

describe('test numbers', () => {
  it('keeps up to five US or Canadian numbers, each once, and only its owner sees or removes them', async () => {
    const owner = await registeredClient(api.baseUrl);
    for (const international of ['+44 20 7946 0956', '+882 16 0000 0006']) {
      const refused = await owner.client.post('/api/test-numbers', { phoneNumber: international });
      expect(refused.status).toBe(400);
      expect(refused.json.fields).toEqual({ phoneNumber: TEST_NUMBER_NOT_US_OR_CANADA });
    }
    const canadian = await saveTestNumber(owner, '(416) 555-0199', 'Office');
    expect(canadian).toMatchObject({ phoneNumber: '+14165550199', label: 'Office' });
    const again = await owner.client.post('/api/test-numbers', { phoneNumber: '+1 416 555 0199' });
    expect(again.status).toBe(409);
    expect(again.json.error).toBe(TEST_NUMBER_TAKEN);

    const more = numbersEndingIn([1, 2, 3, 4, 5]);
    for (const number of more.slice(0, MAX_TEST_NUMBERS - 1)) await saveTestNumber(owner, number);
    const sixth = await owner.client.post('/api/test-numbers', { phoneNumber: more[4] });
    expect(sixth.status).toBe(409);
    expect(sixth.json).toMatchObject({ error: TEST_NUMBERS_FULL, code: 'quota_exceeded' });
    const listed = (await owner.client.get('/api/test-numbers')).json as unknown as TestNumber[];
    expect(listed.map((n) => n.phoneNumber)).toEqual(['+14165550199', ...more.slice(0, 4)]);

    const stranger = await registeredClient(api.baseUrl);
    expect((await stranger.client.get('/api/test-numbers')).json).toEqual([]);
    expect((await stranger.client.request('DELETE', `/api/test-numbers/${canadian.id}`)).status).toBe(404);
    expect((await owner.client.request('DELETE', `/api/test-numbers/${canadian.id}`)).status).toBe(204);
    await saveTestNumber(owner, more[4]);
  });
});

describe('POST /api/test-campaign', () => {
  it('rings the profile phone by default, and a saved test number however it is written', async () => {
    const owner = await ownerWithLine();
    const [profilePhone, saved] = numbersEndingIn([1, 3]);
    await setProfilePhone(owner, profilePhone);
    const first = await testCall(owner);
    expect(first.status, first.text).toBe(200);
    await testCallsEnded(owner);

    await saveTestNumber(owner, saved);
    const national = `(${saved.slice(2, 5)}) ${saved.slice(5, 8)}-${saved.slice(8)}`;
    const second = await testCall(owner, national);
    expect(second.status, second.text).toBe(200);
    expect((await testCallsOf(owner)).map((c) => c.toNumber)).toEqual([profilePhone, saved]);
    expect(await rungAt(profilePhone)).toBe(1);
    expect(await rungAt(saved)).toBe(1);
  }, 60_000);

  it('refuses any number that is not the owner’s own with 403, and rings nothing', async () => {
    const owner = await ownerWithLine();
    const [foreign] = numbersEndingIn([8]);
    for (const number of [foreign, '+882 16 0000 0006', '+44 20 7946 0956']) {
      const res = await testCall(owner, number);
      expect(res.status, number).toBe(403);
      expect(res.json.error).toBe(TEST_CALL_NOT_OWN_PHONE);
    }
    // The owner's own phone, but abroad: still not a line test calls may ring.
    await setProfilePhone(owner, '+44 20 7946 0958');
    const abroad = await testCall(owner);
    expect(abroad.status).toBe(403);
    expect(abroad.json.error).toBe(TEST_CALL_NOT_US_OR_CANADA);
    expect(await testCallsOf(owner)).toEqual([]);
    expect(await rungAt(foreign)).toBe(0);
    expect(await rungAt('+882160000006')).toBe(0);
  }, 60_000);

  it('refuses a number on the customer’s or the platform’s do-not-call list with 409 naming it', async () => {
    const owner = await ownerWithLine();
    const [own, platform] = numbersEndingIn([8, 9]);
    await saveTestNumber(owner, own);
    await saveTestNumber(owner, platform);
    await listNotToCall(own, owner.user.id);
    await listNotToCall(platform, null);

    const onOwn = await testCall(owner, own);
    expect(onOwn.status).toBe(409);
    expect(onOwn.json.error).toBe(TEST_CALL_ON_OWN_DO_NOT_CALL);
    const onPlatform = await testCall(owner, platform);
    expect(onPlatform.status).toBe(409);
    expect(onPlatform.json.error).toBe(TEST_CALL_ON_PLATFORM_DO_NOT_CALL);
    expect(await testCallsOf(owner)).toEqual([]);
    expect(await rungAt(own)).toBe(0);
    expect(await rungAt(platform)).toBe(0);
  }, 60_000);

  it('withdraws a queued test call whose number was listed since, before dialing it', async () => {
    const owner = await ownerWithLine();
    const [phone] = numbersEndingIn([7]);
    const line = await callLineFor((await Campaign.findByPk(owner.campaign.id))!);
    const call = await CallRecord.create({
      campaignId: owner.campaign.id,
      userId: owner.user.id,
      toNumber: phone,
      fromNumber: line!.fromNumber,
      accountSid: line!.account.accountSid,
      test: true,
      status: 'queued',
    });
    await listNotToCall(phone, null);
    expect(await placeCall(call.id)).toEqual({ placed: false, reason: 'canceled' });
    expect((await call.reload()).status).toBe('canceled');
    expect(await rungAt(phone)).toBe(0);
  });

  it('places one of several requests at once; the others wait for it (429 with Retry-After)', async () => {
    const owner = await ownerWithLine();
    // No one answers: the call rings for the ring timeout, long after every request is answered.
    const phones = numbersEndingIn([1, 1]);
    for (const phone of phones) await saveTestNumber(owner, phone);
    const answers = await Promise.all([...phones, ...phones].map((phone) => testCall(owner, phone)));
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([200, 429, 429, 429]);
    for (const refused of answers.filter((res) => res.status === 429)) {
      expect(refused.json.error).toBe(TEST_CALL_IN_PROGRESS);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(await testCallsOf(owner)).toHaveLength(1);
    expect((await rungAt(phones[0])) + (await rungAt(phones[1]))).toBe(1);
  }, 60_000);

  it('allows five an hour: the sixth is 429 with Retry-After, and refused requests used none of them', async () => {
    const owner = await ownerWithLine();
    const [busy, foreign] = numbersEndingIn([0, 7]);
    await saveTestNumber(owner, busy);
    // Refused before the allowance is counted: not the owner's number, then on their list.
    expect((await testCall(owner, foreign)).status).toBe(403);
    const [listed] = numbersEndingIn([2]);
    await saveTestNumber(owner, listed);
    await listNotToCall(listed, owner.user.id);
    expect((await testCall(owner, listed)).status).toBe(409);

    for (let i = 0; i < 5; i++) {
      const res = await testCall(owner, busy);
      expect(res.status, res.text).toBe(200);
      await testCallsEnded(owner);
    }
    const sixth = await testCall(owner, busy);
    expect(sixth.status).toBe(429);
    expect(sixth.json.error).toMatch(/^You have placed 5 test calls in the last hour\. Please try again in/);
    const retryAfter = Number(sixth.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await rungAt(busy)).toBe(5);
  }, 90_000);
});
