/** Settling calls and their prospects: outcomes, success, prices and usage, written with the call rows. */
export { recordCallOutcome } from './callOutcome';
export { fetchSettledCallPrices, LIST_PRICES_FOR_MS } from './callPrice';
export { settleCall, settleCalls } from './settleCall';
