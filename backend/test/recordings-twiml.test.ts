import { describe, expect, it } from 'vitest';
import { RECORDING_ANNOUNCEMENT } from '@ringcast/shared-types';
import { Campaign } from '../src/db/models';
import { useRelayCalls } from './helpers/relayCalls';
import { RETRIED_IN_TWIML } from './helpers/callbackRetries';

/**
 * The answer Twilio gets when a person picks up one of the calls we place: a recording campaign's
 * starts a dual-channel recording before connecting the agent, and its greeting says so; any other
 * campaign's records nothing.
 */
const { api, account, liveCall, post } = useRelayCalls();

async function answeringTwiml(recordCalls: boolean) {
  const { call, campaign } = await liveCall({ reachedAgent: false });
  await Campaign.update({ recordCalls }, { where: { id: campaign.id } });
  const res = await post(call.id, 'twiml', {
    AccountSid: account.accountSid,
    CallSid: call.providerCallSid!,
  });
  expect(res.status).toBe(200);
  return { call, twiml: await res.text() };
}

describe('the answering TwiML of a call we place', () => {
  it('starts a dual-channel recording before the agent when the campaign records, and announces it', async () => {
    const { call, twiml } = await answeringTwiml(true);
    const callback = `${api.baseUrl}/webhooks/twilio/calls/${call.id}/recording-status${RETRIED_IN_TWIML}`;
    expect(twiml).toContain(
      `<Start><Recording channels="dual" recordingStatusCallback="${callback}" recordingStatusCallbackMethod="POST" recordingStatusCallbackEvent="completed"/></Start>`,
    );
    expect(twiml.indexOf('<Start>')).toBeLessThan(twiml.indexOf('<Connect'));
    expect(twiml).toContain(
      `welcomeGreeting="Hi, this is Ava, an AI assistant calling on behalf of Spring Dental Clinic. ${RECORDING_ANNOUNCEMENT}"`,
    );
  });

  it('records nothing and announces nothing when the campaign does not record', async () => {
    const { twiml } = await answeringTwiml(false);
    expect(twiml).not.toContain('<Start>');
    expect(twiml).not.toContain('<Recording');
    expect(twiml).not.toContain(RECORDING_ANNOUNCEMENT);
    expect(twiml).toContain(
      'welcomeGreeting="Hi, this is Ava, an AI assistant calling on behalf of Spring Dental Clinic."',
    );
  });

  it('refuses a recording callback that is not signed by the call’s account', async () => {
    const { call } = await liveCall();
    const fields = {
      AccountSid: account.accountSid,
      CallSid: call.providerCallSid!,
      RecordingSid: `RE${'1'.repeat(32)}`,
      RecordingStatus: 'completed',
    };
    expect((await post(call.id, 'recording-status', fields, false)).status).toBe(403);
  });
});
