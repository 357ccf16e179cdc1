/** The jobs' side of the backend that asks OpenAI (the SDK): scripts, and call summaries. */
export { writeScript } from './services/scripts/writeScript';
export { isRefusedByOpenAI } from './providers/openai';
export { summarizeCall } from './services/agent/callSummary';
