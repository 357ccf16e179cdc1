import type { Middleware } from 'koa';
import type { SandboxHost } from '../host';

/**
 * What the api hands the Twilio sandbox when it mounts it, and all the sandbox knows of us: whose
 * accounts exist, where our app is, and who may ring a number. The sandbox is the provider, so it
 * reads none of this from our models or middlewares itself. The rest (logger, Redis, time scale)
 * is what every sandbox is handed (../host.ts).
 */
export interface TwilioSandboxHost extends SandboxHost {
  /** The platform account: it owns only the numbers it bought (a customer's own account owns more). */
  platformAccountSid: string;
  /**
   * The auth token of an account the sandbox serves (the platform's, or one a user saved with
   * us); null for any other SID, which is refused (401) before anything else. It also signs that
   * account's callbacks and relay sockets.
   */
  accountToken(accountSid: string): Promise<string | null>;
  /**
   * Our app's address (PUBLIC_URL), read each time: the only origin the sandbox sends a request to
   * or opens a socket on (TwiML, callbacks, actions, the relay).
   */
  publicUrl(): string;
  /**
   * Runs before `POST /sandbox/twilio/inbound-calls` looks at anything: answers (throws) the api's
   * own refusal (signed out, not an admin, too many) or calls `next` to ring the number.
   */
  authorizeRinging: Middleware;
}
