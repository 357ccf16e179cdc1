import { describe, expect, it } from 'vitest';
import { createCampaignSchema, updateCampaignSchema } from './campaigns';
import { validateInput } from './validate';

const fieldsOf = async (schema: typeof createCampaignSchema | typeof updateCampaignSchema, body: unknown) => {
  const result = await validateInput(schema, body);
  return result.ok ? {} : result.fields;
};

describe('campaign schemas', () => {
  it('a draft needs a name and a type, and a custom goal for type other', async () => {
    expect(await fieldsOf(createCampaignSchema, {})).toEqual({
      name: 'Campaign name is required',
      type: 'Choose a campaign type',
    });
    expect(await fieldsOf(createCampaignSchema, { name: 'Spring', type: 'other' })).toEqual({
      customType: 'Describe your custom campaign goal',
    });
    expect(await fieldsOf(createCampaignSchema, { name: 'Spring', type: 'appointment' })).toEqual({});
  });

  it('checks enumerations, tones, volume and the area code rule', async () => {
    expect(
      await fieldsOf(createCampaignSchema, {
        name: 'x',
        type: 'quote',
        audienceIndustry: 'Healthcare',
        aiAgentTone: 'friendly, grumpy',
        monthlyCallVolume: 750,
        useProvidedNumber: true,
      }),
    ).toEqual({
      audienceIndustry: 'Choose an industry from the list',
      aiAgentTone: 'Tones must be among: professional, friendly, casual, confident, empathetic',
      monthlyCallVolume: 'Monthly call volume must be one of 100, 250, 500, 1000, 2000, 3000, 5000, 10000',
      providedNumberAreaCode: 'Please select an area code',
    });
    expect(
      await fieldsOf(createCampaignSchema, {
        name: 'x',
        type: 'quote',
        audienceIndustry: 'financial services',
        aiAgentTone: 'friendly,professional',
        monthlyCallVolume: 5000,
        useProvidedNumber: true,
        providedNumberAreaCode: '907',
      }),
    ).toEqual({});
  });

  it('an update may carry only a status, and only active or paused', async () => {
    expect(await fieldsOf(updateCampaignSchema, { status: 'paused' })).toEqual({});
    expect(await fieldsOf(updateCampaignSchema, { status: 'completed' })).toEqual({
      status: 'Status can only be set to active or paused',
    });
    const result = await validateInput(updateCampaignSchema, { status: 'active' });
    expect(result.ok && Object.keys(result.value)).toEqual(['status']);
  });
});
