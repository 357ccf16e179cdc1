/** How a number reached a do-not-call list. */
export const DO_NOT_CALL_SOURCES = ['key_press', 'agent', 'manual', 'upload', 'admin'] as const;
export type DoNotCallSource = (typeof DO_NOT_CALL_SOURCES)[number];

export interface DoNotCallEntry {
  /** E.164. */
  phoneNumber: string;
  reason: string | null;
  source: DoNotCallSource;
  createdAt: string;
}

/** An upload too large to add inside the request, added by the worker in batches. */
export const DO_NOT_CALL_IMPORT_STATUSES = ['queued', 'processing', 'completed', 'failed'] as const;
export type DoNotCallImportStatus = (typeof DO_NOT_CALL_IMPORT_STATUSES)[number];

export interface DoNotCallImport {
  id: number;
  status: DoNotCallImportStatus;
  /** The name of the file as uploaded. */
  fileName: string;
  /** Rows below the header (blank ones aside), counted at upload: progress is processed / linesRead. */
  linesRead: number;
  /** Rows handled so far. */
  processed: number;
  /** Numbers new on the list. */
  added: number;
  /** Numbers that were on the list already. A number repeated within the file counts once. */
  alreadyPresent: number;
  /** Rows without a valid phone number. */
  invalid: number;
  /** Why a failed import stopped (numbers added before it stay on the list). */
  errorMessage: string | null;
  createdAt: string;
  updatedAt: string;
}
