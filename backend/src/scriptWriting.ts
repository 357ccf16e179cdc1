/** The jobs' side of the backend that asks OpenAI (the SDK): scripts, call summaries and analyses. */
export { writeScript } from './services/scripts/writeScript';
export { isRefusedByOpenAI } from './providers/openai';
export { summarizeCall } from './services/agent/callSummary';
export { analyzeCall } from './services/analysis/analyzeCall';
