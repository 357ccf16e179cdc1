import OpenAI from 'openai';
import { config } from '../config';
import { modelFetch } from './modelFetch';

/** The sandbox answers from templates; any key is accepted there. */
const SANDBOX_API_KEY = 'sandbox';

export const usesOpenAISandbox = () => config.sandboxes.openai;

export const openaiSandboxBaseUrl = () => `${config.sandboxUrl}/sandbox/openai/v1`;

let client: { baseURL: string | undefined; openai: OpenAI } | undefined;

/**
 * The OpenAI client: the real API with a key, the api's sandbox without one. Made again when the
 * address changes: the sandbox's follows config.sandboxUrl, as Stripe's and Twilio's do.
 */
export function openai(): OpenAI {
  const baseURL = config.openaiBaseUrl ?? (usesOpenAISandbox() ? openaiSandboxBaseUrl() : undefined);
  if (!client || client.baseURL !== baseURL) client = { baseURL, openai: openaiAt(baseURL) };
  return client.openai;
}

function openaiAt(baseURL: string | undefined): OpenAI {
  return new OpenAI({
    apiKey: config.openaiApiKey ?? SANDBOX_API_KEY,
    baseURL,
    // The api waits 30 s for a script; one retry of a slow or failed call still fits in that.
    timeout: 12_000,
    maxRetries: 1,
    fetch: modelFetch,
  });
}

/** OpenAI refused the request itself (bad input, key, model): sending it again changes nothing. */
export const isRefusedByOpenAI = (err: unknown) =>
  err instanceof OpenAI.APIError &&
  typeof err.status === 'number' &&
  err.status >= 400 &&
  err.status < 500 &&
  err.status !== 429;
