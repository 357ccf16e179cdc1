import { object, string, type InferType } from 'yup';
import { PROSPECT_CALL_STATES, type ProspectCallState } from '../domain/campaignProspect';
import { pagingFields } from './admin';
import { trimmedText } from './fields';

/** GET /api/campaigns/:id/prospects: filtered by state, searched by name or number, paged (array + X-Total-Count). */
export const campaignProspectQuerySchema = object({
  state: string()
    .oneOf([...PROSPECT_CALL_STATES], `state must be one of ${PROSPECT_CALL_STATES.join(', ')}`)
    .optional(),
  q: trimmedText().max(200, 'Search text must be at most 200 characters').optional(),
  ...pagingFields,
});
export type CampaignProspectQuery = InferType<typeof campaignProspectQuerySchema>;

/** One prospect as its campaign sees it, and why it waits. */
export interface CampaignProspectEntry {
  prospectId: number;
  name: string | null;
  phoneNumber: string;
  /** Every zone the number may ring in, comma-separated (the window must be open in each). */
  timeZone: string | null;
  /** USPS codes of the states whose calling rules apply. */
  usStates: string[];
  state: ProspectCallState;
  attempts: number;
  lastResult: string | null;
  nextAttemptAt: string | null;
  /** A NoCallReason while it waits or was skipped, else null. */
  reason: string | null;
}

/** GET /api/campaigns/:id/prospect-states: how many prospects are in each state. */
export type CampaignProspectCounts = Record<ProspectCallState, number>;
