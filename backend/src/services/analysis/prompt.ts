import {
  CAMPAIGN_TYPE_LABELS,
  writeCallSummaryRequest,
  type CallSummaryRequest,
  type CampaignType,
} from '@ringcast/shared-types';

/**
 * What the model is told when asked for a call's analysis. The fields, their types and their
 * descriptions travel in the JSON schema (analysisJsonSchema); the user message has the campaign's
 * goal, today's date (for "tomorrow", "next Friday"), then the call as its summary sees it (one
 * fact per line, then the transcript, `Agent:` or `Person:` before each turn).
 */
export const ANALYSIS_INSTRUCTIONS =
  'You analyse a finished phone call between an AI voice agent and a person, for the business the agent spoke for. ' +
  'Fill in each field from what the person said on the call. When the call does not say, answer null: never guess, never invent a value. ' +
  'A date is a calendar date (YYYY-MM-DD): work out relative days ("tomorrow", "next Friday") from today\'s date given below. ' +
  "Sentiment is the person's overall mood towards the call: positive, neutral or negative. " +
  "Say whether the call met the campaign's goal, and why, in one sentence of your own words.";

/** What success means for each kind of campaign, when its owner wrote no goal of their own. */
const SUCCESS_BY_TYPE: Record<CampaignType, string> = {
  appointment: 'an appointment was booked',
  birthday: 'the person heard the birthday message',
  quote: 'the person asked for a quote or agreed to receive one',
  retention: 'the customer agreed to stay',
  'follow-up': 'the lead showed interest or agreed to a next step',
  other: 'the person was interested or agreed to what the agent offered',
};

export interface AnalysisRequest {
  campaign: { type: CampaignType; goal: string | null };
  /** The UTC day the analysis runs, YYYY-MM-DD. */
  today: string;
  call: CallSummaryRequest;
}

/** The user message of the request. */
export function writeAnalysisRequest({ campaign, today, call }: AnalysisRequest): string {
  return [
    `Campaign: ${CAMPAIGN_TYPE_LABELS[campaign.type]}`,
    `Goal: ${campaign.goal?.replace(/\s+/g, ' ').trim() || 'none written'}`,
    `Success means: ${SUCCESS_BY_TYPE[campaign.type]}`,
    `Today: ${today}`,
    writeCallSummaryRequest(call),
  ].join('\n');
}
