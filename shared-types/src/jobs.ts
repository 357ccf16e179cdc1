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
}

export type JobName = keyof JobPayloads;

export const JOB_NAMES: readonly JobName[] = ['deliverContactMessage', 'parseProspectList', 'generateScript'];
