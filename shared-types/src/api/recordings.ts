import { object, string, type InferType } from 'yup';

/** GET /api/calls/:id/recording: `download=1` answers it as a file to save rather than to play. */
export const recordingQuerySchema = object({
  download: string().oneOf(['0', '1'], 'download must be 0 or 1').optional(),
});
export type RecordingQuery = InferType<typeof recordingQuerySchema>;

/** The name a downloaded recording is saved under. */
export const recordingFileName = (callId: number) => `ringcast-call-${callId}-recording.wav`;
