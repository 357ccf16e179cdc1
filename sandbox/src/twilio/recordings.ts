import { rfc2822 } from './clock';
import { deliverCallback, type PlayerHost } from './deliveries';
import { API_VERSION } from './params';
import type { SpeechSpan, WavSpec } from './recordingWav';
import { sandboxKey, sandboxRedis, twilioSid } from './store';
import type { CallTransition } from './transition';

/**
 * Call recordings as Twilio makes them for `<Start><Recording>`: started by the verb, ended with
 * the call, then kept (the Recording resource) and announced to `recordingStatusCallback`. The
 * audio is not stored: what each side said and when is (noteSpeech), and the WAV is made from it
 * on request (recordingWav.ts).
 */

/**
 * Recordings outlive their calls (3 days), as at Twilio, where they stay until deleted: longer
 * than the longest retention a campaign may choose (365 days), so our side deletes them first.
 */
const RECORDING_TTL_SECONDS = 400 * 24 * 3600;

/** What `<Start><Recording>` asked for. */
export interface RecordingRequest {
  channels: 1 | 2;
  statusCallback?: string;
  statusCallbackMethod: string;
  /** `in-progress`, `completed`, `absent`: the sandbox posts `completed` and `absent` only. */
  statusCallbackEvents: string[];
}

/** A recording under way, kept on its call. Times are the call's simulated ms. */
export interface LiveRecording extends RecordingRequest {
  sid: string;
  startedAt: number;
}

/** A recording once its call ended: the Recording resource. */
export interface SandboxRecording extends LiveRecording {
  accountSid: string;
  callSid: string;
  endedAt: number;
  durationSeconds: number;
}

const recordingKey = (sid: string) => sandboxKey('recording', sid);
const callRecordingsKey = (callSid: string) => sandboxKey('call', callSid, 'recordings');
const speechKey = (callSid: string) => sandboxKey('call', callSid, 'speech');

/** `<Start><Recording>` on a live call; a call already recording keeps its one recording. */
export function startRecording(t: CallTransition, request: RecordingRequest, at: number): void {
  if (t.call.recording) return;
  t.call.recording = { ...request, sid: twilioSid('RE'), startedAt: t.now(at) };
}

/**
 * The call ended (`at`): its recording ends with it, and a step of its own keeps it and posts its
 * status callback (HTTP and Redis writes happen in steps, never in a transition).
 */
export function endRecording(t: CallTransition, at: number): void {
  const { call } = t;
  const live = call.recording;
  if (!live) return;
  call.recording = null;
  const endedAt = Math.max(at, live.startedAt);
  t.schedule({
    kind: 'recording',
    at: endedAt,
    recording: {
      ...live,
      accountSid: call.accountSid,
      callSid: call.sid,
      endedAt,
      durationSeconds: Math.ceil((endedAt - live.startedAt) / 1000),
    },
  });
}

/** Twilio's address of a recording (its media is this plus `.wav`). */
export const recordingUrl = (recording: Pick<SandboxRecording, 'accountSid' | 'sid'>) =>
  `https://api.twilio.com/${API_VERSION}/Accounts/${recording.accountSid}/Recordings/${recording.sid}`;

/** The recording status callback's fields, as Twilio sends them. */
function statusParams(recording: SandboxRecording, status: 'completed' | 'absent') {
  return {
    AccountSid: recording.accountSid,
    CallSid: recording.callSid,
    RecordingSid: recording.sid,
    RecordingUrl: recordingUrl(recording),
    RecordingStatus: status,
    RecordingDuration: String(recording.durationSeconds),
    RecordingChannels: String(recording.channels),
    RecordingStartTime: rfc2822(recording.startedAt),
    RecordingSource: 'StartCallRecordingTwiML',
    RecordingTrack: 'both',
    ErrorCode: '0',
  };
}

/**
 * The recording step: the resource is kept (once: a step run again after a crash finds it), then
 * the callback is posted when asked for. A recording without a second of audio is `absent`, and
 * Twilio keeps no resource for it.
 */
export async function completeRecording(
  recording: SandboxRecording,
  host: PlayerHost,
  idempotencyToken: string,
): Promise<void> {
  const status = recording.durationSeconds > 0 ? 'completed' : 'absent';
  if (status === 'completed') {
    await sandboxRedis()
      .multi()
      .set(recordingKey(recording.sid), JSON.stringify(recording), 'EX', RECORDING_TTL_SECONDS, 'NX')
      .zadd(callRecordingsKey(recording.callSid), recording.startedAt, recording.sid)
      .expire(callRecordingsKey(recording.callSid), RECORDING_TTL_SECONDS)
      .exec();
  }
  const { statusCallback, statusCallbackMethod, statusCallbackEvents } = recording;
  if (!statusCallback || !statusCallbackEvents.includes(status)) return;
  await deliverCallback(
    {
      accountSid: recording.accountSid,
      url: statusCallback,
      method: statusCallbackMethod,
      params: statusParams(recording, status),
      idempotencyToken,
    },
    host,
  );
}

/** An account's recording, while it is kept (a deleted one is gone). */
export async function loadRecording(accountSid: string, sid: string): Promise<SandboxRecording | undefined> {
  const json = await sandboxRedis().get(recordingKey(sid));
  const recording = json ? (JSON.parse(json) as SandboxRecording) : undefined;
  return recording?.accountSid === accountSid ? recording : undefined;
}

/** recordings(sid).remove(): gone for good (its media too). Answers whether it was there. */
export async function deleteRecording(accountSid: string, sid: string): Promise<boolean> {
  const recording = await loadRecording(accountSid, sid);
  if (!recording) return false;
  await sandboxRedis().multi().del(recordingKey(sid)).zrem(callRecordingsKey(recording.callSid), sid).exec();
  return true;
}

/** A call's recordings, oldest first. */
export async function callRecordings(accountSid: string, callSid: string): Promise<SandboxRecording[]> {
  const sids = await sandboxRedis().zrange(callRecordingsKey(callSid), 0, -1);
  const found = await Promise.all(sids.map((sid) => loadRecording(accountSid, sid)));
  return found.filter((recording): recording is SandboxRecording => !!recording);
}

/** Someone spoke on a call, at simulated times: channel 0 the caller, 1 our side (the agent). */
export interface CallSpeech {
  channel: number;
  from: number;
  to: number;
}

/** Keeps what was said on a recorded call and when, for its recording's audio. */
export async function noteSpeech(callSid: string, speech: CallSpeech[]): Promise<void> {
  if (speech.length === 0) return;
  await sandboxRedis()
    .multi()
    .rpush(speechKey(callSid), ...speech.map((span) => JSON.stringify(span)))
    .expire(speechKey(callSid), RECORDING_TTL_SECONDS)
    .exec();
}

/** Turns each side takes while a transfer is bridged: the person who answered speaks first. */
const BRIDGED_TURN_MS = 4000;

/**
 * A bridged transfer, as the calling party's recording hears it: the person who took it (our side,
 * channel 1) and the caller (channel 0) talk in turns from the bridge to the leg's end.
 */
export function bridgedSpeech(from: number, to: number): CallSpeech[] {
  const speech: CallSpeech[] = [];
  for (let at = from, turn = 0; at < to; at += BRIDGED_TURN_MS, turn++)
    speech.push({ channel: turn % 2 === 0 ? 1 : 0, from: at, to: Math.min(to, at + BRIDGED_TURN_MS) });
  return speech;
}

/** What the recording's WAV is made of: its length, channels, and the speech within it. */
export async function recordingAudio(recording: SandboxRecording): Promise<WavSpec> {
  const stored = await sandboxRedis().lrange(speechKey(recording.callSid), 0, -1);
  const speech: SpeechSpan[] = stored
    .map((json) => JSON.parse(json) as CallSpeech)
    .map((span) => ({
      channel: span.channel,
      fromMs: span.from - recording.startedAt,
      toMs: span.to - recording.startedAt,
    }));
  return { durationSeconds: recording.durationSeconds, channels: recording.channels, speech };
}

/** The Recording resource in Twilio's JSON. */
export function recordingResource(recording: SandboxRecording) {
  const uri = `/${API_VERSION}/Accounts/${recording.accountSid}/Recordings/${recording.sid}`;
  return {
    sid: recording.sid,
    account_sid: recording.accountSid,
    call_sid: recording.callSid,
    conference_sid: null,
    api_version: API_VERSION,
    date_created: rfc2822(recording.endedAt),
    date_updated: rfc2822(recording.endedAt),
    start_time: rfc2822(recording.startedAt),
    duration: String(recording.durationSeconds),
    channels: recording.channels,
    source: 'StartCallRecordingTwiML',
    status: 'completed',
    error_code: null,
    price: null,
    price_unit: 'USD',
    track: 'both',
    encryption_details: null,
    media_url: `https://api.twilio.com${uri}`,
    uri: `${uri}.json`,
    subresource_uris: {
      add_on_results: `${uri}/AddOnResults.json`,
      transcriptions: `${uri}/Transcriptions.json`,
    },
  };
}
