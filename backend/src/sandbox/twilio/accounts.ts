import { timingSafeEqual } from 'node:crypto';
import type { Context } from 'koa';
import { config } from '../../config';
import { rfc2822 } from './clock';
import { authenticationFailed } from './errors';
import { sandboxKey, sandboxRedis } from './store';

/**
 * Who may call the sandbox, checked like Twilio checks Basic auth (401, code 20003):
 * - the platform account from config (its SID and the token derived for this deployment);
 * - any customer account whose SID is `AC` + 32 lowercase hex digits and token 32 lowercase hex
 *   digits. It is registered with its token on first use; a later request for that SID with a
 *   different token is refused, as Twilio refuses a wrong token. The token is kept (in Redis) to
 *   sign that account's callbacks, so a sandbox deployment must never be given real credentials.
 */
export interface SandboxAccount {
  sid: string;
  platform: boolean;
}

const ACCOUNT_SID = /^AC[0-9a-f]{32}$/;
const AUTH_TOKEN = /^[0-9a-f]{32}$/;

const accountsKey = () => sandboxKey('accounts');
/** Registered tokens never change, so each process remembers those it has read. */
const knownTokens = new Map<string, string>();

const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

function basicCredentials(ctx: Context): { sid: string; token: string } | undefined {
  const encoded = /^Basic\s+(\S+)$/i.exec(ctx.get('Authorization'))?.[1];
  if (!encoded) return undefined;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : { sid: decoded.slice(0, colon), token: decoded.slice(colon + 1) };
}

/** The account a request is made as; it must be the account in the path. */
export async function authenticate(ctx: Context, pathAccountSid: string): Promise<SandboxAccount> {
  const credentials = basicCredentials(ctx);
  if (!credentials || credentials.sid !== pathAccountSid) throw authenticationFailed();
  const { sid, token } = credentials;
  const platform = config.twilioSandboxAccount;
  if (sid === platform.accountSid) {
    if (!sameText(token, platform.authToken)) throw authenticationFailed();
    return { sid, platform: true };
  }
  if (!ACCOUNT_SID.test(sid) || !AUTH_TOKEN.test(token)) throw authenticationFailed();
  let registered = knownTokens.get(sid);
  if (registered === undefined) {
    const redis = sandboxRedis();
    await redis.hsetnx(accountsKey(), sid, token);
    registered = (await redis.hget(accountsKey(), sid)) ?? undefined;
    if (registered !== undefined) knownTokens.set(sid, registered);
  }
  if (!registered || !sameText(token, registered)) throw authenticationFailed();
  return { sid, platform: false };
}

/** The token an account's callbacks are signed with. */
export async function accountToken(sid: string): Promise<string | undefined> {
  if (sid === config.twilioSandboxAccount.accountSid) return config.twilioSandboxAccount.authToken;
  let token = knownTokens.get(sid);
  if (token === undefined) {
    token = (await sandboxRedis().hget(accountsKey(), sid)) ?? undefined;
    if (token !== undefined) knownTokens.set(sid, token);
  }
  return token;
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
