import { readFile } from 'node:fs/promises';
import { Op } from 'sequelize';
import { agentDocumentExtension, type AgentDocumentExtension } from '@ringcast/shared-types';
import { sequelize } from '../db/sequelize';
import { AgentDocument } from '../db/models';
import { storage } from '../storage';
import { logger } from '../logger';
import { displayFileName } from './prospectLists';
import { AGENT_DOCUMENT_MIME_TYPES, checkAgentDocumentContent } from './agentDocumentContent';
import { assertStorageQuota } from './storageQuota';
import { extractDocumentText, readAll } from './documentText';

export function listAgentDocuments(userId: number): Promise<AgentDocument[]> {
  return AgentDocument.findAll({
    where: { userId },
    attributes: { exclude: ['extractedText'] },
    order: [
      ['uploadedAt', 'DESC'],
      ['id', 'DESC'],
    ],
  });
}

/**
 * Keeps a batch of uploaded documents. Every file is checked first, so one bad file refuses the
 * whole batch and nothing is kept; the rows are created together. Each one's text is read once,
 * here, and kept with it; a file whose text cannot be read is kept all the same (with an empty
 * text, which the agent skips: see unreadableDocuments).
 */
export async function createAgentDocuments(
  userId: number,
  uploads: { tempPath: string; originalName: string; sizeBytes: number }[],
): Promise<AgentDocument[]> {
  const extensions: AgentDocumentExtension[] = [];
  for (const upload of uploads) extensions.push(await checkAgentDocumentContent(upload));
  const texts: string[] = [];
  for (const [i, upload] of uploads.entries()) {
    texts.push((await extractDocumentText(extensions[i], await readFile(upload.tempPath))) ?? '');
  }
  const stored: string[] = [];
  try {
    for (const [i, upload] of uploads.entries()) {
      stored.push((await storage.moveIn('agent-document', upload.tempPath, extensions[i])).storedFileName);
    }
    return await sequelize.transaction(async (transaction) => {
      const bytes = uploads.reduce((sum, upload) => sum + upload.sizeBytes, 0);
      await assertStorageQuota(userId, { bytes, prospectLists: 0 }, transaction);
      const rows = [];
      for (const [i, upload] of uploads.entries()) {
        rows.push(
          await AgentDocument.create(
            {
              userId,
              originalName: displayFileName(upload.originalName, 'Document'),
              storedFileName: stored[i],
              mimeType: AGENT_DOCUMENT_MIME_TYPES[extensions[i]],
              sizeBytes: upload.sizeBytes,
              extractedText: texts[i],
            },
            { transaction },
          ),
        );
      }
      return rows;
    });
  } catch (err) {
    await Promise.all(stored.map((name) => storage.remove('agent-document', name)));
    throw err;
  }
}

/** The ids of the user's documents among these stored names; anyone else's names are ignored. */
export async function ownedDocumentIds(userId: number, storedFileNames: string[]): Promise<number[]> {
  if (!storedFileNames.length) return [];
  const rows = await AgentDocument.findAll({
    where: { userId, storedFileName: { [Op.in]: storedFileNames } },
    attributes: ['id'],
    order: [['id', 'ASC']],
  });
  return rows.map((row) => row.id);
}

/** Names of documents kept without readable text: the uploader is told the agent will not use them. */
export const unreadableDocuments = (documents: AgentDocument[]) =>
  documents.filter((doc) => !doc.extractedText).map((doc) => doc.originalName);

/**
 * A document kept before text was read at upload: its text is read now, once (a concurrent
 * reader's result is not overwritten), and kept like an uploaded one's.
 */
async function extractStoredText(row: AgentDocument): Promise<string> {
  const extension = agentDocumentExtension(row.storedFileName);
  const bytes = await readAll(storage.openRead('agent-document', row.storedFileName));
  const text = (extension && (await extractDocumentText(extension, bytes))) ?? '';
  await AgentDocument.update({ extractedText: text }, { where: { id: row.id, extractedText: null } });
  return text;
}

/**
 * The text of the user's documents among `ids`, in id order, as read at upload (PDF, Word and
 * plain text alike). A document without readable text is skipped, and so is one whose file is gone.
 */
export async function readDocumentTexts(
  userId: number,
  ids: number[],
): Promise<{ name: string; text: string }[]> {
  if (!ids.length) return [];
  const rows = await AgentDocument.findAll({
    where: { userId, id: { [Op.in]: ids } },
    order: [['id', 'ASC']],
  });
  const texts = [];
  for (const row of rows) {
    try {
      const text = row.extractedText ?? (await extractStoredText(row));
      if (text) texts.push({ name: row.originalName, text });
    } catch (err) {
      logger.warn({ err, agentDocumentId: row.id }, 'could not read an agent document');
    }
  }
  return texts;
}
