import { fileTypeFromFile } from 'file-type';
import {
  AGENT_DOCUMENT_WRONG_TYPE,
  agentDocumentExtension,
  type AgentDocumentExtension,
} from '@ringcast/shared-types';
import { unsupportedType } from '../errors';
import { looksLikeText, readSample, readZipDirectory } from './prospectImport/fileContent';

export const AGENT_DOCUMENT_MIME_TYPES: Record<AgentDocumentExtension, string> = {
  '.pdf': 'application/pdf',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.txt': 'text/plain',
};

/** Whether the bytes really are what the extension says: a renamed image or program is refused. */
async function contentMatches(
  extension: AgentDocumentExtension,
  filePath: string,
  sizeBytes: number,
): Promise<boolean> {
  const type = await fileTypeFromFile(filePath);
  switch (extension) {
    case '.pdf':
      return type?.ext === 'pdf';
    case '.doc':
      // Word 97-2003 files are compound files; older Word also saved RTF under .doc.
      return type?.ext === 'cfb' || type?.ext === 'rtf';
    case '.docx':
      if (type?.ext !== 'docx' && type?.ext !== 'zip') return false;
      return Boolean((await readZipDirectory(filePath, sizeBytes))?.names.includes('word/document.xml'));
    case '.txt':
      return !type && looksLikeText(await readSample(filePath));
  }
}

/** Checks one received document; answers its extension, or refuses it with 415 naming the file. */
export async function checkAgentDocumentContent(file: {
  tempPath: string;
  originalName: string;
  sizeBytes: number;
}): Promise<AgentDocumentExtension> {
  const extension = agentDocumentExtension(file.originalName);
  if (!extension || !(await contentMatches(extension, file.tempPath, file.sizeBytes))) {
    throw unsupportedType(
      `"${file.originalName}" is not a ${extension ?? 'supported'} document. ${AGENT_DOCUMENT_WRONG_TYPE}`,
    );
  }
  return extension;
}
