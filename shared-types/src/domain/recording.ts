/**
 * How long a campaign keeps its call recordings, in days; null: until deleted. A daily job deletes
 * (at Twilio and ours) the recordings of calls older than this.
 */
export const RECORDING_RETENTION_DAYS = [30, 90, 365, null] as const;
export type RecordingRetentionDays = (typeof RECORDING_RETENTION_DAYS)[number];
export const DEFAULT_RECORDING_RETENTION_DAYS: RecordingRetentionDays = 90;

/** What the agent's greeting adds when the campaign records its calls. */
export const RECORDING_ANNOUNCEMENT = 'This call may be recorded.';

/** A call's recording as the call drawer and the API show it: the audio is only ever our api's URL. */
export interface CallRecording {
  durationSeconds: number;
  /** 2: the caller and the agent (or the person it was transferred to) each in a channel. */
  channels: number;
  /** Our api's path for the audio (`GET /api/calls/:id/recording`, Range requests answered). */
  url: string;
}

export const RECORDING_NOT_FOUND = 'Recording not found';
