import { timingSafeEqual } from 'node:crypto';
import type { Context } from 'koa';
import { rfc2822 } from './clock';
import { authenticationFailed } from './errors';
import type { TwilioSandboxHost } from './host';

/**
 * Who may call the sandbox, checked like Twilio checks Basic auth (401, code 20003): only an
 * account the api says exists (the platform account, or an account a user saved with us) with its
 * token. Nobody registers an account with the sandbox itself: the users table is the truth.
 */
export interface SandboxAccount {
  sid: string;
  platform: boolean;
}

const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

function basicCredentials(ctx: Context): { sid: string; token: string } | undefined {
  const encoded = /^Basic\s+(\S+)$/i.exec(ctx.get('Authorization'))?.[1];
  if (!encoded) return undefined;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : { sid: decoded.slice(0, colon), token: decoded.slice(colon + 1) };
}

/**
 * The account a request is made as; when the path names an account, it must be that one. Runs
 * before anything else of the request is read or looked up.
 */
export async function authenticate(
  ctx: Context,
  host: TwilioSandboxHost,
  pathAccountSid: string | undefined,
): Promise<SandboxAccount> {
  const credentials = basicCredentials(ctx);
  if (!credentials || (pathAccountSid !== undefined && credentials.sid !== pathAccountSid)) {
    throw authenticationFailed();
  }
  const { sid, token } = credentials;
  const known = await host.accountToken(sid);
  if (known === null || !sameText(token, known)) throw authenticationFailed();
  return { sid, platform: sid === host.platformAccountSid };
}

/** The Account resource, as accounts(sid).fetch() reads it. */
export function accountResource(account: SandboxAccount) {
  const created = rfc2822(Date.UTC(2024, 0, 1));
  return {
    sid: account.sid,
    owner_account_sid: account.sid,
    friendly_name: account.platform ? 'Ringcast platform (sandbox)' : 'Customer account (sandbox)',
    status: 'active',
    type: 'Full',
    date_created: created,
    date_updated: created,
    uri: `/2010-04-01/Accounts/${account.sid}.json`,
    subresource_uris: {
      calls: `/2010-04-01/Accounts/${account.sid}/Calls.json`,
      incoming_phone_numbers: `/2010-04-01/Accounts/${account.sid}/IncomingPhoneNumbers.json`,
      available_phone_numbers: `/2010-04-01/Accounts/${account.sid}/AvailablePhoneNumbers.json`,
    },
  };
}
