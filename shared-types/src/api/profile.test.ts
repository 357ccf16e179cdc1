import { describe, expect, it } from 'vitest';
import type { AnySchema } from 'yup';
import { profileSchema, twilioSchema } from './profile';
import { validateInput } from './validate';

const fieldsOf = async (schema: AnySchema, value: unknown) => {
  const result = await validateInput(schema, value);
  return result.ok ? {} : result.fields;
};

const PROFILE = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  companyName: 'Engines',
  phoneNumber: '+1 (415) 555-0123',
};
const TWILIO = {
  twilioAccountSid: `AC${'a1'.repeat(16)}`,
  twilioAuthToken: 'token-1234',
  twilioPhoneNumber: '+14155550123',
};

describe('profile schema', () => {
  it('gives the spec message for each missing field', async () => {
    expect(
      await fieldsOf(profileSchema, {
        firstName: ' ',
        lastName: '',
        email: '',
        companyName: '',
        phoneNumber: '',
      }),
    ).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Invalid email address',
      companyName: 'Company name is required',
      phoneNumber: 'Phone number is required',
    });
  });

  it('refuses a malformed email or phone number', async () => {
    expect(await fieldsOf(profileSchema, { ...PROFILE, email: 'nope', phoneNumber: 'call me' })).toEqual({
      email: 'Invalid email address',
      phoneNumber: 'Enter a valid phone number',
    });
  });

  it('takes a phone number in any common format, and only a real one', async () => {
    for (const phoneNumber of ['(415) 555-0123', '415.555.0123', '+44 20 7946 0958'])
      expect(await fieldsOf(profileSchema, { ...PROFILE, phoneNumber }), phoneNumber).toEqual({});
    for (const phoneNumber of ['555-0100', '+1 999 555 0100', '415-555-0123 x12'])
      expect(await fieldsOf(profileSchema, { ...PROFILE, phoneNumber }), phoneNumber).toEqual({
        phoneNumber: 'Enter a valid phone number',
      });
  });

  it('accepts a full profile, trimmed', async () => {
    const result = await validateInput(profileSchema, { ...PROFILE, firstName: '  Ada ' });
    expect(result).toEqual({ ok: true, value: { ...PROFILE, firstName: 'Ada' } });
  });
});

describe('twilio schema', () => {
  it('gives the spec message for each missing field', async () => {
    expect(await fieldsOf(twilioSchema, {})).toEqual({
      twilioAccountSid: 'Account SID is required',
      twilioAuthToken: 'Auth Token is required',
      twilioPhoneNumber: 'Phone number is required',
    });
  });

  it('explains a malformed SID and a number that is not one', async () => {
    expect(
      await fieldsOf(twilioSchema, {
        ...TWILIO,
        twilioAccountSid: 'AC123',
        twilioPhoneNumber: '555 0123',
      }),
    ).toEqual({
      twilioAccountSid: 'Account SID must be "AC" followed by 32 hexadecimal characters',
      twilioPhoneNumber: 'Enter a valid phone number',
    });
    expect(await fieldsOf(twilioSchema, TWILIO)).toEqual({});
  });

  it('takes the number in national or international format, as the profile does', async () => {
    for (const twilioPhoneNumber of ['(415) 555-0102', '415-555-0102', '+14155550102', '+1 415 555 0102'])
      expect(await fieldsOf(twilioSchema, { ...TWILIO, twilioPhoneNumber }), twilioPhoneNumber).toEqual({});
    for (const phoneNumber of ['(415) 555-0102', '415-555-0102', '+14155550102'])
      expect(await fieldsOf(profileSchema, { ...PROFILE, phoneNumber }), phoneNumber).toEqual({});
  });

  it('refuses an E.164 number that no one can have', async () => {
    expect(await fieldsOf(twilioSchema, { ...TWILIO, twilioPhoneNumber: '+19995550123' })).toEqual({
      twilioPhoneNumber: 'Enter a valid phone number',
    });
  });
});
