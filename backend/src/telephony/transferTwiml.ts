import twilio from 'twilio';
import { TRANSFER_RING_SECONDS } from '@ringcast/shared-types';
import type { Campaign } from '../db/models';
import { callWebhookUrl } from './callUrls';
import { voiceOf } from './twiml';

/** A transfer about to ring: our call, the number dialed and the number the person sees. */
export interface TransferDial {
  callId: number;
  phoneNumber: string;
  callerId: string;
}

/**
 * The caller's leg after the agent's session ended with a transfer: Twilio dials the destination,
 * plays the whisper to whoever answers (the `<Number url>`, heard by them alone) before bridging,
 * and asks `transfer-status` what next once that leg ends or never connects.
 */
export function transferDialTwiml(dial: TransferDial): string {
  const response = new twilio.twiml.VoiceResponse();
  response
    .dial({
      timeout: TRANSFER_RING_SECONDS,
      action: callWebhookUrl(dial.callId, 'transfer-status'),
      method: 'POST',
      callerId: dial.callerId,
    })
    .number({ url: callWebhookUrl(dial.callId, 'whisper'), method: 'POST' }, dial.phoneNumber);
  return response.toString();
}

/** What the person who answered a transfer hears before the caller is put through. */
export function whisperTwiml(campaign: Pick<Campaign, 'aiAgentVoice'>, summary: string): string {
  const response = new twilio.twiml.VoiceResponse();
  response.say({ voice: voiceOf(campaign) }, summary);
  return response.toString();
}
