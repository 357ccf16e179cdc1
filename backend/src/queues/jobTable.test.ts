import { describe, expect, it } from 'vitest';
import { JOB_NAMES } from '@ringcast/shared-types';
import { InvalidJobPayload, JOB_TABLE, jobIdFor, parseJobPayload } from './jobTable';

describe('job table', () => {
  it('has a row for every job name, and the names come from the payload schemas', () => {
    expect(Object.keys(JOB_TABLE).sort()).toEqual([...JOB_NAMES].sort());
    expect(JOB_NAMES).toContain('sweepAbandonedProspectLists');
  });

  it('gives the same job ids as before the table', () => {
    expect(jobIdFor('activateCampaign', { paymentIntentId: 'pi_123' })).toBe('activate-pi_123');
    expect(jobIdFor('parseProspectList', { prospectListId: 7 })).toBe('prospect-list-7');
    expect(jobIdFor('deliverContactMessage', { contactMessageId: 3 })).toBe('contact-3');
    expect(jobIdFor('recordFailedPayment', { paymentIntentId: 'pi_1', stripeEventId: 'evt_2' })).toBe(
      'failed-pi_1-evt_2',
    );
    expect(
      jobIdFor('generateScript', { userId: 1, scriptType: 'answering', campaignData: {}, documentIds: [] }),
    ).toBeUndefined();
  });

  it('keeps activation results for a week and scripts only briefly', () => {
    expect(JOB_TABLE.activateCampaign.options).toMatchObject({
      attempts: 5,
      removeOnComplete: { age: 7 * 24 * 3600 },
    });
    expect(JOB_TABLE.generateScript.options.attempts).toBe(1);
    expect(JOB_TABLE.sweepAbandonedProspectLists.schedule?.everyMs).toBe(5 * 60_000);
  });

  it('reads a good payload and drops unknown keys', async () => {
    await expect(parseJobPayload('parseProspectList', { prospectListId: 4, extra: true })).resolves.toEqual({
      prospectListId: 4,
    });
  });

  it.each([
    ['parseProspectList', {}, 'Invalid parseProspectList payload: prospectListId is a required field'],
    ['parseProspectList', { prospectListId: -1 }, 'prospectListId must be a positive number'],
    ['parseProspectList', { prospectListId: 'abc' }, 'prospectListId must be a number'],
    ['activateCampaign', { paymentIntentId: 'cus_1' }, 'paymentIntentId must be a Stripe PaymentIntent id'],
    ['recordFailedPayment', { paymentIntentId: 'pi_1' }, 'stripeEventId is required'],
    [
      'generateScript',
      { userId: 1, scriptType: 'poem', campaignData: {}, documentIds: [] },
      'scriptType must be one of',
    ],
  ] as const)('refuses %s %j with the schema message', async (name, payload, message) => {
    const refused = parseJobPayload(name, payload);
    await expect(refused).rejects.toBeInstanceOf(InvalidJobPayload);
    await expect(refused).rejects.toThrow(message);
  });
});
