import Router from '@koa/router';
import {
  AGENT_DOCUMENT_MAX_BYTES,
  AGENT_DOCUMENT_MAX_FILES,
  AGENT_DOCUMENT_TOO_LARGE,
  AGENT_DOCUMENT_WRONG_TYPE,
  agentDocumentExtension,
  type AgentDocumentUploadResponse,
} from '@ringcast/shared-types';
import { currentUser, requireUser } from '../middlewares/auth';
import { receiveFileUpload, receivedFiles } from '../middlewares/fileUpload';
import { presentAgentDocument } from '../presenters/agentDocument';
import { rateLimit } from '../middlewares/rateLimit';
import { createAgentDocuments, listAgentDocuments, unreadableDocuments } from '../services/agentDocuments';

/** The upload's message, warning about files kept whose text the agent cannot use. */
function uploadMessage(documents: Parameters<typeof unreadableDocuments>[0]): string {
  const uploaded =
    documents.length === 1 ? '1 document uploaded.' : `${documents.length} documents uploaded.`;
  const unreadable = unreadableDocuments(documents).map((name) => `"${name}"`);
  if (!unreadable.length) return uploaded;
  return `${uploaded} No text could be read from ${unreadable.join(', ')}: the AI agent will not use ${unreadable.length === 1 ? 'it' : 'them'}.`;
}

export const agentDocumentsRouter = new Router({ prefix: '/api/agent-documents' });

agentDocumentsRouter.get('/', requireUser, async (ctx) => {
  ctx.body = (await listAgentDocuments(currentUser(ctx).id)).map(presentAgentDocument);
});

agentDocumentsRouter.post(
  '/upload',
  requireUser,
  rateLimit('uploadPerUser', 'uploadPerAddress'),
  receiveFileUpload({
    field: 'documents',
    maxBytes: AGENT_DOCUMENT_MAX_BYTES,
    maxFiles: AGENT_DOCUMENT_MAX_FILES,
    acceptsName: (name) => agentDocumentExtension(name) !== null,
    wrongTypeMessage: AGENT_DOCUMENT_WRONG_TYPE,
    tooLargeMessage: AGENT_DOCUMENT_TOO_LARGE,
  }),
  async (ctx) => {
    const documents = await createAgentDocuments(currentUser(ctx).id, receivedFiles(ctx));
    ctx.status = 201;
    ctx.body = {
      message: uploadMessage(documents),
      files: documents.map((doc) => ({
        filename: doc.storedFileName,
        originalName: doc.originalName,
        id: doc.id,
      })),
    } satisfies AgentDocumentUploadResponse;
  },
);
