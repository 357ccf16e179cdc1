/** The script-generation job's side of the backend, with the OpenAI SDK. */
export { writeScript } from './services/scripts/writeScript';
export { isRefusedByOpenAI } from './providers/openai';
