import type { CallHistory, DecisionCampaign, DecisionProspect } from './nextCallDecision';

/** A prospect, a campaign's rules and a call history as the decision tests build them. */
export const prospect = (overrides: Partial<DecisionProspect> = {}): DecisionProspect => ({
  phoneNumber: '+12125550106',
  timeZones: ['America/New_York'],
  states: ['NY'],
  ...overrides,
});
export const campaign = (overrides: Partial<DecisionCampaign> = {}): DecisionCampaign => ({
  callingHours: null,
  maxAttempts: 3,
  retryDelayMinutes: 240,
  ringTimeoutSeconds: 30,
  ...overrides,
});
export const history = (overrides: Partial<CallHistory> = {}): CallHistory => ({
  attempts: 0,
  lastAttemptAt: null,
  recentCalls: [],
  onDoNotCallList: false,
  monthlyVolumeUsed: false,
  ...overrides,
});
export const d = (text: string) => new Date(text);
// Wednesday 2026-07-01, 10:00 in New York.
export const NOON_ISH = d('2026-07-01T14:00:00Z');
