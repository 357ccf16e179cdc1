import { CallRecord, Campaign } from '../../../db/models';
import { isFinalCallStatus } from '@ringcast/shared-types';
import { twilioClient } from '../../../providers/twilio';
import { voicemailTwiml } from '../../../telephony/twiml';
import { accountForCall } from '../shared';
import { enqueueCallSummary } from '../../agent/callSummary';
import { forgetVoicemailTurn, saveVoicemailTurn } from '../../agent/voicemailTurn';

export type MachineOutcome = 'left_message' | 'hung_up' | 'skipped';

/** Twilio's answer when the call ended before we could change it: nothing is left to do. */
const CALL_NOT_IN_PROGRESS = 21220;
const endedMeanwhile = (err: unknown) => (err as { code?: number }).code === CALL_NOT_IN_PROGRESS;

/**
 * A machine answered (AMD at the end of its greeting, so after the beep): the live call switches
 * to the voicemail script and then ends, or is ended at once, as the campaign's voicemailAction
 * says. Run once per call (its job id); a call already over is left alone. The message left is the
 * agent's last turn of the transcript (stored before the switch, taken back if it fails), and the
 * call is summed up as a voicemail.
 */
export async function answerMachine(callId: number): Promise<MachineOutcome> {
  const call = await CallRecord.findByPk(callId);
  if (!call?.providerCallSid || call.answeredBy !== 'machine' || isFinalCallStatus(call.status))
    return 'skipped';
  const campaign = await Campaign.findByPk(call.campaignId);
  const account = await accountForCall(call);
  if (!campaign || !account) return 'skipped';
  const live = twilioClient(account).calls(call.providerCallSid);
  const message = campaign.scriptVoicemail?.trim();
  if (campaign.voicemailAction === 'hang_up' || !message) {
    try {
      await live.update({ status: 'completed' });
    } catch (err) {
      if (endedMeanwhile(err)) return 'skipped';
      throw err;
    }
    return 'hung_up';
  }
  // Stored first: the relay session closes as the call switches, and its summary reads the turn.
  await saveVoicemailTurn(call, message);
  try {
    await live.update({ twiml: voicemailTwiml(campaign) });
  } catch (err) {
    await forgetVoicemailTurn(call.id);
    if (endedMeanwhile(err)) return 'skipped';
    throw err;
  }
  // No relay session to ask for the summary (the machine answered before one set up): ask here.
  if (!call.relaySessionKey) await enqueueCallSummary(call.id);
  return 'left_message';
}
