import twilio from 'twilio';
import type { CallDirection } from '@ringcast/shared-types';
import { config } from '../config';
import { callWebhookUrl, relaySocketUrl } from './callUrls';

export interface RelayCall {
  id: number;
  campaignId: number;
  direction: CallDirection;
  /** Twilio's CallSid of the call being answered: the relay token names it. */
  callSid: string;
}

/**
 * What a person is connected to: our agent through ConversationRelay, on the relay socket of this
 * call (its token opens one session of this call, for a short while). Context travels as
 * <Parameter>s, never secrets; when the session ends Twilio asks `relay-ended` what to do next.
 * With `record` (the first answer of a recording campaign's call), a dual-channel recording starts
 * before the agent is connected (the REST create's `record` is ignored for ConversationRelay calls);
 * it runs until the call ends, so a later session of the same call must not start another.
 */
export function relayTwiml(
  call: RelayCall,
  voice: 'female' | 'male' | null,
  greeting: string,
  { record = false } = {},
): string {
  const response = new twilio.twiml.VoiceResponse();
  if (record) {
    response.start().recording({
      channels: 'dual',
      recordingStatusCallback: callWebhookUrl(call.id, 'recording-status'),
      recordingStatusCallbackMethod: 'POST',
      recordingStatusCallbackEvent: ['completed'],
    });
  }
  const { ttsProvider, voices } = config.calls.relay;
  const relay = response
    .connect({ action: callWebhookUrl(call.id, 'relay-ended'), method: 'POST' })
    .conversationRelay({
      url: relaySocketUrl(call.id, call.callSid),
      welcomeGreeting: greeting,
      welcomeGreetingInterruptible: 'any',
      language: 'en-US',
      ttsProvider,
      voice: voice === 'male' ? voices.male : voices.female,
      interruptible: 'any',
      dtmfDetection: true,
      // Words while the callee is still speaking: the silence watch hears a long sentence begin, and
      // a reply of ours that starts after they began again is known to have talked over them.
      partialPrompts: true,
    });
  relay.parameter({ name: 'callId', value: String(call.id) });
  relay.parameter({ name: 'campaignId', value: String(call.campaignId) });
  relay.parameter({ name: 'direction', value: call.direction });
  return response.toString();
}
