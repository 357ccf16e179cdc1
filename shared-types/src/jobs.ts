import type { ScriptBrief } from './api/scripts';
import type { ScriptType } from './domain/campaignOptions';

/**
 * The only queue contract: every job name and its payload. Payloads carry ids, never rows; a
 * script request carries the wizard's draft because that draft is not saved anywhere yet.
 */
export interface JobPayloads {
  deliverContactMessage: { contactMessageId: number };
  parseProspectList: { prospectListId: number };
  /** Answers `{ script }` to the api request waiting for it. */
  generateScript: { userId: number; scriptType: ScriptType; campaignData: ScriptBrief; documentIds: number[] };
  /**
   * Activates the campaign a PaymentIntent paid for, once Stripe says it succeeded. jobId
   * `activate-<paymentIntentId>` (BullMQ refuses a ':' in custom ids), so the browser's call and
   * the webhook share one run. Answers an ActivationResult to the api request waiting for it.
   */
  activateCampaign: { paymentIntentId: string };
  /** Records a failed payment attempt (webhook `payment_intent.payment_failed`). */
  recordFailedPayment: { paymentIntentId: string };
}

export type JobName = keyof JobPayloads;

export const JOB_NAMES: readonly JobName[] = [
  'deliverContactMessage',
  'parseProspectList',
  'generateScript',
  'activateCampaign',
  'recordFailedPayment',
];
