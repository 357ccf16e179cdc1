import { describe, expect, it } from 'vitest';
import {
  disclosesCaller,
  firstSentence,
  givesCallbackNumber,
  withCallerIdentification,
} from './scriptIdentification';

const SPRING = { companyName: 'Spring Dental Clinic', callbackNumber: '+12125550188' };

describe('firstSentence', () => {
  it.each([
    ['Hi there! This is Ava.', 'Hi there!'],
    ['This is Ava, an AI assistant for Acme. How are you?', 'This is Ava, an AI assistant for Acme.'],
    ['Hello from Acme Inc. and friends', 'Hello from Acme Inc.'],
    ['No stop at all', 'No stop at all'],
    ['First line\nSecond line.', 'First line\n'],
    ['  Padded.  ', 'Padded.'],
  ])('%j -> %j', (script, first) => {
    expect(firstSentence(script)).toBe(first);
  });
});

describe('disclosesCaller', () => {
  it.each([
    ['Hi, this is Ava, an AI assistant calling on behalf of Spring Dental Clinic.', true],
    ['Hello, this is an AI assistant calling for spring dental clinic today.', true],
    ['Spring Dental Clinic here, with an artificial intelligence assistant calling.', true],
    ['Hi, this is Ava from Spring Dental Clinic. I am an AI assistant.', false],
    ['Hi, this is Ava, an AI assistant.', false],
    ['Hi there, great to catch you! This is Ava, an AI assistant for Spring Dental Clinic.', false],
    ['Said in passing: FAIR prices at Spring Dental Clinic.', false],
  ])('%j: %s', (script, discloses) => {
    expect(disclosesCaller(script, SPRING.companyName)).toBe(discloses);
  });

  it('asks only for the AI disclosure when the business has no name yet', () => {
    expect(disclosesCaller('Hi, this is Ava, an AI assistant.', null)).toBe(true);
    expect(disclosesCaller('Hi, this is Ava.', '  ')).toBe(false);
  });
});

describe('givesCallbackNumber', () => {
  it.each([
    ['Call us at (212) 555-0188.', true],
    ['Call us at 212.555.0188 today.', true],
    ['Call us at +1 212 555 0188.', true],
    ['Call us at 212-555-0189.', false],
    ['Call us back at this number.', false],
  ])('%j: %s', (script, gives) => {
    expect(givesCallbackNumber(script, SPRING.callbackNumber)).toBe(gives);
  });
});

describe('withCallerIdentification', () => {
  it.each<[string, string, { companyName?: string | null; callbackNumber?: string | null }, string]>([
    [
      'answering',
      'Hi there, great to catch you! This is Ava from Spring Dental Clinic.',
      SPRING,
      'Hello, this is an AI assistant calling on behalf of Spring Dental Clinic.\nHi there, great to catch you! This is Ava from Spring Dental Clinic.',
    ],
    [
      'answering',
      'Hi, this is Ava, an AI assistant calling on behalf of Spring Dental Clinic. Do you have a minute?',
      SPRING,
      'Hi, this is Ava, an AI assistant calling on behalf of Spring Dental Clinic. Do you have a minute?',
    ],
    ['answering', 'Hi, this is Ava.', {}, 'Hello, this is an AI assistant calling.\nHi, this is Ava.'],
    [
      'voicemail',
      'Hi, this is Ava from Spring Dental Clinic. Please call us back.',
      SPRING,
      'Hi, this is Ava from Spring Dental Clinic. Please call us back.\nPlease call us back at (212) 555-0188.',
    ],
    [
      'voicemail',
      'Hi, this is Ava. Call us at 212 555 0188.',
      SPRING,
      'Hi, this is Ava. Call us at 212 555 0188.',
    ],
    // No callback number on the profile: nothing to add.
    ['voicemail', 'Please call us back.', { companyName: 'Spring' }, 'Please call us back.'],
    ['voicemail', 'Please call us back.', { callbackNumber: 'none' }, 'Please call us back.'],
    // The other scripts are left as written.
    ['rebuttals', '"No time." - I understand.', SPRING, '"No time." - I understand.'],
  ])('%s: %j', (type, script, identity, result) => {
    expect(withCallerIdentification(type, script, identity)).toBe(result);
  });
});
