import { unlink } from 'node:fs/promises';
import type { Context, Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { badRequest, tooLarge, unsupportedType } from '../errors';
import { storage } from '../storage';

/** A file received into the incoming folder; removed after the request unless a handler moved it. */
export interface ReceivedFile {
  tempPath: string;
  originalName: string;
  sizeBytes: number;
}

export interface FileUploadRule {
  field: string;
  maxBytes: number;
  acceptsName: (fileName: string) => boolean;
  wrongTypeMessage: string;
  tooLargeMessage: string;
  /** Files one request may carry in the field, each up to maxBytes; 1 unless said. */
  maxFiles?: number;
}

/** Room for the multipart envelope (boundaries, part headers) around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const FORMIDABLE_TOO_MANY_FILES = 1015;

export const receivedFile = (ctx: Context): ReceivedFile => (ctx.state as { upload: ReceivedFile }).upload;
/** Every file of a rule that accepts several, in the order they were sent. */
export const receivedFiles = (ctx: Context): ReceivedFile[] =>
  (ctx.state as { uploads: ReceivedFile[] }).uploads;

const removeQuietly = (paths: string[]) => Promise.all(paths.map((p) => unlink(p).catch(() => undefined)));

const tooManyFiles = (maxFiles: number) =>
  badRequest(maxFiles === 1 ? 'Upload one file at a time.' : `Upload at most ${maxFiles} files at a time.`);

function uploadError(err: unknown, rule: FileUploadRule) {
  const { httpCode, code } = err as { httpCode?: number; code?: number };
  if (code === FORMIDABLE_TOO_MANY_FILES) return tooManyFiles(rule.maxFiles ?? 1);
  if (httpCode === 413) return tooLarge(rule.tooLargeMessage);
  return badRequest('The upload could not be read. Please try again.');
}

/**
 * Receives the multipart file (or files, up to rule.maxFiles) under the rule's field name. Names are
 * checked before any byte is written (415), sizes while they stream in (413), so a refused file is
 * never kept.
 */
export function receiveFileUpload(rule: FileUploadRule): Middleware {
  const maxFiles = rule.maxFiles ?? 1;
  return async (ctx, next) => {
    if (!ctx.is('multipart/form-data'))
      throw badRequest(`Send the file as multipart/form-data in the "${rule.field}" field.`);
    if (Number(ctx.get('Content-Length') || 0) > rule.maxBytes * maxFiles + MULTIPART_OVERHEAD_BYTES) {
      ctx.req.resume();
      throw tooLarge(rule.tooLargeMessage);
    }
    const tempPaths: string[] = [];
    let refusedName = false;
    let fileCount = 0;
    const parse = koaBody({
      multipart: true,
      json: false,
      urlencoded: false,
      text: false,
      formidable: {
        uploadDir: await storage.incomingDir(),
        maxFileSize: rule.maxBytes,
        maxTotalFileSize: rule.maxBytes * maxFiles,
        maxFiles,
        maxFields: 20,
        maxFieldsSize: 64 * 1024,
        allowEmptyFiles: true,
        minFileSize: 0,
        filter: ({ name, originalFilename }) => {
          if (name !== rule.field) return false;
          if (!originalFilename || !rule.acceptsName(originalFilename)) refusedName = true;
          // Refused here, before formidable creates a file, so an extra file never reaches the disk.
          fileCount += 1;
          return !refusedName && fileCount <= maxFiles;
        },
        onFileBegin: (_name, file) => {
          tempPaths.push(file.filepath);
        },
      },
    });
    try {
      await parse(ctx, async () => undefined);
    } catch (err) {
      // What is left of the request is read and dropped, so the client gets to read our answer.
      ctx.req.resume();
      await removeQuietly(tempPaths);
      throw uploadError(err, rule);
    }
    try {
      const field = ctx.request.files?.[rule.field];
      // Files finish writing in any order; keep the order they were sent in.
      const files = (field === undefined ? [] : Array.isArray(field) ? [...field] : [field]).sort(
        (a, b) => tempPaths.indexOf(a.filepath) - tempPaths.indexOf(b.filepath),
      );
      if (fileCount > maxFiles) throw tooManyFiles(maxFiles);
      if (refusedName) throw unsupportedType(rule.wrongTypeMessage);
      if (!files.length) throw badRequest(`Choose a file to upload (multipart field "${rule.field}").`);
      const empty = files.find((file) => file.size === 0);
      if (empty)
        throw badRequest(
          files.length === 1 ? 'The file is empty.' : `"${empty.originalFilename ?? 'upload'}" is empty.`,
        );
      const uploads: ReceivedFile[] = files.map((file) => ({
        tempPath: file.filepath,
        originalName: file.originalFilename ?? 'upload',
        sizeBytes: file.size,
      }));
      ctx.state.upload = uploads[0];
      ctx.state.uploads = uploads;
      await next();
    } finally {
      await removeQuietly(tempPaths);
    }
  };
}
