import type { JobPayloads } from '@ringcast/shared-types';
import { config } from '../../config';
import { openai } from '../../providers/openai';
import { readDocumentTexts } from '../agentDocuments';
import { buildScriptPrompt } from './prompt';

/** Room for the longest script (rebuttals run to a page), not a novel. */
const MAX_SCRIPT_TOKENS = 900;

/** The worker's half: reads the user's text documents, asks the model, answers the script. */
export async function writeScript(payload: JobPayloads['generateScript']): Promise<{ script: string }> {
  const documents = await readDocumentTexts(payload.userId, payload.documentIds);
  const messages = buildScriptPrompt({
    scriptType: payload.scriptType,
    campaign: payload.campaignData,
    documents,
  });
  const completion = await openai().chat.completions.create({
    model: config.openaiModel,
    messages,
    temperature: 0.7,
    max_completion_tokens: MAX_SCRIPT_TOKENS,
  });
  const script = completion.choices[0]?.message?.content?.trim();
  if (!script)
    throw new Error(
      `The model returned no script (finish reason: ${completion.choices[0]?.finish_reason ?? 'none'})`,
    );
  return { script };
}
