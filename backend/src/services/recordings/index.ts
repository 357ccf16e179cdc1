/**
 * Call recordings: a recording's status callback applied once, its audio streamed through us to
 * the owner or an admin, deletion (at Twilio and ours), and the daily retention run.
 */
export { callRecordingAudio, deleteCallRecording, removeCampaignRecordings } from './callRecording';
export { applyRecordingStatus, type RecordingStatusResult } from './recordingStatus';
export { deleteExpiredRecordings, type RetentionRun } from './retention';
