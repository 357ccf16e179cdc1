/**
 * Where a prospect stands in one campaign: `pending` not called yet; `scheduled` waiting for a
 * retry or a calling window; `in_call` a call is live; `done` nothing left to do; `skipped` it will
 * not be called (the reason says why); `opted_out` it asked not to be called.
 */
export const PROSPECT_CALL_STATES = [
  'pending',
  'scheduled',
  'in_call',
  'done',
  'skipped',
  'opted_out',
] as const;
export type ProspectCallState = (typeof PROSPECT_CALL_STATES)[number];
