/** The only queue contract: every job name and its payload. Payloads carry ids, never rows. */
export interface JobPayloads {
  deliverContactMessage: { contactMessageId: number };
}

export type JobName = keyof JobPayloads;

export const JOB_NAMES: readonly JobName[] = ['deliverContactMessage'];
