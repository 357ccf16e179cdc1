import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { logger } from '../logger';
import { accountResource, authenticate, type SandboxAccount } from './accounts';
import { findCalls, loadCall } from './callStore';
import { readCallRequest, readCallUpdate, requestableUrl, URL_CODES, PHONE_NUMBER } from './callRequest';
import { callFilter, callResource, timeRange } from './callResource';
import { createCall, updateCall } from './calls';
import { ringNumberRoute } from './inbound';
import { invalidParameter, resourceNotFound, TwilioSandboxError } from './errors';
import {
  availableLocalNumbers,
  buyNumber,
  incomingNumberResource,
  incomingNumbers,
  ownsNumber,
  updateNumber,
} from './numbers';
import { listPage, paging } from './paging';
import { recordingRoutes } from './recordingRoutes';
import { closeSandboxStore } from './store';
import { closeCallChanges } from './callChanges';
import type { TwilioSandboxHost } from './host';
import { useSandboxHost } from '../host';
import { field, readForm, type TwilioForm } from './request';

export { startTwilioSandboxPlayer, type TwilioSandboxPlayer } from './player';
export type { TwilioSandboxHost } from './host';

/** Closes the sandbox's Redis connections (the api's shutdown, after its player has stopped). */
export async function closeTwilioSandboxRedis(): Promise<void> {
  await Promise.all([closeCallChanges(), closeSandboxStore()]);
}

const API = '/2010-04-01/Accounts/:accountSid';
/** Twilio's REST API, under which every request needs a known account's credentials. */
const REST_PATH = /^\/sandbox\/twilio\/2010-04-01(?:\/|$)/;
/** The account a REST path names (`Accounts/AC....json`, `Accounts/AC.../Calls.json`), if any. */
const ACCOUNT_IN_PATH = /^\/sandbox\/twilio\/2010-04-01\/Accounts\/([^/]+?)(?:\.json)?(?:\/|$)/;

/** Twilio's error body for every failure, so the SDK throws RestException with Twilio's code. */
const twilioErrors: Middleware = async (ctx, next) => {
  try {
    await next();
  } catch (err) {
    const error =
      err instanceof TwilioSandboxError ? err : new TwilioSandboxError(500, 20500, 'Internal Server Error');
    if (!(err instanceof TwilioSandboxError)) logger.error({ err, path: ctx.path }, 'twilio sandbox error');
    if (error.status === 401) ctx.set('WWW-Authenticate', 'Basic realm="Twilio API"');
    ctx.status = error.status;
    ctx.body = error.body;
  }
};

interface RequestState {
  account: SandboxAccount;
  form: TwilioForm;
}

const stateOf = (ctx: Context) => ctx.state.twilioSandbox as RequestState;

/** Reads the fields of a request whose account authenticate() has already checked. */
const readRequest: Middleware = async (ctx, next) => {
  stateOf(ctx).form = await readForm(ctx);
  return next();
};

async function ownCall(ctx: Context) {
  const call = await loadCall(ctx.params.callSid!);
  if (!call || call.accountSid !== stateOf(ctx).account.sid) {
    throw resourceNotFound(ctx.path.replace('/sandbox/twilio', ''));
  }
  return call;
}

/**
 * A stand-in for Twilio's REST API under /sandbox/twilio, which our `twilio` SDK reaches through
 * its httpClient option while TWILIO_ACCOUNT_SID is unset: Twilio's paths, form bodies, Basic
 * auth, snake_case JSON and error bodies. Calls are played by startTwilioSandboxPlayer(). `host`
 * is what the api hands it (host.ts): which accounts exist, PUBLIC_URL, who may ring a number, and
 * the logger, Redis and time scale every sandbox gets.
 */
export function createTwilioSandbox(host: TwilioSandboxHost) {
  useSandboxHost(host);
  const router = new Router({ prefix: '/sandbox/twilio' });

  // Twilio's own API: an account the api does not know is refused (401) before anything else.
  router.use(async (ctx, next) => {
    if (!REST_PATH.test(ctx.path)) return next();
    return twilioErrors(ctx, async () => {
      const account = await authenticate(ctx, host, ACCOUNT_IN_PATH.exec(ctx.path)?.[1]);
      ctx.state.twilioSandbox = { account, form: {} } satisfies RequestState;
      return next();
    });
  });

  /** A URL the account gives for the sandbox to request later: under PUBLIC_URL only. */
  const laterUrl = (form: TwilioForm, key: string, code: number) =>
    requestableUrl(field(form, key), key, code, host.publicUrl());

  router.get(`${API}.json`, readRequest, async (ctx) => {
    ctx.body = accountResource(stateOf(ctx).account);
  });

  router.post(`${API}/Calls.json`, readRequest, async (ctx) => {
    const { account, form } = stateOf(ctx);
    const request = readCallRequest(form, host.publicUrl());
    if (!(await ownsNumber(account, request.from))) {
      throw invalidParameter(
        21210,
        `The source phone number provided, ${request.from}, is not yet verified for your account. (Sandbox: buy it with IncomingPhoneNumbers first.)`,
      );
    }
    ctx.status = 201;
    ctx.body = callResource(await createCall(account, request));
  });

  router.get(`${API}/Calls.json`, readRequest, async (ctx) => {
    const { account, form } = stateOf(ctx);
    const { page, pageSize } = paging(form);
    const { calls, more } = await findCalls(account.sid, {
      to: field(form, 'To'),
      ended: timeRange(form, 'EndTime'),
      keep: callFilter(form),
      offset: page * pageSize,
      limit: pageSize,
    });
    ctx.body = listPage(ctx.path, ctx.querystring, 'calls', calls.map(callResource), page, pageSize, more);
  });

  router.get(`${API}/Calls/:callSid.json`, readRequest, async (ctx) => {
    ctx.body = callResource(await ownCall(ctx));
  });

  router.post(`${API}/Calls/:callSid.json`, readRequest, async (ctx) => {
    const call = await ownCall(ctx);
    const updated = await updateCall(call.sid, readCallUpdate(stateOf(ctx).form, host.publicUrl()));
    ctx.body = callResource(updated ?? call);
  });

  router.get(`${API}/AvailablePhoneNumbers/:country/Local.json`, readRequest, async (ctx) => {
    if (ctx.params.country !== 'US') throw resourceNotFound(ctx.path.replace('/sandbox/twilio', ''));
    const { form } = stateOf(ctx);
    const { pageSize } = paging(form);
    // Without an area code Twilio offers numbers from anywhere; the sandbox offers its first wizard code's.
    const numbers = await availableLocalNumbers(field(form, 'AreaCode') ?? '907', pageSize);
    ctx.body = listPage(ctx.path, ctx.querystring, 'available_phone_numbers', numbers, 0, pageSize, false);
  });

  router.post(`${API}/IncomingPhoneNumbers.json`, readRequest, async (ctx) => {
    const { account, form } = stateOf(ctx);
    const number = await buyNumber(account, {
      phoneNumber: field(form, 'PhoneNumber'),
      areaCode: field(form, 'AreaCode'),
      voiceUrl: laterUrl(form, 'VoiceUrl', URL_CODES.Url),
      voiceMethod: field(form, 'VoiceMethod'),
      friendlyName: field(form, 'FriendlyName'),
      statusCallback: laterUrl(form, 'StatusCallback', URL_CODES.StatusCallback),
    });
    ctx.status = 201;
    ctx.body = incomingNumberResource(number);
  });

  router.get(`${API}/IncomingPhoneNumbers.json`, readRequest, async (ctx) => {
    const { account, form } = stateOf(ctx);
    const { page, pageSize } = paging(form);
    const phoneNumber = field(form, 'PhoneNumber');
    if (phoneNumber !== undefined && !PHONE_NUMBER.test(phoneNumber)) {
      throw invalidParameter(21421, `Phone Number is invalid: ${phoneNumber}`);
    }
    // Twilio's FriendlyName filter matches the whole name exactly.
    const friendlyName = field(form, 'FriendlyName');
    const all = (await incomingNumbers(account, phoneNumber))
      .filter((number) => friendlyName === undefined || number.friendlyName === friendlyName)
      .sort((a, b) => a.createdAt - b.createdAt);
    const items = all.slice(page * pageSize, (page + 1) * pageSize).map(incomingNumberResource);
    ctx.body = listPage(
      ctx.path,
      ctx.querystring,
      'incoming_phone_numbers',
      items,
      page,
      pageSize,
      all.length > (page + 1) * pageSize,
    );
  });

  router.post(`${API}/IncomingPhoneNumbers/:sid.json`, readRequest, async (ctx) => {
    const { account, form } = stateOf(ctx);
    const number = await updateNumber(account, ctx.params.sid!, {
      voiceUrl: laterUrl(form, 'VoiceUrl', URL_CODES.Url),
      voiceMethod: field(form, 'VoiceMethod'),
      statusCallback: laterUrl(form, 'StatusCallback', URL_CODES.StatusCallback),
      friendlyName: field(form, 'FriendlyName'),
    });
    if (!number) throw resourceNotFound(ctx.path.replace('/sandbox/twilio', ''));
    ctx.body = incomingNumberResource(number);
  });

  recordingRoutes(router, API, readRequest);

  // The sandbox's own tool, not Twilio's API: someone rings one of the numbers bought (inbound.ts).
  // The api's check comes first and answers its own refusals (401, 403, 429) in its own shape.
  router.post('/inbound-calls', host.authorizeRinging, twilioErrors, ringNumberRoute);

  router.all('/{*rest}', twilioErrors, async (ctx) => {
    throw resourceNotFound(ctx.path.replace('/sandbox/twilio', ''));
  });

  /** Mounted by the app while TWILIO_ACCOUNT_SID is unset; it reads its form bodies itself. */
  return { router };
}
