import { Op } from 'sequelize';
import type { AgentDocumentExtension } from '@ringcast/shared-types';
import { sequelize } from '../db/sequelize';
import { AgentDocument } from '../db/models';
import { storage } from '../storage';
import { logger } from '../logger';
import { displayFileName } from './prospectLists';
import { AGENT_DOCUMENT_MIME_TYPES, checkAgentDocumentContent } from './agentDocumentContent';
import { assertStorageQuota } from './storageQuota';

/** Text read from one .txt document for a prompt; more than a prompt would ever carry. */
const MAX_TEXT_BYTES = 256 * 1024;

export function listAgentDocuments(userId: number): Promise<AgentDocument[]> {
  return AgentDocument.findAll({
    where: { userId },
    order: [
      ['uploadedAt', 'DESC'],
      ['id', 'DESC'],
    ],
  });
}

/**
 * Keeps a batch of uploaded documents. Every file is checked first, so one bad file refuses the
 * whole batch and nothing is kept; the rows are created together.
 */
export async function createAgentDocuments(
  userId: number,
  uploads: { tempPath: string; originalName: string; sizeBytes: number }[],
): Promise<AgentDocument[]> {
  const extensions: AgentDocumentExtension[] = [];
  for (const upload of uploads) extensions.push(await checkAgentDocumentContent(upload));
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

async function readText(storedFileName: string): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of storage.openRead('agent-document', storedFileName)) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size >= MAX_TEXT_BYTES) break;
  }
  return Buffer.concat(chunks)
    .subarray(0, MAX_TEXT_BYTES)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
}

/**
 * The text of the user's plain-text documents among `ids`, in id order. PDF and Word files are
 * kept for the team preparing the campaign but not read here; a missing file is skipped.
 */
export async function readDocumentTexts(
  userId: number,
  ids: number[],
): Promise<{ name: string; text: string }[]> {
  if (!ids.length) return [];
  const rows = await AgentDocument.findAll({
    where: { userId, id: { [Op.in]: ids }, mimeType: AGENT_DOCUMENT_MIME_TYPES['.txt'] },
    order: [['id', 'ASC']],
  });
  const texts = [];
  for (const row of rows) {
    try {
      texts.push({ name: row.originalName, text: await readText(row.storedFileName) });
    } catch (err) {
      logger.warn({ err, agentDocumentId: row.id }, 'could not read an agent document');
    }
  }
  return texts;
}
