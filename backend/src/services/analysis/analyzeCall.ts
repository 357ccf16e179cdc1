import {
  analysisResponseFormat,
  qualityOfTurns,
  type AnalysisField,
  type TranscriptTurn,
} from '@ringcast/shared-types';
import { config } from '../../config';
import { Campaign, CallRecord, CallTranscriptTurn } from '../../db/models';
import { logger } from '../../logger';
import { isRefusedByOpenAI, openai } from '../../providers/openai';
import { presentTurn } from '../agent/transcript';
import { splitVoicemail } from '../agent/voicemailTurn';
import { announceCall } from '../calls/read';
import { storeCallAnalysis, type CallAnalysisWrite } from '../calls/shared';
import { statDay } from '../analytics/statRows';
import { ANALYSIS_INSTRUCTIONS, writeAnalysisRequest } from './prompt';
import { addAnalysisToStats } from './stats';
import { checkAnswer, type CheckedAnswer } from './validate';

export type AnalysisResult = 'done' | 'failed' | 'already_analyzed' | 'not_a_conversation' | 'missing';

/** The model's answer is a few hundred tokens at most: room for ten fields and a sentence. */
const MAX_ANALYSIS_TOKENS = 800;
/** A refused answer is asked for once more; then the call's analysis fails. */
const ASKS = 2;

/**
 * Analyses a call a person answered and the agent spoke on, once: asks the model (outside any
 * transaction) for the campaign's fields, the sentiment and whether the goal was met, checks the
 * answer against the schema it was asked with (asking once more when it is refused), then stores
 * it with the call's quality figures and adds both to the aggregates, in one transaction under
 * the call's row lock and only while the call has no analysis (storeCallAnalysis), and pushes the
 * call. `lastAttempt`: the job's retries are spent, so a model out of reach fails the analysis
 * instead of throwing again.
 */
export async function analyzeCall(callId: number, { lastAttempt = false } = {}): Promise<AnalysisResult> {
  const call = await CallRecord.findByPk(callId);
  if (!call) return 'missing';
  if (call.analyzedAt) return 'already_analyzed';
  if (call.answeredBy === 'machine') return 'not_a_conversation';
  const rows = await CallTranscriptTurn.findAll({ where: { callRecordId: callId }, order: [['seq', 'ASC']] });
  const { turns } = splitVoicemail(rows.map(presentTurn).filter((turn) => turn.text.trim()));
  if (!turns.some((turn) => turn.speaker === 'agent')) return 'not_a_conversation';
  const campaign = await Campaign.findByPk(call.campaignId, {
    attributes: ['id', 'type', 'goal', 'analysisFields'],
  });
  const fields = campaign?.analysisFields ?? [];

  let answer: CheckedAnswer;
  try {
    answer = await askModel(call, campaign, fields, turns);
  } catch (err) {
    if (!lastAttempt && !isRefusedByOpenAI(err)) throw err;
    logger.warn({ err, callId }, 'call analysis failed: the model could not be asked');
    answer = { ok: false, problem: 'the model could not be asked' };
  }

  const quality = qualityOfTurns(rows);
  const write: CallAnalysisWrite = {
    analysis: answer.ok ? answer.analysis : null,
    status: answer.ok ? 'done' : 'failed',
    quality,
  };
  const analysed = {
    analysis: write.analysis,
    quality,
    spokenTurns: turns.filter((turn) => turn.speaker !== 'system').length,
    responseMs: rows.flatMap((row) =>
      row.speaker === 'agent' && typeof row.responseMs === 'number' ? [row.responseMs] : [],
    ),
  };
  const stored = await storeCallAnalysis(callId, write, (locked, transaction) =>
    addAnalysisToStats(locked, analysed, transaction),
  );
  if (!stored) return 'already_analyzed';
  await announceCall(stored);
  return write.status;
}

/** The model's answer, checked; a refused one is asked for again, up to ASKS times in all. */
async function askModel(
  call: CallRecord,
  campaign: Campaign | null,
  fields: AnalysisField[],
  turns: TranscriptTurn[],
): Promise<CheckedAnswer> {
  const request = writeAnalysisRequest({
    campaign: { type: campaign?.type ?? 'other', goal: campaign?.goal ?? null },
    today: statDay(new Date()),
    call: {
      direction: call.direction,
      outcome: call.outcome ?? null,
      turns: turns.map(({ speaker, text }) => ({ speaker, text })),
    },
  });
  let answer: CheckedAnswer = { ok: false, problem: 'not asked' };
  for (let ask = 1; ask <= ASKS; ask++) {
    const completion = await openai().chat.completions.create({
      model: config.openaiModel,
      messages: [
        { role: 'system', content: ANALYSIS_INSTRUCTIONS },
        { role: 'user', content: request },
      ],
      temperature: 0,
      max_completion_tokens: MAX_ANALYSIS_TOKENS,
      response_format: analysisResponseFormat(fields),
    });
    const message = completion.choices[0]?.message;
    answer = message?.refusal
      ? { ok: false, problem: `refused: ${message.refusal}` }
      : checkAnswer(fields, message?.content ?? null);
    if (answer.ok) return answer;
    logger.warn({ callId: call.id, ask, problem: answer.problem }, 'call analysis answer refused');
  }
  return answer;
}
