import twilio from 'twilio';
import type { Campaign } from '../db/models';
import { config } from '../config';

type SayVoice = Parameters<InstanceType<typeof twilio.twiml.VoiceResponse>['say']>[0] extends infer A
  ? A extends { voice?: infer V }
    ? V
    : never
  : never;

/** The digit that puts the callee on the customer's do-not-call list. */
export const OPT_OUT_DIGIT = '9';
const OPT_OUT_CONFIRMATION = 'You will not receive any more calls from us. Goodbye.';
const GOODBYE = 'Thank you for your time. Goodbye.';

type SpeakingCampaign = Pick<Campaign, 'aiAgentVoice' | 'scriptAnswering' | 'scriptVoicemail' | 'name'>;

/** The `<Say>` voice of a campaign's agent. */
export const voiceOf = (campaign: Pick<Campaign, 'aiAgentVoice'>) =>
  (campaign.aiAgentVoice === 'male' ? config.calls.voices.male : config.calls.voices.female) as SayVoice;

/** The answer to the key press: 9 confirms the opt-out; any other key ends politely. */
export function gatherAnswerTwiml(campaign: Pick<Campaign, 'aiAgentVoice'>, optedOut: boolean): string {
  const response = new twilio.twiml.VoiceResponse();
  response.say({ voice: voiceOf(campaign) }, optedOut ? OPT_OUT_CONFIRMATION : GOODBYE);
  response.hangup();
  return response.toString();
}

/** Left on an answering machine after the beep, then the call ends. */
export function voicemailTwiml(campaign: SpeakingCampaign): string {
  const response = new twilio.twiml.VoiceResponse();
  const message = campaign.scriptVoicemail?.trim();
  if (message) response.say({ voice: voiceOf(campaign) }, message);
  response.hangup();
  return response.toString();
}

/** For a callback that arrives after the call is over, or for a call we no longer know. */
export function hangupTwiml(): string {
  const response = new twilio.twiml.VoiceResponse();
  response.hangup();
  return response.toString();
}
