import Router from '@koa/router';
import type { Context } from 'koa';
import { config } from '../config';
import { retriedTransaction } from '../db/deadlockRetry';
import { Campaign } from '../db/models';
import { forbidden, notFound } from '../errors';
import { logger } from '../logger';
import type { ProviderEdge } from '../middlewares/providerEdge';
import {
  answeringTwiml,
  acceptCallEvent,
  acceptRelayEnd,
  applyTransferStatus,
  relayEndedTwiml,
  whisperAnswer,
} from '../services/calls/events';
import { accountForCall, markOptedOut } from '../services/calls/shared';
import { addToDoNotCall } from '../services/calls/doNotCall';
import { markCampaignChanged } from '../services/calls/read';
import { applyRecordingStatus } from '../services/recordings';
import { isValidTwilioSignature } from '../telephony/signature';
import { gatherAnswerTwiml, hangupTwiml, OPT_OUT_DIGIT } from '../telephony/twiml';
import { acceptStatusCallback, int } from './callStatusCallback';
import { knownCall, type KnownCall } from './knownCalls';

/**
 * Twilio's callbacks about our calls: POST /webhooks/twilio/calls/:callId/{status,amd,twiml,gather,
 * relay-ended,whisper,transfer-status,recording-status}.
 * Each names our call in its path and is signed (X-Twilio-Signature) with the auth token of the
 * account that placed that call, over PUBLIC_URL + path and the form fields: a missing or wrong
 * signature answers 403 and changes nothing. Status and AMD callbacks are appended to the call
 * events' stream (one Redis round trip, no SQL) and answered; the workers apply them in batches.
 * TwiML and key presses are answered here, since Twilio waits for them.
 */
const twilioWebhookRouter = new Router({ prefix: '/webhooks/twilio' });

/** Twilio's callbacks are a few hundred bytes of form fields. */
const BODY_LIMIT_BYTES = 64 * 1024;

export const formFields = (raw: Buffer) => Object.fromEntries(new URLSearchParams(raw.toString('utf8')));

/** The call named in the path, after its signature checks out; anything else is refused. */
async function verifiedCall(ctx: Context): Promise<{ call: KnownCall; fields: Record<string, string> }> {
  const raw = ctx.state.rawBody as Buffer;
  const callId = Number(ctx.params.callId);
  const call = Number.isSafeInteger(callId) && callId > 0 ? await knownCall(callId) : null;
  const account = call && (await accountForCall(call));
  const fields = formFields(raw);
  const url = `${config.publicUrl}${ctx.originalUrl}`;
  if (
    !call ||
    !account ||
    !isValidTwilioSignature(account.authToken, ctx.get('X-Twilio-Signature'), url, fields)
  ) {
    logger.warn({ path: ctx.path }, 'twilio callback refused: unknown call or bad signature');
    throw forbidden('Invalid Twilio signature');
  }
  if (fields.AccountSid && fields.AccountSid !== call.accountSid) throw forbidden('Invalid Twilio signature');
  return { call, fields };
}

export function xml(ctx: Context, twiml: string) {
  ctx.type = 'text/xml';
  ctx.body = twiml;
}

twilioWebhookRouter.post('/calls/:callId/status', async (ctx) => {
  const { call, fields } = await verifiedCall(ctx);
  await acceptStatusCallback({ id: call.id, accountSid: call.accountSid as string }, fields);
  ctx.status = 204;
});

twilioWebhookRouter.post('/calls/:callId/amd', async (ctx) => {
  const { call, fields } = await verifiedCall(ctx);
  await acceptCallEvent({
    callId: call.id,
    kind: 'amd',
    callSid: fields.CallSid,
    accountSid: call.accountSid as string,
    sequenceNumber: 0,
    answeredBy: fields.AnsweredBy,
  });
  ctx.status = 204;
});

twilioWebhookRouter.post('/calls/:callId/twiml', async (ctx) => {
  const { call, fields } = await verifiedCall(ctx);
  xml(ctx, await answeringTwiml(call.id, fields.CallSid));
});

/**
 * The relay session ended (the `<Connect action>`): its length and handoff are stored, once (by
 * the worker when a batch holds the call), and the call hangs up, or, when the agent asked for a
 * transfer, dials it (transfer.ts). A repeated request changes nothing more and is answered the
 * same way, and one for a call that settled or that no relay session held changes nothing.
 */
twilioWebhookRouter.post('/calls/:callId/relay-ended', async (ctx) => {
  const { call, fields } = await verifiedCall(ctx);
  await acceptRelayEnd(call.id, {
    handoffData: fields.HandoffData,
    sessionSeconds: int(fields.SessionDuration),
  });
  xml(ctx, await relayEndedTwiml(call.id));
});

/**
 * The person who answered a transfer (a child call of ours: its CallSid is the child's, its
 * ParentCallSid ours) hears the whisper before the caller is put through.
 */
twilioWebhookRouter.post('/calls/:callId/whisper', async (ctx) => {
  const { call, fields } = await verifiedCall(ctx);
  xml(ctx, await whisperAnswer(call.id, fields.ParentCallSid));
});

/**
 * The transferred leg ended or never connected (the `<Dial action>`): applied once; the caller's
 * leg hangs up after a connected transfer, or hears the agent take a message.
 */
twilioWebhookRouter.post('/calls/:callId/transfer-status', async (ctx) => {
  const { call, fields } = await verifiedCall(ctx);
  xml(
    ctx,
    await applyTransferStatus(call.id, {
      callSid: fields.CallSid,
      dialCallStatus: fields.DialCallStatus,
      dialCallSid: fields.DialCallSid,
      dialCallDuration: int(fields.DialCallDuration),
      dialBridged: fields.DialBridged,
    }),
  );
});

/**
 * The callee pressed a key, on a call still answered by the recorded script. 9: the number is on the customer's do-not-call list before this
 * answer leaves (so before the call ends), and none of the customer's campaigns calls it again.
 */
twilioWebhookRouter.post('/calls/:callId/gather', async (ctx) => {
  const { call, fields } = await verifiedCall(ctx);
  const campaign = await Campaign.findByPk(call.campaignId, { attributes: ['id', 'aiAgentVoice'] });
  const optedOut = fields.Digits === OPT_OUT_DIGIT;
  if (optedOut) {
    // The call's row first, then its campaign's (through the do-not-call list), in the order a
    // callback of the same call settling at the same moment takes them: the other order deadlocks.
    await retriedTransaction(async (transaction) => {
      await markOptedOut(call.id, transaction);
      await addToDoNotCall(
        { userId: call.userId },
        [call.toNumber],
        { source: 'key_press', reason: 'Pressed 9 during a call', callRecordId: call.id },
        transaction,
      );
    });
    markCampaignChanged(call.campaignId);
    logger.info({ callId: call.id }, 'callee opted out by key press');
  }
  xml(ctx, campaign ? gatherAnswerTwiml(campaign, optedOut) : hangupTwiml());
});

/**
 * A recording of the call is ready (`<Start><Recording>`'s status callback): stored on the call
 * once, after reading it back from Twilio (services/recordings); a repeat changes nothing.
 */
twilioWebhookRouter.post('/calls/:callId/recording-status', async (ctx) => {
  const { call, fields } = await verifiedCall(ctx);
  await applyRecordingStatus(call.id, fields);
  ctx.status = 204;
});

twilioWebhookRouter.post('/calls/:callId/:rest', () => {
  throw notFound('Not found');
});

/** Mounted under /webhooks/twilio with the raw form body kept for the signature check. */
export const twilioWebhooks: ProviderEdge = {
  router: twilioWebhookRouter,
  rawBodyLimitBytes: BODY_LIMIT_BYTES,
};
