import { CALL_SUMMARY_INSTRUCTIONS, twoSentences, writeCallSummaryRequest } from '@ringcast/shared-types';
import { config } from '../../config';
import { CallRecord } from '../../db/models';
import { openai } from '../../providers/openai';
import { enqueue } from '../../queues';
import { announceCall } from '../calls/read';
import { storeCallSummary } from '../calls/shared';
import { loadTranscript } from './transcript';
import { splitVoicemail } from './voicemailTurn';

/** Two sentences, with room to spare. */
const MAX_SUMMARY_TOKENS = 160;
/** The column is TEXT; a summary longer than this is not two sentences any more. */
const MAX_SUMMARY_CHARS = 1000;

export type SummaryResult = 'written' | 'already_written' | 'no_transcript' | 'missing';

/**
 * Writes the call's two-sentence summary from its stored transcript and outcome, once: a call
 * that has one keeps it (the write is conditional on there being none, so two runs that both ask
 * the model store one answer), and pushes the call to its owner's tabs.
 */
export async function summarizeCall(callId: number): Promise<SummaryResult> {
  const call = await CallRecord.findByPk(callId);
  if (!call) return 'missing';
  if (call.summary) return 'already_written';
  const stored = (await loadTranscript(callId)).filter((turn) => turn.text.trim());
  if (!stored.length) return 'no_transcript';
  // A machine's call is summed up as a voicemail: the message left is told apart from the turns.
  const { turns, voicemailLeft } = splitVoicemail(stored);
  const completion = await openai().chat.completions.create({
    model: config.openaiModel,
    messages: [
      { role: 'system', content: CALL_SUMMARY_INSTRUCTIONS },
      {
        role: 'user',
        content: writeCallSummaryRequest({
          direction: call.direction,
          outcome: call.outcome ?? null,
          answeredByMachine: call.answeredBy === 'machine',
          voicemailLeft,
          turns,
        }),
      },
    ],
    temperature: 0.3,
    max_completion_tokens: MAX_SUMMARY_TOKENS,
  });
  const summary = twoSentences(completion.choices[0]?.message?.content ?? '').slice(0, MAX_SUMMARY_CHARS);
  if (!summary) throw new Error('The model returned no summary');
  // The call may have moved on while the model wrote (settled, say), and its pushes are ordered by
  // updatedAt: this write must come after whatever the row holds once it is ours, and the push
  // carries the row as it is now, not as it was read before the model was asked.
  if (!(await storeCallSummary(callId, summary))) return 'already_written';
  await call.reload();
  await announceCall(call);
  return 'written';
}

/**
 * Asks for the call's summary once its relay session has closed (its transcript is complete then).
 * One job per call, whoever asks and however often.
 */
export async function enqueueCallSummary(callId: number): Promise<void> {
  await enqueue('summarizeCall', { callId });
}
