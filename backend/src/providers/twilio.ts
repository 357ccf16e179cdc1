import { createHash } from 'node:crypto';
import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import { config } from '../config';

/** Whose account places a call: the platform's, or a customer's own (token already decrypted). */
export interface TwilioAccount {
  accountSid: string;
  authToken: string;
}

/** The only Twilio domain we call; every other one is refused in sandbox mode rather than reached. */
const TWILIO_API_HOST = 'api.twilio.com';

export const usesTwilioSandbox = () => !config.twilioAccountSid;

export const twilioSandboxBaseUrl = () => `${config.sandboxUrl}/sandbox/twilio`;

/** The account that places calls for campaigns using Ringcast's own numbers. */
export function platformTwilioAccount(): TwilioAccount {
  if (config.twilioAccountSid && config.twilioAuthToken) {
    return { accountSid: config.twilioAccountSid, authToken: config.twilioAuthToken };
  }
  return config.twilioSandboxAccount;
}

/**
 * Sends the SDK's requests to the api's Twilio sandbox: the SDK has no base-URL option, so this
 * swaps the protocol and host of https://api.twilio.com (and puts the sandbox's path in front),
 * the way Twilio's own docs suggest for a custom httpClient. The address is read per request, so
 * it follows config.sandboxUrl.
 */
export class SandboxHttpClient extends twilio.RequestClient {
  constructor(private readonly baseUrl: () => string = twilioSandboxBaseUrl) {
    super({ keepAlive: true });
  }

  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    const target = new URL(opts.uri);
    if (target.hostname !== TWILIO_API_HOST) {
      return Promise.reject(
        new Error(`The Twilio sandbox serves ${TWILIO_API_HOST} only, not ${target.host}`),
      );
    }
    const base = new URL(this.baseUrl());
    const uri = `${base.origin}${base.pathname.replace(/\/$/, '')}${target.pathname}${target.search}`;
    return super.request<TData>({ ...opts, uri });
  }
}

const MAX_CLIENTS = 1000;
const clients = new Map<string, twilio.Twilio>();
let sandboxHttpClient: SandboxHttpClient | undefined;

/**
 * The Twilio client of one account, built once per SID and token (a customer who changes their
 * token gets a new client). In sandbox mode every client reaches the sandbox.
 */
export function twilioClient(account: TwilioAccount): twilio.Twilio {
  const key = `${account.accountSid}:${createHash('sha256').update(account.authToken).digest('hex')}`;
  let client = clients.get(key);
  if (!client) {
    if (usesTwilioSandbox()) sandboxHttpClient ??= new SandboxHttpClient();
    client = twilio(account.accountSid, account.authToken, {
      ...(usesTwilioSandbox() ? { httpClient: sandboxHttpClient } : {}),
    });
    if (clients.size >= MAX_CLIENTS) clients.delete(clients.keys().next().value!);
    clients.set(key, client);
  }
  return client;
}

/** Twilio answered with an error (its `code` is Twilio's, e.g. 20003 bad credentials, 20429 too many requests). */
export const isTwilioError = (err: unknown, code?: number): err is twilio.RestException =>
  err instanceof twilio.RestException && (code === undefined || err.code === code);
