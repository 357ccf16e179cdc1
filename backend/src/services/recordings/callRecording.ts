import { Op } from 'sequelize';
import { RECORDING_NOT_FOUND } from '@ringcast/shared-types';
import { CallRecord } from '../../db/models';
import { notFound } from '../../errors';
import { logger } from '../../logger';
import { maySeeCall } from '../../policies/calls';
import { recordAudit } from '../auditLog';
import { announceCall } from '../calls/read';
import { accountForCall, markRecordingDeleted } from '../calls/shared';
import { openRecordingMedia, removeRecordingAtTwilio, type RecordingMedia } from './recordingMedia';

type Viewer = { id: number; isAdmin: boolean; email: string };

/**
 * The call's kept recording and the account holding it, for its owner or an admin; anyone else,
 * a call without one and a deleted one are all "Recording not found".
 */
async function keptRecording(viewer: Viewer, callId: number) {
  const call = await CallRecord.findByPk(callId);
  if (!call || !maySeeCall(viewer, call) || !call.recordingSid || call.recordingDeletedAt)
    throw notFound(RECORDING_NOT_FOUND);
  const account = await accountForCall(call);
  if (!account) throw notFound(RECORDING_NOT_FOUND);
  return { call, account, sid: call.recordingSid };
}

/** The recording's audio, streamed from Twilio through us (with the one byte range asked for). */
export async function callRecordingAudio(
  viewer: Viewer,
  callId: number,
  range: string | undefined,
): Promise<RecordingMedia> {
  const { account, sid } = await keptRecording(viewer, callId);
  const media = await openRecordingMedia(account, sid, range);
  if (!media) throw notFound(RECORDING_NOT_FOUND);
  return media;
}

/**
 * Removes a recording at Twilio, then marks ours deleted and pushes the call (its drawer drops the
 * player). Removing first means a failure leaves it listed, to be removed again, never the other
 * way round: a recording we call deleted must be gone.
 */
export async function removeCallRecording(call: CallRecord): Promise<boolean> {
  const account = await accountForCall(call);
  if (!account || !call.recordingSid) return false;
  await removeRecordingAtTwilio(account, call.recordingSid);
  const marked = await markRecordingDeleted(call);
  if (marked) await announceCall(call);
  return marked;
}

/**
 * `DELETE /api/calls/:id/recording`: the owner's or an admin's; a second one answers 404. An admin
 * deleting a customer's recording is in the audit log.
 */
export async function deleteCallRecording(viewer: Viewer, callId: number): Promise<void> {
  const { call, sid } = await keptRecording(viewer, callId);
  if (!(await removeCallRecording(call))) throw notFound(RECORDING_NOT_FOUND);
  logger.info({ callId, by: viewer.id }, 'call recording deleted');
  if (call.userId !== viewer.id) {
    const after = { recordingSid: sid, recordingDeletedAt: call.recordingDeletedAt };
    await recordAudit(
      {
        actor: viewer,
        action: 'recording.delete',
        entityType: 'call',
        entityId: call.id,
        before: null,
        after,
      },
      null,
    );
  }
}

/**
 * Every kept recording of a campaign's calls, removed at Twilio and marked: a campaign being
 * deleted takes its calls with it, and their recordings must not stay at Twilio without them. A
 * removal that fails stops here (the deletion with it), to be asked again.
 */
export async function removeCampaignRecordings(campaignId: number): Promise<void> {
  const calls = await CallRecord.findAll({
    where: { campaignId, recordingSid: { [Op.ne]: null }, recordingDeletedAt: null },
  });
  for (const call of calls) await removeCallRecording(call);
}
