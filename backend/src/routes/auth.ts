import Router from '@koa/router';
import {
  FORGOT_PASSWORD_ANSWER,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  type ForgotPasswordAnswer,
  type SessionAnswer,
} from '@ringcast/shared-types';
import { validateBody } from '../middlewares/validate';
import { currentUser, signIn, signOut, type AuthState } from '../middlewares/auth';
import { authenticateUser, registerUser } from '../services/users';
import { presentUser, presentUserJson } from '../presenters/user';
import { writableSession } from '../session';
import { rateLimit } from '../middlewares/rateLimit';
import { clientAddress } from '../lib/clientAddress';
import { requestPasswordReset, resetPassword } from '../services/passwordReset';

export const authRouter = new Router();

/** What Koa sends for a JSON body. */
const JSON_TYPE = 'application/json; charset=utf-8';

authRouter.post('/api/register', rateLimit('signUpPerAddress'), writableSession, async (ctx) => {
  const input = await validateBody(ctx, registerSchema);
  const user = await registerUser(input, clientAddress(ctx.ip));
  await signIn(ctx, user);
  ctx.status = 201;
  ctx.body = presentUser(user);
});

authRouter.post('/api/login', writableSession, async (ctx) => {
  const input = await validateBody(ctx, loginSchema);
  const user = await authenticateUser(input, clientAddress(ctx.ip));
  await signIn(ctx, user);
  ctx.body = presentUser(user);
});

authRouter.post('/api/logout', writableSession, (ctx) => {
  signOut(ctx);
  ctx.status = 204;
});

/** The same answer whether or not the email has an account (and a link was sent). */
authRouter.post('/api/auth/forgot-password', async (ctx) => {
  const input = await validateBody(ctx, forgotPasswordSchema);
  await requestPasswordReset(input.email, clientAddress(ctx.ip));
  ctx.body = { message: FORGOT_PASSWORD_ANSWER } satisfies ForgotPasswordAnswer;
});

/** A new password from a reset link; every other session of the user ends, and this one signs in. */
authRouter.post(
  '/api/auth/reset-password',
  rateLimit('resetPasswordPerAddress'),
  writableSession,
  async (ctx) => {
    const input = await validateBody(ctx, resetPasswordSchema);
    const user = await resetPassword(input, clientAddress(ctx.ip));
    await signIn(ctx, user);
    ctx.body = presentUser(user);
  },
);

// Full-page fallbacks the SPA navigates to when its fetch-based calls fail (spec §7).
authRouter.get('/api/logout', writableSession, (ctx) => {
  signOut(ctx);
  ctx.redirect('/');
});
authRouter.get('/api/login', (ctx) => ctx.redirect('/login'));

// currentUser() answers 401 for a signed-out caller; the hottest route skips a separate guard layer.
authRouter.get('/api/auth/user', (ctx) => {
  ctx.set('Cache-Control', 'no-store');
  const body = presentUserJson(currentUser(ctx));
  // The type first (Koa would call a string body text), spelled out: looking 'json' up showed in the profile.
  ctx.set('Content-Type', JSON_TYPE);
  ctx.body = body;
});

/**
 * The web app's probe on load. Being signed out is an answer here, not an error, so a visitor's
 * browser logs no failed request; /api/auth/user keeps the spec's 401.
 */
authRouter.get('/api/auth/session', (ctx) => {
  ctx.set('Cache-Control', 'no-store');
  const user = (ctx.state as AuthState).user;
  ctx.body = { user: user ? presentUser(user) : null } satisfies SessionAnswer;
});
