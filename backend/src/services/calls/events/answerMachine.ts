import { CallRecord, Campaign } from '../../../db/models';
import { isFinalCallStatus } from '@ringcast/shared-types';
import { twilioClient } from '../../../providers/twilio';
import { voicemailTwiml } from '../../../telephony/twiml';
import { accountForCall } from '../shared';

export type MachineOutcome = 'left_message' | 'hung_up' | 'skipped';

/** Twilio's answer when the call ended before we could change it: nothing is left to do. */
const CALL_NOT_IN_PROGRESS = 21220;
const endedMeanwhile = (err: unknown) => (err as { code?: number }).code === CALL_NOT_IN_PROGRESS;

/**
 * A machine answered (AMD at the end of its greeting, so after the beep): the live call switches
 * to the voicemail script and then ends, or is ended at once, as the campaign's voicemailAction
 * says. Run once per call (its job id); a call already over is left alone.
 */
export async function answerMachine(callId: number): Promise<MachineOutcome> {
  const call = await CallRecord.findByPk(callId);
  if (!call?.providerCallSid || call.answeredBy !== 'machine' || isFinalCallStatus(call.status))
    return 'skipped';
  const campaign = await Campaign.findByPk(call.campaignId);
  const account = await accountForCall(call);
  if (!campaign || !account) return 'skipped';
  const live = twilioClient(account).calls(call.providerCallSid);
  const hangUp = campaign.voicemailAction === 'hang_up' || !campaign.scriptVoicemail?.trim();
  try {
    await live.update(hangUp ? { status: 'completed' } : { twiml: voicemailTwiml(campaign) });
  } catch (err) {
    if (endedMeanwhile(err)) return 'skipped';
    throw err;
  }
  return hangUp ? 'hung_up' : 'left_message';
}
