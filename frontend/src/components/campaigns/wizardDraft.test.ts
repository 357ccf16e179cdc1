import { describe, expect, it } from 'vitest';
import type { Campaign } from '@ringcast/shared-types';
import { checkoutPath } from './checkoutPath';
import {
  draftFromCampaign,
  EMPTY_DRAFT,
  toCreatePayload,
  toggleTone,
  toUpdatePayload,
  type WizardDraft,
} from './wizardDraft';

const full: WizardDraft = {
  ...EMPTY_DRAFT,
  name: ' Spring Checkups ',
  type: 'appointment',
  customType: 'left over from other',
  goal: 'Book cleanings',
  audienceIndustry: 'healthcare',
  audienceAgeRange: '26-35',
  hasProvidedList: false,
  prospectListId: 4,
  prospectListFile: 'leads.csv',
  prospectsOptedIn: true,
  aiAgentName: 'Ava',
  aiAgentVoice: 'female',
  aiAgentTone: 'friendly,professional',
  scriptAnswering: 'Hi!',
  scriptVoicemail: '  ',
  agentDocuments: ['a.txt'],
  monthlyCallVolume: 500,
  useProvidedNumber: true,
  providedNumberAreaCode: '907',
  companyWebsites: 'https://a.example\nhttps://b.example',
  transferDestinations: [{ label: ' Sales ', phoneNumber: '(212) 555-0100', hours: null }],
};

describe('toCreatePayload', () => {
  it('sends a draft, clearing what belongs to options not chosen', () => {
    expect(toCreatePayload(full)).toMatchObject({
      name: 'Spring Checkups',
      type: 'appointment',
      customType: null,
      status: 'draft',
      hasProvidedList: false,
      listCost: '250',
      prospectListId: null,
      prospectListFile: null,
      prospectsOptedIn: false,
      aiAgentTone: 'friendly,professional',
      scriptAnswering: 'Hi!',
      scriptVoicemail: null,
      agentDocuments: ['a.txt'],
      monthlyCallVolume: 500,
      useProvidedNumber: true,
      providedNumberAreaCode: '907',
      // As the schema takes them: the label trimmed, the number as typed in E.164.
      transferDestinations: [{ label: 'Sales', phoneNumber: '+12125550100', hours: null }],
    });
  });

  it('keeps the own list with its compliance answers, and the custom goal for other', () => {
    const payload = toCreatePayload({
      ...full,
      type: 'other',
      hasProvidedList: true,
      useProvidedNumber: false,
    });
    expect(payload).toMatchObject({
      customType: 'left over from other',
      listCost: '0',
      prospectListId: 4,
      prospectListFile: 'leads.csv',
      prospectsOptedIn: true,
      providedNumberAreaCode: null,
    });
  });

  it('an update carries the same fields without a status', () => {
    const update = toUpdatePayload(full);
    expect('status' in update).toBe(false);
    expect(update).toMatchObject({ name: 'Spring Checkups', monthlyCallVolume: 500 });
  });
});

describe('draftFromCampaign', () => {
  it('reads a stored draft back, nulls as empty text', () => {
    const campaign = {
      ...toCreatePayload(full),
      id: 3,
      userId: 1,
      agentDocuments: ['a.txt'],
    } as unknown as Campaign;
    const draft = draftFromCampaign(campaign);
    expect(draft).toMatchObject({
      name: 'Spring Checkups',
      customType: '',
      scriptVoicemail: '',
      aiAgentTone: 'friendly,professional',
    });
    expect(toCreatePayload(draft)).toEqual(toCreatePayload(full));
  });
});

describe('toggleTone', () => {
  it('adds and removes one tone', () => {
    expect(toggleTone('', 'friendly')).toBe('friendly');
    expect(toggleTone('friendly', 'casual')).toBe('friendly,casual');
    expect(toggleTone('friendly,casual', 'friendly')).toBe('casual');
  });
});

describe('checkoutPath', () => {
  it('carries the campaign and the list plus the first month, once: 250 + 400 + 20 = 670', () => {
    expect(checkoutPath(12, full)).toBe('/checkout?campaignId=12&amount=670');
  });

  it('never asks for less than 250', () => {
    expect(
      checkoutPath(3, { ...full, hasProvidedList: true, monthlyCallVolume: 100, useProvidedNumber: false }),
    ).toBe('/checkout?campaignId=3&amount=250');
  });
});

describe('calling hours in the draft', () => {
  it('are sent as campaign fields and read back', () => {
    const hours = { start: '09:00', end: '17:00', days: ['mon', 'fri'] as ('mon' | 'fri')[] };
    const payload = toCreatePayload({ ...EMPTY_DRAFT, name: 'N', callingHours: hours });
    expect(payload).toMatchObject({
      callingHoursStart: '09:00',
      callingHoursEnd: '17:00',
      callingDays: 'mon,fri',
    });
    expect(toCreatePayload({ ...EMPTY_DRAFT })).toMatchObject({
      callingHoursStart: null,
      callingHoursEnd: null,
      callingDays: null,
    });
  });
});

describe('appointment hours in the draft', () => {
  const hours = {
    days: ['mon' as const, 'wed' as const],
    from: '10:00',
    to: '16:00',
    slotMinutes: 60 as const,
    timeZone: 'America/Denver',
  };

  it('are saved with a booking campaign once set, and read back from it', () => {
    expect(toCreatePayload({ ...full, appointmentHours: hours })).toMatchObject({ appointmentHours: hours });
    expect(toCreatePayload({ ...full, appointmentHours: null })).not.toHaveProperty('appointmentHours');
    const campaign = { ...toCreatePayload(full), appointmentHours: hours } as unknown as Campaign;
    expect(draftFromCampaign(campaign).appointmentHours).toEqual(hours);
  });

  it('are not sent for another type of campaign', () => {
    expect(toCreatePayload({ ...full, type: 'quote', appointmentHours: hours })).not.toHaveProperty(
      'appointmentHours',
    );
  });
});

describe('analysis fields in the draft', () => {
  const plan = {
    name: ' Plan ',
    description: 'Which plan they want',
    type: 'one_of' as const,
    choices: ['Basic', 'Pro'],
  };

  it('are sent with their keys, a blank row dropped, and read back as rows', () => {
    const draft = {
      ...full,
      analysisFields: [plan, { name: '', description: '', type: 'text' as const, choices: null }],
    };
    const saved = toCreatePayload(draft).analysisFields;
    expect(saved).toEqual([
      {
        key: 'plan',
        name: 'Plan',
        description: 'Which plan they want',
        type: 'one_of',
        choices: ['Basic', 'Pro'],
      },
    ]);
    const campaign = { ...toCreatePayload(draft) } as unknown as Campaign;
    expect(draftFromCampaign(campaign).analysisFields).toEqual([{ ...plan, name: 'Plan' }]);
  });

  it('are none for a draft kept in the tab from before they existed', () => {
    const { analysisFields: _none, ...older } = full;
    expect(toCreatePayload(older as WizardDraft).analysisFields).toEqual([]);
  });
});
