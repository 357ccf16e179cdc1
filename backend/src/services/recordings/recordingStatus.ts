import { CallRecord } from '../../db/models';
import { logger } from '../../logger';
import { isTwilioError, twilioClient } from '../../providers/twilio';
import { announceCall } from '../calls/read';
import { accountForCall, storeCallRecording } from '../calls/shared';
import { RECORDING_SID } from './recordingMedia';

/** What a recording status callback says, in Twilio's field names. */
export interface RecordingStatusFields {
  RecordingSid?: string;
  RecordingStatus?: string;
  CallSid?: string;
  RecordingDuration?: string;
  RecordingChannels?: string;
}

export type RecordingStatusResult = 'stored' | 'already' | 'ignored';

/**
 * A recording of one of our calls is ready (`recording-status`, signed by the call's account): its
 * sid, length and channels are stored on the call, once, and pushed to the owner's tabs. Like every
 * webhook, it is read again from the provider first: the recording must be this call's and
 * complete. A repeated callback, or one for a second recording of the call, changes nothing; an
 * `absent` or `failed` recording is only logged (there is nothing to play). When Twilio cannot be
 * asked, the signed callback's own fields are stored.
 */
export async function applyRecordingStatus(
  callId: number,
  fields: RecordingStatusFields,
): Promise<RecordingStatusResult> {
  const sid = fields.RecordingSid ?? '';
  if (fields.RecordingStatus !== 'completed' || !RECORDING_SID.test(sid)) {
    logger.info({ callId, status: fields.RecordingStatus }, 'recording not kept: nothing to play');
    return 'ignored';
  }
  const call = await CallRecord.findByPk(callId);
  if (!call || !call.providerCallSid || (fields.CallSid && fields.CallSid !== call.providerCallSid))
    return 'ignored';
  if (call.recordingSid) return 'already';
  const account = await accountForCall(call);
  if (!account) return 'ignored';
  let seconds: number;
  let channels: number;
  try {
    const recording = await twilioClient(account).recordings(sid).fetch();
    if (recording.callSid !== call.providerCallSid || recording.status !== 'completed') return 'ignored';
    seconds = Number(recording.duration);
    channels = recording.channels;
  } catch (err) {
    if (isTwilioError(err) && err.status === 404) return 'ignored';
    // Twilio cannot be asked just now, and does not send this callback again: the signed callback is
    // Twilio's word too, and a recording not stored now could never be played or deleted by us.
    logger.warn(
      { err, callId, recordingSid: sid },
      'recording not read back from Twilio; stored as called back',
    );
    seconds = Number(fields.RecordingDuration);
    channels = Number(fields.RecordingChannels);
  }
  const stored = await storeCallRecording(call, {
    sid,
    seconds: Math.max(0, Math.round(seconds || 0)),
    channels: channels === 2 ? 2 : 1,
  });
  if (!stored) return 'already';
  await announceCall(call);
  logger.info({ callId, recordingSid: sid }, 'call recording stored');
  return 'stored';
}
