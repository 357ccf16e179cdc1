import type { Middleware } from 'koa';
import { config } from '../config';
import { isServerPath } from './serverPaths';

/**
 * The Content-Security-Policy of the app's documents. The built SPA has no inline script, so
 * scripts come only from our origin (and Stripe.js, where real Stripe keys load it on the
 * checkout page); antd writes its styles into <style> elements at runtime, hence inline styles.
 * Sockets and API calls go to our own origin ('self' covers ws: and wss: on it).
 */
export function contentSecurityPolicy({ stripeJs }: { stripeJs: boolean }): string {
  const stripe = (...sources: string[]) => (stripeJs ? sources : []);
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...stripe('https://js.stripe.com', 'https://*.js.stripe.com')]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', ...stripe('https://*.stripe.com')]],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...stripe('https://api.stripe.com')]],
    [
      'frame-src',
      stripeJs
        ? ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com']
        : ["'none'"],
    ],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/** A year; browsers then reach the site only over HTTPS. Sent only in production, which runs behind HTTPS. */
const HSTS = 'max-age=31536000; includeSubDomains';

let documentHeaders: Record<string, string> | undefined;

/** Worked out once: they depend only on the configuration. */
function headersForDocuments(): Record<string, string> {
  documentHeaders ??= {
    'Content-Security-Policy': contentSecurityPolicy({
      stripeJs: !config.sandboxes.stripe && Boolean(config.stripePublishableKey),
    }),
    'Referrer-Policy': 'same-origin',
    'X-Frame-Options': 'DENY',
    ...(config.httpsOnly ? { 'Strict-Transport-Security': HSTS } : {}),
  };
  return documentHeaders;
}

/**
 * nosniff on every response. The document rules (CSP, framing, referrer, HSTS) go on what the
 * web app serves (index.html, the 404 fallback, its assets), not on API answers, which the
 * browser never renders (every header is validated and written on each response). Server pages
 * outside the SPA set their own. A plain function returning next(): no promise of its own per request.
 */
export const securityHeaders: Middleware = (ctx, next) => {
  ctx.set('X-Content-Type-Options', 'nosniff');
  if (!isServerPath(ctx.path)) ctx.set(headersForDocuments());
  return next();
};
