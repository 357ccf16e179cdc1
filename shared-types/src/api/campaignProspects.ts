import { object, string, type InferType } from 'yup';
import type { AnsweredBy, CallOutcome, CallStatus } from '../domain/call';
import type { CallTransfer } from '../domain/transfer';
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
  /**
   * Every zone the number may ring in, as the dialer reads its calling area (prospectCallingArea):
   * the calling hours must be open in each.
   */
  timeZones: string[];
  /** The one of them its local time is shown in (shownTimeZone); null when none is known. */
  timeZone: string | null;
  /** USPS codes of the states whose calling rules apply. */
  usStates: string[];
  state: ProspectCallState;
  attempts: number;
  lastResult: string | null;
  nextAttemptAt: string | null;
  /** A NoCallReason while it waits or was skipped, else null. */
  reason: string | null;
  /** The prospect's latest call in this campaign (test calls aside), null before the first. */
  lastCall: ProspectLastCall | null;
}

/** How a prospect's latest call ended and what it achieved (its outcome, once known). */
export interface ProspectLastCall {
  id: number;
  status: CallStatus;
  answeredBy: AnsweredBy | null;
  outcome: CallOutcome | null;
  /** Its transfer, when the agent asked for one: a connected one reads "Transferred to Sales". */
  transfer: Pick<CallTransfer, 'destination' | 'status'> | null;
}

/** GET /api/campaigns/:id/prospect-states: how many prospects are in each state. */
export type CampaignProspectCounts = Record<ProspectCallState, number>;
