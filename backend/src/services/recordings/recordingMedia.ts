import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import { upstreamFailed } from '../../errors';
import {
  isTwilioError,
  twilioClient,
  twilioSandboxBaseUrl,
  usesTwilioSandbox,
  type TwilioAccount,
} from '../../providers/twilio';

/** Twilio's recording sids: what a callback names is checked against it before any request. */
export const RECORDING_SID = /^RE[0-9a-f]{32}$/;

/** How long Twilio has to start answering for a recording's media (its webhooks get as long). */
const ANSWER_TIMEOUT_MS = 15_000;

/** One byte range (`bytes=a-b`, `bytes=a-`, `bytes=-n`): what is forwarded of a Range header. */
const SINGLE_RANGE = /^bytes=\d*-\d*$/;

/**
 * A recording's media (WAV) at Twilio: `/Recordings/{sid}.wav` under the account that made it. The
 * SDK has no call for the bytes, so this is a plain request with the account's Basic auth, to the
 * sandbox in sandbox mode as the SDK's own requests are.
 */
function mediaUrl(account: TwilioAccount, sid: string): string {
  const path = `/2010-04-01/Accounts/${account.accountSid}/Recordings/${sid}.wav`;
  return `${usesTwilioSandbox() ? twilioSandboxBaseUrl() : 'https://api.twilio.com'}${path}`;
}

export interface RecordingMedia {
  /** 200, 206 for a range, 416 for a range past the end. */
  status: number;
  headers: Record<string, string>;
  body: Readable | null;
}

/** The headers of Twilio's answer that describe the bytes; nothing else of it is passed on. */
const PASSED_HEADERS = ['content-length', 'content-range'];

/**
 * Opens the recording's audio at Twilio, forwarding one byte range: the answer streams through
 * as it comes (a recording is megabytes; it is never held whole). Null: Twilio has no such
 * recording (any more).
 */
export async function openRecordingMedia(
  account: TwilioAccount,
  sid: string,
  range: string | undefined,
): Promise<RecordingMedia | null> {
  const auth = Buffer.from(`${account.accountSid}:${account.authToken}`).toString('base64');
  const headers: Record<string, string> = { Authorization: `Basic ${auth}`, Accept: 'audio/wav' };
  if (range && SINGLE_RANGE.test(range.trim())) headers.Range = range.trim();
  // Twilio has this long to start answering; the bytes then take as long as the listener reads them.
  const answered = new AbortController();
  const timer = setTimeout(() => answered.abort(), ANSWER_TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(mediaUrl(account, sid), { headers, signal: answered.signal });
  } catch (err) {
    if (answered.signal.aborted) throw upstreamFailed('Twilio did not answer for the recording');
    throw err;
  } finally {
    clearTimeout(timer);
  }
  if (res.status === 404) {
    await res.body?.cancel();
    return null;
  }
  if (![200, 206, 416].includes(res.status)) {
    await res.body?.cancel();
    throw upstreamFailed(`Twilio answered ${res.status} for the recording`);
  }
  const passed: Record<string, string> = {};
  for (const name of PASSED_HEADERS) {
    const value = res.headers.get(name);
    if (value) passed[name] = value;
  }
  if (res.status === 416) {
    await res.body?.cancel();
    return { status: 416, headers: passed, body: null };
  }
  return {
    status: res.status,
    headers: passed,
    body: res.body ? Readable.fromWeb(res.body as ReadableStream<Uint8Array>) : null,
  };
}

/** Removes the recording at Twilio; one Twilio no longer has counts as removed. */
export async function removeRecordingAtTwilio(account: TwilioAccount, sid: string): Promise<void> {
  try {
    await twilioClient(account).recordings(sid).remove();
  } catch (err) {
    if (!(isTwilioError(err) && err.status === 404)) throw err;
  }
}
