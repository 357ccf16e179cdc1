import { describe, expect, it } from 'vitest';
import { isValidTwilioSignature, signTwilioRequest } from './signature';

const token = '0123456789abcdef0123456789abcdef';
const url = 'https://ringcast.example/webhooks/twilio/calls/42/status';
const params = { CallSid: 'CA' + 'a'.repeat(32), CallStatus: 'completed', SequenceNumber: '3' };

describe('Twilio signatures', () => {
  it('accepts a request signed with the account token over the URL and fields', () => {
    const signature = signTwilioRequest(token, url, params);
    expect(isValidTwilioSignature(token, signature, url, params)).toBe(true);
  });

  it('matches the signature Twilio documents (HMAC-SHA1 over URL + sorted key/value pairs)', async () => {
    const { createHmac } = await import('node:crypto');
    const data = url + 'CallSid' + params.CallSid + 'CallStatus' + 'completed' + 'SequenceNumber' + '3';
    expect(signTwilioRequest(token, url, params)).toBe(
      createHmac('sha1', token).update(data).digest('base64'),
    );
  });

  it('refuses a tampered field, another URL, a wrong token and a missing header', () => {
    const signature = signTwilioRequest(token, url, params);
    expect(isValidTwilioSignature(token, signature, url, { ...params, CallStatus: 'busy' })).toBe(false);
    expect(isValidTwilioSignature(token, signature, url, { ...params, Extra: '1' })).toBe(false);
    expect(isValidTwilioSignature(token, signature, url.replace('42', '43'), params)).toBe(false);
    expect(isValidTwilioSignature('f'.repeat(32), signature, url, params)).toBe(false);
    expect(isValidTwilioSignature(token, undefined, url, params)).toBe(false);
    expect(isValidTwilioSignature(token, '', url, params)).toBe(false);
  });

  it('signs repeated fields as Twilio does and accepts the URL with or without its default port', () => {
    const repeated = { ...params, StatusCallbackEvent: ['ringing', 'answered'] };
    const signature = signTwilioRequest(token, url, repeated);
    expect(isValidTwilioSignature(token, signature, url, repeated)).toBe(true);
    expect(
      isValidTwilioSignature(token, signature, url, { ...repeated, StatusCallbackEvent: ['ringing'] }),
    ).toBe(false);
    const withPort = url.replace('ringcast.example', 'ringcast.example:443');
    expect(isValidTwilioSignature(token, signTwilioRequest(token, withPort, params), url, params)).toBe(true);
  });
});
