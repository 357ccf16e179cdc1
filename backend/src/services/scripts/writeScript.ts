import { withCallerIdentification, type JobPayloads } from '@ringcast/shared-types';
import { config } from '../../config';
import { User } from '../../db/models';
import { openai } from '../../providers/openai';
import { readDocumentTexts } from '../agentDocuments';
import { buildScriptPrompt } from './prompt';

/** Room for the longest script (rebuttals run to a page), not a novel. */
const MAX_SCRIPT_TOKENS = 900;

/**
 * The worker's half: reads the user's company name and phone from the profile as they are now,
 * and the text documents, asks the model, answers the script with the caller's identification
 * completed where the model left it out.
 */
export async function writeScript(payload: JobPayloads['generateScript']): Promise<{ script: string }> {
  const [sender, documents] = await Promise.all([
    User.findByPk(payload.userId, { attributes: ['companyName', 'phoneNumber'] }),
    readDocumentTexts(payload.userId, payload.documentIds),
  ]);
  const messages = buildScriptPrompt({
    scriptType: payload.scriptType,
    campaign: payload.campaignData,
    sender: { companyName: sender?.companyName, phoneNumber: sender?.phoneNumber },
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
  // The prompt asks for the disclosure and the callback number; a model may still leave them out.
  return {
    script: withCallerIdentification(payload.scriptType, script, {
      companyName: sender?.companyName,
      callbackNumber: sender?.phoneNumber,
    }),
  };
}
