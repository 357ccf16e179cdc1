import Router from '@koa/router';
import { PROFILE_FIELDS, TWILIO_FIELDS, profileSchema, twilioSchema } from '@ringcast/shared-types';
import { currentUser, requireUser } from '../middlewares/auth';
import { validateBody } from '../middlewares/validate';
import { badRequest } from '../errors';
import { updateProfile, updateTwilioSettings } from '../services/profile';
import { presentUser } from '../presenters/user';
import { checkTwilioConnection } from '../services/twilioConnection';

export const profileRouter = new Router();

const FIELD_LIST = `profile fields (${PROFILE_FIELDS.join(', ')}) or Twilio fields (${TWILIO_FIELDS.join(', ')})`;

/** One endpoint, two forms (spec §7): which one is meant is told by the keys present. */
function formOf(body: unknown): 'profile' | 'twilio' {
  const keys = body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : [];
  const profile = keys.some((k) => (PROFILE_FIELDS as string[]).includes(k));
  const twilio = keys.some((k) => (TWILIO_FIELDS as string[]).includes(k));
  if (profile && twilio) throw badRequest(`Send either the ${FIELD_LIST}, not both`);
  if (!profile && !twilio) throw badRequest(`Send the ${FIELD_LIST}`);
  return profile ? 'profile' : 'twilio';
}

profileRouter.put('/api/user/profile', requireUser, async (ctx) => {
  const userId = currentUser(ctx).id;
  const user =
    formOf(ctx.request.body) === 'profile'
      ? await updateProfile(userId, await validateBody(ctx, profileSchema))
      : await updateTwilioSettings(userId, await validateBody(ctx, twilioSchema));
  ctx.body = presentUser(user);
});

/** Whether the saved Twilio credentials work, asked of Twilio now (the account page's status). */
profileRouter.get('/api/user/twilio-status', requireUser, async (ctx) => {
  ctx.set('Cache-Control', 'no-store');
  ctx.body = await checkTwilioConnection(currentUser(ctx));
});
