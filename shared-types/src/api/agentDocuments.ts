import { array } from 'yup';
import { text } from './fields';

/** Documents the AI agent may draw on (spec §2 step 5): the upload rule shared by the SPA and the API. */
export const AGENT_DOCUMENT_EXTENSIONS = ['.pdf', '.doc', '.docx', '.txt'] as const;
export type AgentDocumentExtension = (typeof AGENT_DOCUMENT_EXTENSIONS)[number];
/** For the file chooser's accept attribute. */
export const AGENT_DOCUMENT_ACCEPT = AGENT_DOCUMENT_EXTENSIONS.join(',');
export const AGENT_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** Files one upload request may carry. The screen's "Up to 5 files" is a hint, not this limit. */
export const AGENT_DOCUMENT_MAX_FILES = 10;

export const AGENT_DOCUMENT_WRONG_TYPE =
  'Please upload PDF, Word or text documents (.pdf, .doc, .docx, .txt)';
export const AGENT_DOCUMENT_TOO_LARGE = 'Each document must be less than 10MB';

/** The extension of a file name when it is one we accept (case does not matter), else null. */
export function agentDocumentExtension(fileName: string): AgentDocumentExtension | null {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return null;
  const extension = fileName.slice(dot).toLowerCase();
  return (AGENT_DOCUMENT_EXTENSIONS as readonly string[]).includes(extension)
    ? (extension as AgentDocumentExtension)
    : null;
}

/** Longest stored name (the column's size); a campaign's list is stored whole in one TEXT column. */
export const AGENT_DOCUMENT_NAME_MAX = 255;
export const AGENT_DOCUMENTS_PER_CAMPAIGN = 20;

/** A campaign's agentDocuments: the stored names of the user's documents. */
export const agentDocumentNames = () =>
  array(
    text()
      .required()
      .max(
        AGENT_DOCUMENT_NAME_MAX,
        `Each document name must be at most ${AGENT_DOCUMENT_NAME_MAX} characters`,
      ),
  ).max(AGENT_DOCUMENTS_PER_CAMPAIGN, `At most ${AGENT_DOCUMENTS_PER_CAMPAIGN} documents`);

export interface UploadedAgentDocument {
  /** Our stored name: what a campaign's agentDocuments lists. */
  filename: string;
  originalName: string;
  id: number;
}

/** POST /api/agent-documents/upload answers with this. */
export interface AgentDocumentUploadResponse {
  message: string;
  files: UploadedAgentDocument[];
}
