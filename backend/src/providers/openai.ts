import OpenAI from 'openai';
import { config } from '../config';
import { modelFetch } from './modelFetch';

/** The sandbox answers from templates; any key is accepted there. */
const SANDBOX_API_KEY = 'sandbox';

export const usesOpenAISandbox = () => config.sandboxes.openai;

export const openaiSandboxBaseUrl = () => `${config.sandboxUrl}/sandbox/openai/v1`;

let client: OpenAI | undefined;

/** The OpenAI client: the real API with a key, the api's sandbox without one. */
export function openai(): OpenAI {
  client ??= new OpenAI({
    apiKey: config.openaiApiKey ?? SANDBOX_API_KEY,
    baseURL: config.openaiBaseUrl ?? (usesOpenAISandbox() ? openaiSandboxBaseUrl() : undefined),
    // The api waits 30 s for a script; one retry of a slow or failed call still fits in that.
    timeout: 12_000,
    maxRetries: 1,
    fetch: modelFetch,
  });
  return client;
}

/** OpenAI refused the request itself (bad input, key, model): sending it again changes nothing. */
export const isRefusedByOpenAI = (err: unknown) =>
  err instanceof OpenAI.APIError &&
  typeof err.status === 'number' &&
  err.status >= 400 &&
  err.status < 500 &&
  err.status !== 429;
