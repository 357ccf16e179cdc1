import { config } from '../config';

/** Keys the Cal.com sandbox takes; Cal.com's own start `cal_` or `cal_live_`. */
export const CALCOM_SANDBOX_KEY_PREFIX = 'cal_sandbox_';

/**
 * Whether a key's requests go to the api's Cal.com sandbox: a sandbox key, or any key while calls
 * are simulated (a sandbox callee must never book a real calendar). Never where the sandbox is not
 * served (production without ALLOW_SANDBOX): there a sandbox key goes to Cal.com, which refuses it.
 */
export const usesCalcomSandbox = (apiKey: string) =>
  config.calcom.sandbox && (apiKey.startsWith(CALCOM_SANDBOX_KEY_PREFIX) || config.sandboxes.twilio);

/** Where a key's requests go: `<base>/v2/...`. Read per request, so it follows config.sandboxUrl. */
export const calcomBaseUrl = (apiKey: string) =>
  usesCalcomSandbox(apiKey) ? `${config.sandboxUrl}/sandbox/calcom` : config.calcom.apiUrl;
