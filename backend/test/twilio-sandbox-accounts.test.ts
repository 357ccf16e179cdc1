import twilio from 'twilio';
import { describe, expect, it } from 'vitest';
import { platformTwilioAccount, twilioClient } from '../src/providers/twilio';
import { AREA_CODE_WITHOUT_NUMBERS } from '@ringcast/sandbox/testing';
import { unsavedTwilioAccount } from './helpers/twilioAccounts';
import { platform, useTwilioSandbox } from './helpers/twilioSandbox';

/** The Twilio sandbox's accounts and numbers, through the real `twilio` SDK: REST shapes and errors. */
const sandbox = useTwilioSandbox();
const { placeCall } = sandbox;

describe('Twilio sandbox: accounts and numbers', () => {
  it('fetches the account, and refuses wrong or missing credentials with 20003', async () => {
    const account = await platform().api.v2010.accounts(platformTwilioAccount().accountSid).fetch();
    expect(account).toMatchObject({ sid: platformTwilioAccount().accountSid, status: 'active' });

    const wrongToken = twilioClient({ ...platformTwilioAccount(), authToken: 'f'.repeat(32) });
    const refused = await wrongToken.calls.list({ limit: 1 }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(twilio.RestException);
    expect(refused).toMatchObject({ status: 401, code: 20003 });

    const missing = await fetch(
      `${sandbox.api.baseUrl}/sandbox/twilio/2010-04-01/Accounts/${platformTwilioAccount().accountSid}/Calls.json`,
    );
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ code: 20003, status: 401, more_info: expect.any(String) });
  });

  it('serves a customer account saved with us, with its token only', async () => {
    const own = sandbox.customer;
    expect((await twilioClient(own).api.v2010.accounts(own.accountSid).fetch()).sid).toBe(own.accountSid);
    const other = twilioClient({ ...own, authToken: unsavedTwilioAccount().authToken });
    await expect(other.api.v2010.accounts(own.accountSid).fetch()).rejects.toMatchObject({ code: 20003 });
    const malformed = twilioClient({ ...unsavedTwilioAccount(), accountSid: `AC${'z'.repeat(32)}` });
    await expect(malformed.calls.list({ limit: 1 })).rejects.toMatchObject({ code: 20003 });
  });

  it('refuses an account nobody saved with 401 before anything else, whatever it asks', async () => {
    // Before, any well-formed SID and token became an account on first use.
    const stranger = unsavedTwilioAccount();
    const client = twilioClient(stranger);
    await expect(client.api.v2010.accounts(stranger.accountSid).fetch()).rejects.toMatchObject({
      status: 401,
      code: 20003,
    });
    await expect(client.incomingPhoneNumbers.create({ areaCode: '617' })).rejects.toMatchObject({
      status: 401,
    });
    // Not validated, not looked up, not even routed: an invalid call, a missing call, an unknown path.
    const base = `${sandbox.api.baseUrl}/sandbox/twilio/2010-04-01/Accounts/${stranger.accountSid}`;
    const auth = `Basic ${Buffer.from(`${stranger.accountSid}:${stranger.authToken}`).toString('base64')}`;
    const asked = await Promise.all(
      [
        [`${base}/Calls.json`, 'POST', 'To=nope'],
        [`${base}/Calls/CA${'0'.repeat(32)}.json`, 'GET'],
        [`${base}/Nothing/Here.json`, 'GET'],
        [`${sandbox.api.baseUrl}/sandbox/twilio/2010-04-01/Accounts.json`, 'GET'],
        [`${sandbox.api.baseUrl}/sandbox/twilio/2010-04-01`, 'GET'],
      ].map(([url, method, body]) =>
        fetch(url!, {
          method,
          headers: { Authorization: auth, 'Content-Type': 'application/x-www-form-urlencoded' },
          body,
        }),
      ),
    );
    expect(asked.map((res) => res.status)).toEqual([401, 401, 401, 401, 401]);
    expect(await asked[0]!.json()).toMatchObject({ code: 20003, status: 401 });
    // The platform's own credentials on a path it has no route for: known, so 404.
    const platformAuth = `Basic ${Buffer.from(`${platformTwilioAccount().accountSid}:${platformTwilioAccount().authToken}`).toString('base64')}`;
    const unknownPath = await fetch(
      `${sandbox.api.baseUrl}/sandbox/twilio/2010-04-01/Accounts/${platformTwilioAccount().accountSid}/Nothing.json`,
      { headers: { Authorization: platformAuth } },
    );
    expect(unknownPath.status).toBe(404);
  });

  it('lists the same available numbers for an area code, none for the empty one, and refuses a bad code', async () => {
    const numbers = await platform().availablePhoneNumbers('US').local.list({ areaCode: 512, limit: 5 });
    expect(numbers.map((n) => n.phoneNumber)).toEqual([
      '+15125550100',
      '+15125550101',
      '+15125550102',
      '+15125550103',
      '+15125550104',
    ]);
    expect(numbers[0]).toMatchObject({ isoCountry: 'US', capabilities: { voice: true } });
    expect(
      await platform()
        .availablePhoneNumbers('US')
        .local.list({ areaCode: Number(AREA_CODE_WITHOUT_NUMBERS) }),
    ).toEqual([]);
    await expect(platform().availablePhoneNumbers('US').local.list({ areaCode: 123 })).rejects.toMatchObject({
      code: 21451,
    });
  });

  it('buys a number once, lists it, and has none to sell in the empty area code', async () => {
    const [available] = await platform().availablePhoneNumbers('US').local.list({ areaCode: 617, limit: 1 });
    const bought = await platform().incomingPhoneNumbers.create({
      phoneNumber: available!.phoneNumber,
      voiceUrl: sandbox.app.url('/inbound'),
    });
    expect(bought).toMatchObject({ phoneNumber: '+16175550100', voiceUrl: sandbox.app.url('/inbound') });
    expect(bought.sid).toMatch(/^PN[0-9a-f]{32}$/);
    const listed = await platform().incomingPhoneNumbers.list({ phoneNumber: bought.phoneNumber });
    expect(listed.map((n) => n.sid)).toEqual([bought.sid]);
    const next = await platform().availablePhoneNumbers('US').local.list({ areaCode: 617, limit: 1 });
    expect(next[0]!.phoneNumber).toBe('+16175550101');
    const named = await platform().incomingPhoneNumbers.create({
      areaCode: '617',
      friendlyName: 'Campaign 7',
    });
    expect(
      (await platform().incomingPhoneNumbers.list({ friendlyName: 'Campaign 7' })).map((n) => n.sid),
    ).toEqual([named.sid]);
    expect(await platform().incomingPhoneNumbers.list({ friendlyName: 'Campaign 8' })).toEqual([]);

    await expect(
      twilioClient(sandbox.customer).incomingPhoneNumbers.create({ phoneNumber: bought.phoneNumber }),
    ).rejects.toMatchObject({ code: 21422 });
    await expect(
      platform().incomingPhoneNumbers.create({ areaCode: AREA_CODE_WITHOUT_NUMBERS }),
    ).rejects.toMatchObject({ code: 21452 });
  });

  it("treats a customer's own number as owned unless it ends in 0000; the platform owns only what it bought", async () => {
    const own = await twilioClient(sandbox.customer).incomingPhoneNumbers.list({
      phoneNumber: '+14155551234',
    });
    expect(own.map((n) => n.phoneNumber)).toEqual(['+14155551234']);
    expect(
      await twilioClient(sandbox.customer).incomingPhoneNumbers.list({ phoneNumber: '+14155550000' }),
    ).toEqual([]);
    expect(await platform().incomingPhoneNumbers.list({ phoneNumber: '+14155551234' })).toEqual([]);
  });

  it('refuses a call from a number the account does not own (21210) and a bad To (21211)', async () => {
    await expect(placeCall('+12125550106', { from: '+14155551234' })).rejects.toMatchObject({ code: 21210 });
    await expect(placeCall('12345')).rejects.toMatchObject({ code: 21211 });
    await expect(placeCall('+12125550106', { statusCallbackEvent: ['rang'] })).rejects.toMatchObject({
      code: 21626,
    });
  });
});
