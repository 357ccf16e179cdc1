import { Readable } from 'node:stream';
import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { SandboxAccount } from './accounts';
import { loadCall } from './callStore';
import { resourceNotFound, TwilioSandboxError } from './errors';
import { listPage, paging } from './paging';
import type { TwilioForm } from './request';
import {
  callRecordings,
  deleteRecording,
  loadRecording,
  recordingAudio,
  recordingResource,
} from './recordings';
import { byteRange, wavBytes, wavSize } from './recordingWav';

const stateOf = (ctx: Context) => ctx.state.twilioSandbox as { account: SandboxAccount; form: TwilioForm };
const accountOf = (ctx: Context) => stateOf(ctx).account;
const notFound = (ctx: Context) => resourceNotFound(ctx.path.replace('/sandbox/twilio', ''));

async function ownRecording(ctx: Context) {
  const recording = await loadRecording(accountOf(ctx).sid, ctx.params.sid!);
  if (!recording) throw notFound(ctx);
  return recording;
}

/**
 * The media, as Twilio serves it at the recording's URL plus `.wav` (or with no extension): the
 * whole file, or the one byte range a `Range` header asks for (206), so a player can seek.
 */
const media: Middleware = async (ctx) => {
  const recording = await ownRecording(ctx);
  const audio = await recordingAudio(recording);
  const size = wavSize(audio);
  const range = byteRange(ctx.get('Range') || undefined, size);
  ctx.set('Accept-Ranges', 'bytes');
  ctx.type = 'audio/x-wav';
  if (range === 'unsatisfiable') {
    ctx.set('Content-Range', `bytes */${size}`);
    throw new TwilioSandboxError(416, 20001, 'Requested range not satisfiable');
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  if (range) {
    ctx.status = 206;
    ctx.set('Content-Range', `bytes ${start}-${end}/${size}`);
  }
  ctx.length = end - start + 1;
  ctx.body = Readable.from(wavBytes(audio, start, end));
};

/**
 * Twilio's Recording resource under an account (`API` is its path): fetch and remove (the SDK's
 * `recordings(sid).fetch()` / `.remove()`), a call's list, and the media. A deleted recording is
 * gone: every one of these answers 404 for it.
 */
export function recordingRoutes(router: Router, API: string, readRequest: Middleware): void {
  router.get(`${API}/Recordings/:sid.json`, readRequest, async (ctx) => {
    ctx.body = recordingResource(await ownRecording(ctx));
  });

  router.delete(`${API}/Recordings/:sid.json`, readRequest, async (ctx) => {
    if (!(await deleteRecording(accountOf(ctx).sid, ctx.params.sid!))) throw notFound(ctx);
    ctx.status = 204;
  });

  router.get(`${API}/Calls/:callSid/Recordings.json`, readRequest, async (ctx) => {
    const account = accountOf(ctx);
    const call = await loadCall(ctx.params.callSid!);
    if (!call || call.accountSid !== account.sid) throw notFound(ctx);
    const { page, pageSize } = paging(stateOf(ctx).form);
    const all = (await callRecordings(account.sid, call.sid)).map(recordingResource);
    const items = all.slice(page * pageSize, (page + 1) * pageSize);
    const more = all.length > (page + 1) * pageSize;
    ctx.body = listPage(ctx.path, ctx.querystring, 'recordings', items, page, pageSize, more);
  });

  router.get(`${API}/Recordings/:sid.wav`, media);
  router.get(`${API}/Recordings/:sid`, media);
}
