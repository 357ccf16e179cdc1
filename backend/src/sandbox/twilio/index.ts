import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { logger } from '../../logger';
import { accountResource, authenticate, type SandboxAccount } from './accounts';
import { findCalls, loadCall } from './callStore';
import { readCallRequest, readCallUpdate, PHONE_NUMBER } from './callRequest';
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
import { closeSandboxStore } from './store';
import { closeCallChanges } from './callChanges';
import { field, readForm, type TwilioForm } from './request';

export { startTwilioSandboxPlayer, type TwilioSandboxPlayer } from './player';
export { AREA_CODE_WITHOUT_NUMBERS } from './numbers';

/** Closes the sandbox's Redis connections (the api's shutdown, after its player has stopped). */
export async function closeTwilioSandboxRedis(): Promise<void> {
  await Promise.all([closeCallChanges(), closeSandboxStore()]);
}

/**
 * A stand-in for Twilio's REST API under /sandbox/twilio, which our `twilio` SDK reaches through
 * its httpClient option while TWILIO_ACCOUNT_SID is unset: Twilio's paths, form bodies, Basic
 * auth, snake_case JSON and error bodies. Calls are played by startTwilioSandboxPlayer().
 */
const twilioSandboxRouter = new Router({ prefix: '/sandbox/twilio' });

const API = '/2010-04-01/Accounts/:accountSid';

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

/** Checks the caller's credentials against the account in the path, and reads the fields. */
const readRequest: Middleware = async (ctx, next) => {
  const account = await authenticate(ctx, ctx.params.accountSid!);
  ctx.state.twilioSandbox = { account, form: await readForm(ctx) } satisfies RequestState;
  return next();
};

const stateOf = (ctx: Context) => ctx.state.twilioSandbox as RequestState;

async function ownCall(ctx: Context) {
  const call = await loadCall(ctx.params.callSid!);
  if (!call || call.accountSid !== stateOf(ctx).account.sid) {
    throw resourceNotFound(ctx.path.replace('/sandbox/twilio', ''));
  }
  return call;
}

twilioSandboxRouter.use(twilioErrors);

twilioSandboxRouter.get(`${API}.json`, readRequest, async (ctx) => {
  ctx.body = accountResource(stateOf(ctx).account);
});

twilioSandboxRouter.post(`${API}/Calls.json`, readRequest, async (ctx) => {
  const { account, form } = stateOf(ctx);
  const request = readCallRequest(form);
  if (!(await ownsNumber(account, request.from))) {
    throw invalidParameter(
      21210,
      `The source phone number provided, ${request.from}, is not yet verified for your account. (Sandbox: buy it with IncomingPhoneNumbers first.)`,
    );
  }
  ctx.status = 201;
  ctx.body = callResource(await createCall(account, request));
});

twilioSandboxRouter.get(`${API}/Calls.json`, readRequest, async (ctx) => {
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

twilioSandboxRouter.get(`${API}/Calls/:callSid.json`, readRequest, async (ctx) => {
  ctx.body = callResource(await ownCall(ctx));
});

twilioSandboxRouter.post(`${API}/Calls/:callSid.json`, readRequest, async (ctx) => {
  const call = await ownCall(ctx);
  const updated = await updateCall(call.sid, readCallUpdate(stateOf(ctx).form));
  ctx.body = callResource(updated ?? call);
});

twilioSandboxRouter.get(`${API}/AvailablePhoneNumbers/:country/Local.json`, readRequest, async (ctx) => {
  if (ctx.params.country !== 'US') throw resourceNotFound(ctx.path.replace('/sandbox/twilio', ''));
  const { form } = stateOf(ctx);
  const { pageSize } = paging(form);
  // Without an area code Twilio offers numbers from anywhere; the sandbox offers its first wizard code's.
  const numbers = await availableLocalNumbers(field(form, 'AreaCode') ?? '907', pageSize);
  ctx.body = listPage(ctx.path, ctx.querystring, 'available_phone_numbers', numbers, 0, pageSize, false);
});

twilioSandboxRouter.post(`${API}/IncomingPhoneNumbers.json`, readRequest, async (ctx) => {
  const { account, form } = stateOf(ctx);
  const number = await buyNumber(account, {
    phoneNumber: field(form, 'PhoneNumber'),
    areaCode: field(form, 'AreaCode'),
    voiceUrl: field(form, 'VoiceUrl'),
    voiceMethod: field(form, 'VoiceMethod'),
    friendlyName: field(form, 'FriendlyName'),
    statusCallback: field(form, 'StatusCallback'),
  });
  ctx.status = 201;
  ctx.body = incomingNumberResource(number);
});

twilioSandboxRouter.get(`${API}/IncomingPhoneNumbers.json`, readRequest, async (ctx) => {
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

twilioSandboxRouter.post(`${API}/IncomingPhoneNumbers/:sid.json`, readRequest, async (ctx) => {
  const { account, form } = stateOf(ctx);
  const number = await updateNumber(account, ctx.params.sid!, {
    voiceUrl: field(form, 'VoiceUrl'),
    voiceMethod: field(form, 'VoiceMethod'),
    statusCallback: field(form, 'StatusCallback'),
    friendlyName: field(form, 'FriendlyName'),
  });
  if (!number) throw resourceNotFound(ctx.path.replace('/sandbox/twilio', ''));
  ctx.body = incomingNumberResource(number);
});

// The sandbox's own tool, not Twilio's API: someone rings one of the numbers bought (inbound.ts).
twilioSandboxRouter.post('/inbound-calls', ringNumberRoute);

twilioSandboxRouter.all('/{*rest}', async (ctx) => {
  throw resourceNotFound(ctx.path.replace('/sandbox/twilio', ''));
});

/** Mounted by the app while TWILIO_ACCOUNT_SID is unset; it reads its form bodies itself. */
export const twilioSandbox = { router: twilioSandboxRouter };
