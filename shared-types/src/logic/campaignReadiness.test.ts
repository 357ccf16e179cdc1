import { describe, expect, it } from 'vitest';
import {
  isStepComplete,
  missingForLaunch,
  missingForStep,
  notReadyToPayMessage,
  tonesOf,
  type ReadinessFields,
} from './campaignReadiness';

/** A stored campaign with every step done: a purchased list and the user's own number. */
const READY: ReadinessFields = {
  type: 'appointment',
  name: 'Spring reminders',
  customType: null,
  hasProvidedList: false,
  audienceIndustry: 'healthcare',
  audienceAgeRange: '26-35',
  prospectListId: null,
  prospectsAreCurrentClients: false,
  prospectsOptedIn: false,
  goal: 'Book checkups',
  aiAgentName: 'Ava',
  aiAgentVoice: 'female',
  aiAgentTone: 'friendly',
  scriptAnswering: 'Hi, this is Ava.',
  monthlyCallVolume: 500,
  companyWebsites: 'https://clinic.example',
  useProvidedNumber: false,
  providedNumberAreaCode: null,
};

const OWN_LIST = { hasProvidedList: true, prospectListId: 7, prospectsOptedIn: true };

describe('missingForLaunch', () => {
  it('is empty for a complete campaign, with a bought list or an own one', () => {
    expect(missingForLaunch(READY)).toEqual([]);
    expect(missingForLaunch({ ...READY, ...OWN_LIST })).toEqual([]);
    expect(missingForLaunch({ ...READY, useProvidedNumber: true, providedNumberAreaCode: '907' })).toEqual(
      [],
    );
    expect(missingForLaunch({ ...READY, type: 'other', customType: 'Win back clients' })).toEqual([]);
  });

  it.each<[string, Partial<ReadinessFields>, string[]]>([
    ['no type', { type: null }, ['choose a campaign type']],
    ['a blank name', { name: '  ' }, ['name the campaign']],
    ['other without its goal', { type: 'other', customType: '' }, ['describe the custom campaign goal']],
    ['no list option', { hasProvidedList: null }, ['choose a prospect list']],
    ['no industry', { audienceIndustry: null }, ['choose the industry and age range']],
    ['no age range', { audienceAgeRange: null }, ['choose the industry and age range']],
    ['an own list without a file', { ...OWN_LIST, prospectListId: null }, ['upload the prospect list file']],
    [
      'an own list without consent',
      { ...OWN_LIST, prospectsOptedIn: false },
      ['confirm the prospects are current clients or have opted in'],
    ],
    ['a blank goal', { goal: ' \n ' }, ['define the campaign goal']],
    ['no agent name', { aiAgentName: '' }, ['name the AI agent']],
    ['no voice', { aiAgentVoice: null }, ["choose the agent's voice"]],
    ['no tone', { aiAgentTone: ' , ' }, ["choose the agent's tone"]],
    ['no answering script', { scriptAnswering: null }, ['write the answering script']],
    ['no volume', { monthlyCallVolume: null }, ['choose a monthly call volume']],
    ['no websites', { companyWebsites: '' }, ['list the company websites']],
    [
      'a provided number without an area code',
      { useProvidedNumber: true, providedNumberAreaCode: null },
      ['choose an area code for the phone number'],
    ],
  ])('%s', (_case, change, missing) => {
    expect(missingForLaunch({ ...READY, ...change })).toEqual(missing);
  });

  it('lists everything missing, in the wizard’s order', () => {
    expect(
      missingForLaunch({ ...READY, hasProvidedList: null, scriptAnswering: '', monthlyCallVolume: null }),
    ).toEqual(['choose a prospect list', 'write the answering script', 'choose a monthly call volume']);
  });

  it('counts a list whose parse failed as no file', () => {
    const own = { ...READY, ...OWN_LIST };
    expect(missingForLaunch(own, { prospectListStatus: 'failed' })).toEqual([
      'upload the prospect list file',
    ]);
    expect(missingForLaunch(own, { prospectListStatus: 'processing' })).toEqual([]);
    expect(missingForLaunch(own, { prospectListStatus: 'ready' })).toEqual([]);
  });

  it('asks nothing of the list file or consent for a bought list', () => {
    expect(missingForLaunch({ ...READY, prospectListId: null, prospectsOptedIn: false })).toEqual([]);
  });
});

describe('per step', () => {
  it('names the missing items of one step only', () => {
    const draft = { ...READY, aiAgentName: '', aiAgentTone: '', goal: '' };
    expect(missingForStep(4, draft).map((item) => item.id)).toEqual(['agentName', 'agentTone']);
    expect(isStepComplete(4, draft)).toBe(false);
    expect(isStepComplete(5, draft)).toBe(true);
    expect(isStepComplete(8, draft)).toBe(true);
  });

  it('checks step 2 in the spec’s order: list option, targeting, file, consent', () => {
    const ids = (change: Partial<ReadinessFields>) =>
      missingForStep(2, { ...READY, ...change }).map((item) => item.id);
    expect(ids({ hasProvidedList: null, audienceIndustry: null })).toEqual(['listChoice', 'targeting']);
    expect(ids({ hasProvidedList: true, prospectListId: null })).toEqual(['listFile', 'compliance']);
  });
});

describe('texts', () => {
  it("the server's 409 names what is missing", () => {
    expect(notReadyToPayMessage(['choose a prospect list', 'write the answering script'])).toBe(
      'This campaign is not ready to pay for: choose a prospect list, write the answering script.',
    );
  });

  it('tones are read from a comma-separated list', () => {
    expect(tonesOf('friendly, casual,,')).toEqual(['friendly', 'casual']);
    expect(tonesOf(null)).toEqual([]);
  });
});
