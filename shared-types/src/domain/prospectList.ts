/** Why the parse left a row of the file out. */
export const SKIPPED_ROW_REASONS = ['invalid_phone', 'duplicate'] as const;
export type SkippedRowReason = (typeof SKIPPED_ROW_REASONS)[number];

export const PROSPECT_LIST_STATUSES = ['processing', 'ready', 'failed'] as const;
export type ProspectListStatus = (typeof PROSPECT_LIST_STATUSES)[number];

export interface ProspectList {
  id: number;
  userId: number;
  name: string;
  status: ProspectListStatus;
  /** Why parsing failed, in words a user can act on. */
  failureReason: string | null;
  /** The contacts imported from the file. */
  contactCount: number;
  /**
   * Of those, the ones whose number was on the owner's or the platform's do-not-call list when the
   * file was read: kept and shown, never called.
   */
  doNotCallCount: number;
  /** The file's rows left out, by reason (all 0 until the list is ready). */
  skippedRows: { invalidPhone: number; duplicate: number };
  uploadedAt: string;
  updatedAt: string;
}
