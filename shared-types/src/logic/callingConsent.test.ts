import { describe, expect, it } from 'vitest';
import { consentMissingMessage, missingConsent, ticksAttestation, type ConsentFacts } from './callingConsent';

const complete: ConsentFacts = {
  companyName: 'Spring Dental Clinic',
  callbackNumber: '(212) 555-0188',
  hasProvidedList: true,
  prospectsAreCurrentClients: false,
  prospectsOptedIn: true,
  listAttestedAt: '2026-07-01T12:00:00.000Z',
};

describe('missingConsent', () => {
  it.each<[string, Partial<ConsentFacts>, string[]]>([
    ['nothing when all is there', {}, []],
    ['the company name', { companyName: '  ' }, ['companyName']],
    ['a missing callback number', { callbackNumber: null }, ['callbackNumber']],
    ['a callback number that is no number', { callbackNumber: '555-12' }, ['callbackNumber']],
    ['the attestation never recorded', { listAttestedAt: null }, ['listAttestation']],
    [
      'the attestation whose boxes were unticked since',
      { prospectsOptedIn: false, prospectsAreCurrentClients: false },
      ['listAttestation'],
    ],
    ['no attestation for a list we supply', { hasProvidedList: false, listAttestedAt: null }, []],
    [
      'everything, in order',
      { companyName: null, callbackNumber: undefined, listAttestedAt: undefined },
      ['companyName', 'callbackNumber', 'listAttestation'],
    ],
  ])('%s', (_, change, missing) => {
    expect(missingConsent({ ...complete, ...change })).toEqual(missing);
  });

  it('names what is missing in the refusal', () => {
    expect(consentMissingMessage(['companyName', 'listAttestation'])).toBe(
      "Compliance cannot be verified without a company name on the owner's profile, the owner's attestation that the uploaded list's prospects are current clients or have opted in.",
    );
  });
});

describe('ticksAttestation', () => {
  const none = { prospectsAreCurrentClients: false, prospectsOptedIn: false };
  it.each<[string, typeof none, Partial<typeof none>, boolean]>([
    ['a box ticked', none, { prospectsOptedIn: true }, true],
    ['the other box ticked', none, { prospectsAreCurrentClients: true }, true],
    [
      'the second box ticked after the first',
      { ...none, prospectsOptedIn: true },
      { prospectsAreCurrentClients: true },
      true,
    ],
    ['a box sent ticked again', { ...none, prospectsOptedIn: true }, { prospectsOptedIn: true }, false],
    ['a box unticked', { ...none, prospectsOptedIn: true }, { prospectsOptedIn: false }, false],
    ['no box sent', none, {}, false],
  ])('%s: %s', (_, before, after, ticks) => {
    expect(ticksAttestation(before, after)).toBe(ticks);
  });
});
