import { describe, expect, it } from 'vitest';
import { APPOINTMENT_MESSAGES, TRANSFER_MESSAGES } from '@ringcast/shared-types';
import { EMPTY_DRAFT, type WizardDraft } from '../../../components/campaigns/wizardDraft';
import { AUDIENCE_TOASTS, canContinue, continueToast } from './wizardRules';

const draft = (fields: Partial<WizardDraft> = {}): WizardDraft => ({ ...EMPTY_DRAFT, ...fields });

describe('step 1', () => {
  it('continues only with a type and a name, and a custom goal for other', () => {
    expect(canContinue(1, draft())).toBe(false);
    expect(canContinue(1, draft({ type: 'quote' }))).toBe(false);
    expect(canContinue(1, draft({ name: 'Spring' }))).toBe(false);
    expect(canContinue(1, draft({ type: 'quote', name: '   ' }))).toBe(false);
    expect(canContinue(1, draft({ type: 'quote', name: 'Spring' }))).toBe(true);
    expect(canContinue(1, draft({ type: 'other', name: 'Spring' }))).toBe(false);
    expect(canContinue(1, draft({ type: 'other', name: 'Spring', customType: 'Win back clients' }))).toBe(
      true,
    );
  });
});

describe('step 2, checked in the spec’s order', () => {
  const targeted = { audienceIndustry: 'healthcare', audienceAgeRange: '26-35' };

  it('Continue is always enabled; the toasts say what is missing', () => {
    expect(canContinue(2, draft())).toBe(true);
  });

  it('asks for the list option first, even when nothing else is set', () => {
    expect(continueToast(2, draft())).toBe(AUDIENCE_TOASTS.listChoice);
    expect(continueToast(2, draft({ prospectsOptedIn: true, ...targeted }))).toBe(AUDIENCE_TOASTS.listChoice);
  });

  it('then industry and age range, both', () => {
    expect(continueToast(2, draft({ hasProvidedList: false }))).toBe(AUDIENCE_TOASTS.targeting);
    expect(continueToast(2, draft({ hasProvidedList: true, audienceIndustry: 'retail' }))).toBe(
      AUDIENCE_TOASTS.targeting,
    );
    expect(continueToast(2, draft({ hasProvidedList: false, audienceAgeRange: '65+' }))).toBe(
      AUDIENCE_TOASTS.targeting,
    );
  });

  it('a purchased list needs nothing more', () => {
    expect(continueToast(2, draft({ hasProvidedList: false, ...targeted }))).toBeNull();
  });

  it('an own list needs an uploaded file that did not fail, then one compliance box', () => {
    const own = { hasProvidedList: true, ...targeted };
    expect(continueToast(2, draft(own))).toBe(AUDIENCE_TOASTS.listFile);
    const uploaded = { ...own, prospectListId: 7, prospectListFile: 'leads.csv' };
    expect(continueToast(2, draft(uploaded), { prospectListStatus: 'failed' })).toBe(
      AUDIENCE_TOASTS.listFile,
    );
    expect(continueToast(2, draft(uploaded), { prospectListStatus: 'processing' })).toBe(
      AUDIENCE_TOASTS.compliance,
    );
    expect(continueToast(2, draft({ ...uploaded, prospectsAreCurrentClients: true }))).toBeNull();
    expect(
      continueToast(2, draft({ ...uploaded, prospectsOptedIn: true }), { prospectListStatus: 'ready' }),
    ).toBeNull();
  });

  it('uses the spec’s texts', () => {
    expect(Object.values(AUDIENCE_TOASTS)).toEqual([
      { title: 'Selection Required', description: 'Please select a prospect list option to continue.' },
      {
        title: 'Targeting Required',
        description: 'Please select industry and age range for AI script generation.',
      },
      { title: 'File Required', description: 'Please upload your prospect list file.' },
      {
        title: 'Compliance Required',
        description:
          'Please confirm that prospects are current clients or have opted in to receive messages.',
      },
    ]);
  });
});

describe('steps 3 to 7', () => {
  it('step 3 needs a goal that is not blank', () => {
    expect(canContinue(3, draft({ goal: ' \n ' }))).toBe(false);
    expect(canContinue(3, draft({ goal: 'Book checkups' }))).toBe(true);
  });

  it('step 4 needs an agent name, a voice and at least one tone', () => {
    expect(canContinue(4, draft({ aiAgentName: 'Ava', aiAgentVoice: 'female' }))).toBe(false);
    expect(canContinue(4, draft({ aiAgentName: 'Ava', aiAgentTone: 'friendly' }))).toBe(false);
    expect(canContinue(4, draft({ aiAgentVoice: 'male', aiAgentTone: 'friendly' }))).toBe(false);
    expect(
      canContinue(4, draft({ aiAgentName: 'Ava', aiAgentVoice: 'female', aiAgentTone: 'friendly,casual' })),
    ).toBe(true);
  });

  it('step 5 needs the answering script only', () => {
    expect(canContinue(5, draft({ scriptRebuttals: 'No problem.' }))).toBe(false);
    expect(canContinue(5, draft({ scriptAnswering: 'Hi, this is Ava.' }))).toBe(true);
  });

  it('step 6 needs a volume', () => {
    expect(canContinue(6, draft())).toBe(false);
    expect(canContinue(6, draft({ monthlyCallVolume: 500 }))).toBe(true);
  });

  it('step 7 needs websites, and an area code when we provide the number', () => {
    expect(canContinue(7, draft({ companyWebsites: '  ' }))).toBe(false);
    expect(canContinue(7, draft({ companyWebsites: 'https://a.example' }))).toBe(true);
    expect(canContinue(7, draft({ companyWebsites: 'https://a.example', useProvidedNumber: true }))).toBe(
      false,
    );
    expect(
      canContinue(
        7,
        draft({
          companyWebsites: 'https://a.example',
          useProvidedNumber: true,
          providedNumberAreaCode: '907',
        }),
      ),
    ).toBe(true);
  });

  it('no step but 2 raises a toast, and step 8 has no Continue', () => {
    for (const step of [1, 3, 4, 5, 6, 7, 8]) expect(continueToast(step, draft())).toBeNull();
    expect(canContinue(8, draft())).toBe(false);
  });
});

describe('the volume step’s calling hours', () => {
  const week = ['mon', 'tue', 'wed', 'thu', 'fri'] as const;

  it('may be left as they are: the legal window, every day', () => {
    expect(continueToast(6, draft({ monthlyCallVolume: 1000 }))).toBeNull();
  });

  it('refuses hours wider than the law with the shared message', () => {
    const toast = continueToast(
      6,
      draft({ callingHours: { start: '07:30', end: '17:00', days: [...week] } }),
    );
    expect(toast?.title).toBe('Calling Hours');
    expect(toast?.description).toMatch(/08:00-21:00/);
  });

  it('accepts working hours on weekdays', () => {
    expect(
      continueToast(6, draft({ callingHours: { start: '09:00', end: '17:00', days: [...week] } })),
    ).toBeNull();
  });
});

describe('step 3 of a booking campaign', () => {
  const hours = {
    days: ['mon' as const],
    from: '09:00',
    to: '17:00',
    slotMinutes: 30 as const,
    timeZone: 'UTC',
  };

  it('refuses appointment hours the shared schema refuses, with its words', () => {
    expect(continueToast(3, draft({ type: 'appointment', appointmentHours: hours }))).toBeNull();
    expect(
      continueToast(3, draft({ type: 'appointment', appointmentHours: { ...hours, days: [] } })),
    ).toEqual({
      title: 'Appointment Hours',
      description: APPOINTMENT_MESSAGES.days,
    });
    expect(continueToast(3, draft({ type: 'quote', appointmentHours: { ...hours, days: [] } }))).toBeNull();
  });
});

describe('step 7, the transfer numbers', () => {
  const sales = { label: 'Sales', phoneNumber: '(212) 555-0100', hours: null };

  it('lets none (the profile phone stands in) and numbers as people type them through', () => {
    expect(continueToast(7, draft({ transferDestinations: [] }))).toBeNull();
    expect(continueToast(7, draft({ transferDestinations: [sales] }))).toBeNull();
  });

  it('refuses what the shared schema refuses, with its words', () => {
    expect(continueToast(7, draft({ transferDestinations: [{ ...sales, phoneNumber: '555' }] }))).toEqual({
      title: 'Transfer Numbers',
      description: TRANSFER_MESSAGES.phone,
    });
    expect(continueToast(7, draft({ transferDestinations: [sales, { ...sales, label: 'sales ' }] }))).toEqual(
      { title: 'Transfer Numbers', description: TRANSFER_MESSAGES.labelsUnique },
    );
  });
});
