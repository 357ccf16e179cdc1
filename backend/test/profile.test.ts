import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TestClient, registeredClient } from './helpers/client';
import { useTestApi } from './helpers/server';
import { User } from '../src/db/models';
import { decryptSecret } from '../src/lib/secretBox';
import { TWILIO_NUMBER_NOT_OWNED, TWILIO_REFUSED_CREDENTIALS } from '@ringcast/shared-types';

const api = useTestApi();

const put = (client: TestClient, body: unknown) => client.request('PUT', '/api/user/profile', body);

const PROFILE = {
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  companyName: 'Navy',
  phoneNumber: '+1 415 555 0100',
};
const TOKEN = '0123456789abcdef0123456789abcdef';
const TWILIO = {
  twilioAccountSid: `AC${'0f'.repeat(16)}`,
  twilioAuthToken: TOKEN,
  twilioPhoneNumber: '+14155550123',
};

describe('PUT /api/user/profile: profile', () => {
  it.each([
    ['firstName', '', 'First name is required'],
    ['lastName', '  ', 'Last name is required'],
    ['email', 'not-an-email', 'Invalid email address'],
    ['companyName', '', 'Company name is required'],
    ['phoneNumber', '', 'Phone number is required'],
  ])('%s = %j: 400 "%s"', async (field, value, message) => {
    const { client } = await registeredClient(api.baseUrl);
    const res = await put(client, {
      ...PROFILE,
      email: `${field}.${Date.now()}@example.com`,
      [field]: value,
    });
    expect(res.status).toBe(400);
    expect(res.json.fields?.[field]).toBe(message);
  });

  it('saves the profile and answers the updated user', async () => {
    const { client, user } = await registeredClient(api.baseUrl);
    const email = `grace.${Date.now()}@example.com`;
    const res = await put(client, { ...PROFILE, firstName: ' Grace ', email: email.toUpperCase() });
    expect(res.status).toBe(200);
    // Stored as E.164, whichever way it was written.
    expect(res.json).toMatchObject({ ...PROFILE, id: user.id, email, phoneNumber: '+14155550100' });
    // The session's cached user is refreshed too.
    expect((await client.get('/api/auth/user')).json).toMatchObject({
      firstName: 'Grace',
      email,
      companyName: 'Navy',
    });
  });

  it('refuses an email another account has: 409', async () => {
    const other = await registeredClient(api.baseUrl);
    const { client, user } = await registeredClient(api.baseUrl);
    const res = await put(client, { ...PROFILE, email: other.credentials.email.toUpperCase() });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe('An account with this email already exists.');
    expect((await User.findByPk(user.id))?.email).toBe(user.email);
  });

  it('keeping your own email is fine', async () => {
    const { client, credentials } = await registeredClient(api.baseUrl);
    expect((await put(client, { ...PROFILE, email: credentials.email })).status).toBe(200);
  });
});

/** An account SID no other test has saved: the sandbox knows an account by its saved SID and token. */
const freshSid = () => `AC${randomBytes(16).toString('hex')}`;

describe('PUT /api/user/profile: Twilio', () => {
  it.each([
    ['twilioAccountSid', '', 'Account SID is required'],
    ['twilioAccountSid', 'AC123', 'Account SID must be "AC" followed by 32 hexadecimal characters'],
    ['twilioAuthToken', '', 'Auth Token is required'],
    ['twilioPhoneNumber', '', 'Phone number is required'],
    ['twilioPhoneNumber', '555 0123', 'Enter a valid phone number'],
  ])('%s = %j: 400 "%s"', async (field, value, message) => {
    const { client } = await registeredClient(api.baseUrl);
    const res = await put(client, { ...TWILIO, [field]: value });
    expect(res.status).toBe(400);
    expect(res.json.fields?.[field]).toBe(message);
  });

  it('stores the token encrypted and only ever returns it masked', async () => {
    const { client, user } = await registeredClient(api.baseUrl);
    const res = await put(client, TWILIO);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      twilioAccountSid: TWILIO.twilioAccountSid,
      twilioPhoneNumber: '+14155550123',
    });
    expect(res.json.twilioAuthToken).toBe('••••••••cdef');
    expect(res.text).not.toContain(TOKEN);
    expect((await client.get('/api/auth/user')).json.twilioAuthToken).toBe('••••••••cdef');

    const stored = await User.findByPk(user.id);
    expect(stored?.twilioAuthTokenEncrypted).toBeTruthy();
    expect(stored?.twilioAuthTokenEncrypted).not.toContain(TOKEN);
    expect(decryptSecret(stored!.twilioAuthTokenEncrypted!)).toBe(TOKEN);
  });

  it.each(['(415) 555-0102', '415-555-0102', '+14155550102'])(
    'takes %j as the profile does, and stores it as E.164',
    async (twilioPhoneNumber) => {
      const { client, user } = await registeredClient(api.baseUrl);
      const res = await put(client, { ...TWILIO, twilioPhoneNumber });
      expect(res.status, res.text).toBe(200);
      expect(res.json.twilioPhoneNumber).toBe('+14155550102');
      expect((await User.findByPk(user.id))?.twilioPhoneNumber).toBe('+14155550102');
      const profile = await put(client, { ...PROFILE, email: user.email, phoneNumber: twilioPhoneNumber });
      expect(profile.json.phoneNumber).toBe('+14155550102');
    },
  );

  it('GET /api/user/twilio-status: asks Twilio whether the saved credentials and number work', async () => {
    const { client } = await registeredClient(api.baseUrl);
    const status = async () => (await client.get('/api/user/twilio-status')).json;
    expect(await status()).toEqual({ status: 'not_configured' });

    const own = { ...TWILIO, twilioAccountSid: freshSid() };
    expect((await put(client, { ...own, twilioPhoneNumber: '(415) 555-0102' })).status).toBe(200);
    expect(await status()).toEqual({ status: 'connected', phoneNumber: '+14155550102' });

    // The sandbox's customer accounts own every number but those ending in 0000.
    expect((await put(client, { ...own, twilioPhoneNumber: '+14155550000' })).status).toBe(200);
    expect(await status()).toEqual({
      status: 'failed',
      phoneNumber: '+14155550000',
      message: TWILIO_NUMBER_NOT_OWNED,
    });
  });

  it('GET /api/user/twilio-status: credentials Twilio refuses are said so', async () => {
    const { client, user } = await registeredClient(api.baseUrl);
    const own = { ...TWILIO, twilioAccountSid: freshSid() };
    expect((await put(client, own)).status).toBe(200);
    // Another account saves the same SID with another token: the sandbox takes neither token now.
    const other = await registeredClient(api.baseUrl);
    expect((await put(other.client, { ...own, twilioAuthToken: 'f'.repeat(32) })).status).toBe(200);
    const res = await client.get('/api/user/twilio-status');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      status: 'failed',
      phoneNumber: TWILIO.twilioPhoneNumber,
      message: TWILIO_REFUSED_CREDENTIALS,
    });
    expect((await User.findByPk(user.id))?.twilioAccountSid).toBe(own.twilioAccountSid);
  });

  it('GET /api/user/twilio-status signed out: 401', async () => {
    expect((await new TestClient(api.baseUrl).get('/api/user/twilio-status')).status).toBe(401);
  });

  it('leaves the profile untouched', async () => {
    const { client, user } = await registeredClient(api.baseUrl, { fullName: 'Ada Lovelace' });
    await put(client, TWILIO);
    expect((await User.findByPk(user.id))?.firstName).toBe('Ada');
  });
});

describe('PUT /api/user/profile: which form', () => {
  it('signed out: 401', async () => {
    expect((await put(new TestClient(api.baseUrl), PROFILE)).status).toBe(401);
  });

  it('neither set of fields, or both: 400', async () => {
    const { client } = await registeredClient(api.baseUrl);
    const neither = await put(client, { isAdmin: true });
    expect(neither.status).toBe(400);
    expect(neither.json.error).toMatch(/^Send the profile fields/);
    const both = await put(client, { ...PROFILE, ...TWILIO });
    expect(both.status).toBe(400);
    expect(both.json.error).toMatch(/not both$/);
  });

  it('never changes fields outside the form (isAdmin)', async () => {
    const { client, user } = await registeredClient(api.baseUrl);
    const res = await put(client, { ...PROFILE, email: `x.${Date.now()}@example.com`, isAdmin: true });
    expect(res.status).toBe(200);
    expect(res.json.isAdmin).toBe(false);
    expect((await User.findByPk(user.id))?.isAdmin).toBe(false);
  });

  it('a value of the wrong type is refused, not cast', async () => {
    const { client } = await registeredClient(api.baseUrl);
    const res = await put(client, { ...PROFILE, phoneNumber: 4155550100 });
    expect(res.status).toBe(400);
    expect(res.json.fields?.phoneNumber).toBe('phoneNumber must be text');
  });
});
