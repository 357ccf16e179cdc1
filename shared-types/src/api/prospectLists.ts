import type { ProspectList, SkippedRowReason } from '../domain/prospectList';

/** Spec §5 and §9: the prospect upload rule, shared by the SPA's checks and the API's. */
export const PROSPECT_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const PROSPECT_FILE_EXTENSIONS = ['.csv', '.xlsx', '.xls'] as const;
export type ProspectFileExtension = (typeof PROSPECT_FILE_EXTENSIONS)[number];
/** For the file chooser's accept attribute. */
export const PROSPECT_FILE_ACCEPT = PROSPECT_FILE_EXTENSIONS.join(',');

export const INVALID_FILE_TYPE = {
  title: 'Invalid File Type',
  description: 'Please upload a CSV or Excel file (.csv, .xlsx, .xls)',
} as const;
export const FILE_TOO_LARGE = {
  title: 'File Too Large',
  description: 'File size must be less than 10MB',
} as const;

/** The extension of a file name when it is one we accept (case does not matter), else null. */
export function prospectFileExtension(fileName: string): ProspectFileExtension | null {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return null;
  const extension = fileName.slice(dot).toLowerCase();
  return (PROSPECT_FILE_EXTENSIONS as readonly string[]).includes(extension)
    ? (extension as ProspectFileExtension)
    : null;
}

export type ProspectFileCheck =
  | { ok: true; extension: ProspectFileExtension }
  | { ok: false; problem: 'type' | 'size'; title: string; description: string };

/** The spec's order: the type first, then the size. */
export function checkProspectFile(file: { name: string; size: number }): ProspectFileCheck {
  const extension = prospectFileExtension(file.name);
  if (!extension) return { ok: false, problem: 'type', ...INVALID_FILE_TYPE };
  if (file.size > PROSPECT_FILE_MAX_BYTES) return { ok: false, problem: 'size', ...FILE_TOO_LARGE };
  return { ok: true, extension };
}

/** POST /api/prospect-lists/upload answers with this; `message` is shown in the success toast. */
export interface ProspectListUploadResponse {
  message: string;
  prospectList: ProspectList;
}

export interface ProspectListDeleteResponse {
  message: string;
}

/** DELETE /api/prospect-lists/:id's message, and the 'List Deleted' toast's text. */
export const PROSPECT_LIST_DELETED_MESSAGE = 'The prospect list and its contacts were deleted.';

/** How a skipped row's reason reads, in the list's summary and in the downloaded file. */
export const SKIPPED_ROW_REASON_LABELS: Record<SkippedRowReason, string> = {
  invalid_phone: 'Invalid phone number',
  duplicate: 'Duplicate phone number',
};

/** GET: the rows of a list the parse left out, as a CSV file (the owner's own lists only). */
export const skippedRowsCsvPath = (prospectListId: number) =>
  `/api/prospect-lists/${prospectListId}/skipped.csv`;
