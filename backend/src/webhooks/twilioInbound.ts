import Router from '@koa/router';
import type { Context } from 'koa';
import { inboundCallSchema, inboundStatusSchema, validateInput } from '@ringcast/shared-types';
import { config } from '../config';
import { badRequest, forbidden } from '../errors';
import { logger } from '../logger';
import type { ProviderEdge } from '../middlewares/providerEdge';
import { platformTwilioAccount } from '../providers/twilio';
import { answerInboundCall, findInboundCall } from '../services/calls/events';
import { isValidTwilioSignature } from '../telephony/signature';
import { acceptStatusCallback } from './callStatusCallback';
import { formFields, xml } from './twilio';

/**
 * Calls into the numbers we buy: POST /webhooks/twilio/inbound (the numbers' voice URL) and
 * /webhooks/twilio/inbound/status (their status callback). The numbers are the platform
 * account's, so its auth token signs both (X-Twilio-Signature over PUBLIC_URL + path and the form
 * fields): a missing or wrong signature answers 403 and changes nothing.
 */
const inboundRouter = new Router({ prefix: '/webhooks/twilio/inbound' });

/** Twilio's requests are a few hundred bytes of form fields. */
const BODY_LIMIT_BYTES = 64 * 1024;

/** The request's form fields, once the platform account's signature over them checks out. */
function verifiedFields(ctx: Context): Record<string, string> {
  const fields = formFields(ctx.state.rawBody as Buffer);
  const account = platformTwilioAccount();
  const url = `${config.publicUrl}${ctx.originalUrl}`;
  if (
    !isValidTwilioSignature(account.authToken, ctx.get('X-Twilio-Signature'), url, fields) ||
    (fields.AccountSid && fields.AccountSid !== account.accountSid)
  ) {
    logger.warn({ path: ctx.path }, 'twilio inbound request refused: bad signature');
    throw forbidden('Invalid Twilio signature');
  }
  return fields;
}

async function validFields<S extends typeof inboundCallSchema | typeof inboundStatusSchema>(
  schema: S,
  fields: Record<string, string>,
) {
  const result = await validateInput(schema, fields);
  if (!result.ok) throw badRequest(result.message, result.fields);
  return result.value;
}

inboundRouter.post('/', async (ctx) => {
  const fields = await validFields(inboundCallSchema, verifiedFields(ctx));
  xml(ctx, await answerInboundCall(fields));
});

/**
 * A number's status callback names the call only by its CallSid. One we did not record (a call to
 * a number no campaign holds) has nothing to update, and is acknowledged all the same.
 */
inboundRouter.post('/status', async (ctx) => {
  const raw = verifiedFields(ctx);
  const { CallSid, AccountSid } = await validFields(inboundStatusSchema, raw);
  const call = await findInboundCall(CallSid, AccountSid);
  if (call?.accountSid) await acceptStatusCallback({ id: call.id, accountSid: call.accountSid }, raw);
  else logger.info({ callSid: CallSid }, 'status of an inbound call we did not record');
  ctx.status = 204;
});

/** Mounted under /webhooks/twilio/inbound with the raw form body kept for the signature check. */
export const twilioInboundWebhooks: ProviderEdge = {
  router: inboundRouter,
  rawBodyLimitBytes: BODY_LIMIT_BYTES,
};
