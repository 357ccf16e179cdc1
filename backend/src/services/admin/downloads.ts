import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { DOWNLOAD_KINDS, DOWNLOAD_MESSAGES, type DownloadKind } from '@ringcast/shared-types';
import { AgentDocument, ProspectList } from '../../db/models';
import { conflict, notFound } from '../../errors';
import { storage, InvalidStoredFileName } from '../../storage';
import { recordAudit, type AuditActor, type AuditEntityType } from '../auditLog';
import { csvHasFormulaCells, neutralisedCsv, neutralisedWorkbook } from './neutralisedList';

export const FILE_NOT_FOUND = 'File not found';

const SPREADSHEET_TYPES: Record<string, string> = {
  '.csv': 'text/csv; charset=utf-8',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.xls': 'application/vnd.ms-excel',
};
const FALLBACK_TYPE = 'application/octet-stream';

/** The longest stored name there is; anything longer is not worth a query. */
const MAX_STORED_NAME = 255;

interface RecordedFile {
  id: number;
  storedFileName: string;
  /** The name the user uploaded it under: what the download is saved as. */
  originalName: string;
  contentType: string;
  entityType: AuditEntityType;
}

export interface Download {
  fileName: string;
  contentType: string;
  /** Unknown for a copy written as it is sent. */
  sizeBytes?: number;
  /** Opens the file only when its bytes are really sent (a HEAD request never opens it). */
  open: () => Readable;
}

export const isDownloadKind = (value: string): value is DownloadKind =>
  (DOWNLOAD_KINDS as readonly string[]).includes(value);

/** The database row of that kind recorded under exactly this stored name, if any. */
async function findRecorded(kind: DownloadKind, fileName: string): Promise<RecordedFile | null> {
  if (kind === 'prospect-list') {
    const list = await ProspectList.findOne({ where: { storedFileName: fileName } });
    return list
      ? {
          id: list.id,
          storedFileName: list.storedFileName,
          originalName: list.name,
          contentType: SPREADSHEET_TYPES[path.extname(list.storedFileName)] ?? FALLBACK_TYPE,
          entityType: 'prospectList',
        }
      : null;
  }
  const doc = await AgentDocument.findOne({ where: { storedFileName: fileName } });
  return doc
    ? {
        id: doc.id,
        storedFileName: doc.storedFileName,
        originalName: doc.originalName,
        contentType: doc.mimeType ?? FALLBACK_TYPE,
        entityType: 'agentDocument',
      }
    : null;
}

/** The stored file's size; 404 when the recorded file is gone from the disk. */
async function storedSize(kind: DownloadKind, storedFileName: string): Promise<number> {
  try {
    const info = await stat(storage.pathFor(kind, storedFileName));
    if (info.isFile()) return info.size;
  } catch (err) {
    if (!(err instanceof InvalidStoredFileName) && (err as NodeJS.ErrnoException).code !== 'ENOENT')
      throw err;
  }
  throw notFound(FILE_NOT_FOUND);
}

/**
 * An uploaded file for an admin (spec §6). The requested name is only ever a key to look up: the
 * file must be recorded in the table of that kind under exactly that stored name, and the path is
 * built by storage from the recorded name, so `../`, absolute paths, other kinds' files and names
 * never recorded all answer 404 without touching the disk outside the upload folder.
 */
export async function openDownload(
  actor: AuditActor,
  kind: string,
  fileName: string,
  { original = false }: { original?: boolean } = {},
): Promise<Download> {
  if (!isDownloadKind(kind) || !fileName || fileName.length > MAX_STORED_NAME) throw notFound(FILE_NOT_FOUND);
  const recorded = await findRecorded(kind, fileName);
  // The column's collation ignores case and trailing spaces; a download needs the exact name.
  if (!recorded || recorded.storedFileName !== fileName) throw notFound(FILE_NOT_FOUND);
  const sizeBytes = await storedSize(kind, recorded.storedFileName);
  const copy =
    kind === 'prospect-list' && !original ? await neutralisedCopy(recorded.storedFileName) : undefined;
  await recordAudit(
    {
      actor,
      action: 'file.download',
      entityType: recorded.entityType,
      entityId: recorded.id,
      before: null,
      after: {
        kind,
        storedFileName: recorded.storedFileName,
        originalName: recorded.originalName,
        copy: copy ? 'neutralised' : 'original',
      },
    },
    null,
  );
  return {
    fileName: recorded.originalName,
    contentType: recorded.contentType,
    ...(copy ? { open: copy } : { sizeBytes, open: () => storage.openRead(kind, recorded.storedFileName) }),
  };
}

/**
 * How an uploaded list is sent when the original is not asked for: a CSV without a formula-like
 * cell is sent as it is; one with such cells, and every workbook (whose cells may hold real
 * formulas), is written again with neutralised cells. An .xls cannot be read, so only its original can be had.
 */
async function neutralisedCopy(storedFileName: string): Promise<(() => Readable) | undefined> {
  if (storedFileName.endsWith('.xlsx')) return () => neutralisedWorkbook(storedFileName);
  if (storedFileName.endsWith('.csv'))
    return (await csvHasFormulaCells(storedFileName)) ? () => neutralisedCsv(storedFileName) : undefined;
  throw conflict(DOWNLOAD_MESSAGES.originalOnly);
}
