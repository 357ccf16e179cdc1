import OpenAI from 'openai';

/** The real OpenAI SDK pointed at the api's OpenAI sandbox, without retries (a refusal shows at once). */
export const sandboxOpenAI = (baseUrl: string) =>
  new OpenAI({ apiKey: 'sandbox', baseURL: `${baseUrl}/sandbox/openai/v1`, maxRetries: 0 });
