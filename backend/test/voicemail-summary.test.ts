import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from '../src/config';
import { CallRecord } from '../src/db/models';
import { saveVoicemailTurn } from '../src/services/agent/voicemailTurn';
import { callsOf, campaignCompleted, dialableCampaign, numbersEndingIn, waitUntil } from './helpers/dialer';
import { useDialerStack } from './helpers/dialerStack';
import { turnsOf } from './helpers/relay';

/**
 * A machine answers (the Twilio sandbox's persona 2): the message the agent leaves is the last turn
 * of the call's transcript, stored once, and the summary says a voicemail was left, with the
 * callback number, or that none was. The api plays the calls; a worker runs the jobs.
 */
const api = useDialerStack({ workers: 1 });

// Calls play 50 times faster: the agent's wait for a word would end the call (an "Are you still
// there?" and a goodbye) before the worker has switched it to the voicemail.
const silenceSeconds = config.calls.relay.silenceSeconds;
beforeAll(() => {
  config.calls.relay.silenceSeconds = 600;
});
afterAll(() => {
  config.calls.relay.silenceSeconds = silenceSeconds;
});

const VOICEMAIL = 'Sorry we missed you. Please call Spring Dental Clinic back at 212 555 0188.';

async function machineCall(voicemailAction: 'leave_message' | 'hang_up') {
  const { campaign } = await dialableCampaign(api.baseUrl, {
    numbers: numbersEndingIn([2]),
    voicemailAction,
  });
  await campaignCompleted(campaign.id);
  const [call] = await callsOf(campaign.id);
  const summary = await waitUntil(
    async () => (await CallRecord.findByPk(call!.id))?.summary,
    `the summary of call ${call!.id}`,
  );
  return { call: (await CallRecord.findByPk(call!.id))!, summary };
}

describe('a call an answering machine picks up', () => {
  it('keeps the message left as the agent’s last turn and is summed up as a voicemail', async () => {
    const [left, hungUp] = await Promise.all([machineCall('leave_message'), machineCall('hang_up')]);
    expect(left.call).toMatchObject({ answeredBy: 'machine', endedReason: 'voicemail' });

    const turns = await turnsOf(left.call.id);
    expect(turns.map((t) => t.speaker)).toEqual(['agent', 'agent']);
    expect(turns[0]!.text).toMatch(/AI assistant/);
    expect(turns.at(-1)!.text).toBe(VOICEMAIL);
    expect(left.summary).toBe(
      'An answering machine picked up. The agent left a voicemail with the callback number 212 555 0188.',
    );
    expect(left.summary).not.toMatch(/said nothing|turn/);

    // Left again (the job run twice), the message is still one turn.
    await saveVoicemailTurn(left.call, VOICEMAIL);
    expect((await turnsOf(left.call.id)).map((t) => t.text)).toEqual(turns.map((t) => t.text));

    // Hung up on the machine: only the greeting was said, and no message was left.
    expect((await turnsOf(hungUp.call.id)).map((t) => t.speaker)).toEqual(['agent']);
    expect(hungUp.summary).toBe(
      'An answering machine picked up. The agent hung up without leaving a message.',
    );
  }, 120_000);
});
