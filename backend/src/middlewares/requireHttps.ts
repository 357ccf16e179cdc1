import type { Middleware } from 'koa';
import { ERROR_CODES } from '@ringcast/shared-types';
import { config } from '../config';
import { HttpError } from '../errors';
import { logger } from '../logger';
import { isSessionWrite } from './csrf';

export const HTTPS_REQUIRED_MESSAGE =
  'Ringcast must be reached over HTTPS. Open the https:// address and try again.';

/** What an operator needs to know when requests reach an https-only api over plain http. */
export const HTTPS_CONFIGURATION_HINT =
  'PUBLIC_URL is https, so session cookies are Secure and are never sent over plain http. If a proxy ' +
  'terminates TLS in front of the api, set TRUST_PROXY=true and have the proxy send X-Forwarded-Proto: https.';

let hintLogged = false;

/**
 * With an https PUBLIC_URL the session cookie is Secure, and Koa refuses to set it on a plain-http
 * answer, after the handler has already written (a sign-up made the account, then answered 500).
 * So a request that may change state over plain http is refused before anything runs.
 */
export const requireHttps: Middleware = (ctx, next) => {
  if (!config.httpsOnly || ctx.secure || !isSessionWrite(ctx)) return next();
  if (!hintLogged) {
    hintLogged = true;
    logger.warn(
      { method: ctx.method, path: ctx.path },
      `request over plain http refused. ${HTTPS_CONFIGURATION_HINT}`,
    );
  }
  throw new HttpError(403, HTTPS_REQUIRED_MESSAGE, ERROR_CODES.httpsRequired);
};
