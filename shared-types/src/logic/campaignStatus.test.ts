import { describe, expect, it } from 'vitest';
import { CAMPAIGN_STATUSES, type CampaignStatus } from '../domain/campaign';
import { AGENT_EDIT_ERRORS, lockedAfterLaunchMessage } from '../api/agentVersions';
import {
  awaitsPayment,
  canDeleteCampaign,
  CAMPAIGN_CHANGE_ERRORS as E,
  campaignChangeError,
  isEditableDraft,
  toggleTargetFor,
} from './campaignStatus';

const campaign = (status: CampaignStatus, paid = false) => ({ status, setupPaymentProcessed: paid });
const move = (status: string) => ({ status, changesDraftFields: false });
const edit = { changesDraftFields: true };

describe('owner status moves', () => {
  it('allows exactly active <-> paused (and staying put) once paid', () => {
    for (const from of CAMPAIGN_STATUSES) {
      for (const to of ['active', 'paused']) {
        const allowed = from === 'active' || from === 'paused';
        const refusal = {
          draft: E.draftStartsOnPayment,
          completed: E.completed,
          past_due: E.pastDue,
          canceled: E.canceled,
        } as Record<CampaignStatus, string>;
        expect(campaignChangeError(campaign(from, true), move(to)), `${from} -> ${to}`).toBe(
          allowed ? null : refusal[from],
        );
      }
    }
  });

  it('says why a past_due or canceled campaign cannot be started', () => {
    expect(campaignChangeError(campaign('past_due', true), move('active'))).toMatch(/update the card/);
    expect(campaignChangeError(campaign('canceled', true), move('active'))).toMatch(/canceled campaign/);
  });

  it('refuses any move before payment', () => {
    for (const from of ['draft', 'active', 'paused'] as const) {
      expect(campaignChangeError(campaign(from), move('active'))).toBe(E.unpaid);
      expect(campaignChangeError(campaign(from), move('paused'))).toBe(E.unpaid);
    }
  });

  it('never lets the owner set draft or completed', () => {
    for (const to of ['draft', 'completed', 'running']) {
      expect(campaignChangeError(campaign('active', true), move(to))).toBe(E.badTarget);
    }
  });
});

describe('owner edits', () => {
  it('allows draft fields only while the campaign is a draft', () => {
    expect(campaignChangeError(campaign('draft'), edit)).toBeNull();
    for (const status of ['active', 'paused', 'completed'] as const) {
      expect(campaignChangeError(campaign(status, true), edit)).toBe(E.notDraft);
    }
  });

  it("allows only the agent's fields once launched (DESIGN decision 10)", () => {
    const fields = (draftFields: string[]) => ({ changesDraftFields: true, draftFields });
    for (const status of ['active', 'paused'] as const) {
      expect(campaignChangeError(campaign(status, true), fields(['goal', 'scriptAnswering']))).toBeNull();
      expect(campaignChangeError(campaign(status, true), fields(['goal', 'monthlyCallVolume']))).toBe(
        lockedAfterLaunchMessage(['monthlyCallVolume']),
      );
    }
    expect(campaignChangeError(campaign('completed', true), fields(['goal']))).toBe(
      AGENT_EDIT_ERRORS.notEditable,
    );
    expect(campaignChangeError(campaign('draft'), fields(['monthlyCallVolume']))).toBeNull();
  });

  it('refuses a status move mixed with draft fields, even on a draft', () => {
    expect(campaignChangeError(campaign('draft'), { status: 'active', changesDraftFields: true })).toBe(
      E.mixed,
    );
    expect(
      campaignChangeError(campaign('paused', true), { status: 'active', changesDraftFields: true }),
    ).toBe(E.mixed);
  });

  it('an empty change is fine', () => {
    expect(campaignChangeError(campaign('completed'), { changesDraftFields: false })).toBeNull();
  });
});

describe('card helpers', () => {
  it('offers Pause while active, otherwise Start', () => {
    expect(toggleTargetFor('active')).toEqual({ status: 'paused', label: 'Pause' });
    for (const status of ['draft', 'paused', 'completed'] as const) {
      expect(toggleTargetFor(status)).toEqual({ status: 'active', label: 'Start' });
    }
  });

  it('only a draft is editable', () => {
    expect(CAMPAIGN_STATUSES.filter(isEditableDraft)).toEqual(['draft']);
  });
});

describe('awaiting payment', () => {
  it('is only an unpaid draft', () => {
    expect(awaitsPayment(campaign('draft'))).toBe(true);
    expect(awaitsPayment(campaign('draft', true))).toBe(false);
    for (const status of ['active', 'paused', 'completed'] as const) {
      expect(awaitsPayment(campaign(status))).toBe(false);
      expect(awaitsPayment(campaign(status, true))).toBe(false);
    }
  });
});

describe('deleting', () => {
  it('is allowed for a draft only', () => {
    expect(CAMPAIGN_STATUSES.filter(canDeleteCampaign)).toEqual(['draft', 'canceled']);
  });
});
