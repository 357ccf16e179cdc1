/**
 * Every write to `call_records`, and the row locks its writers take: this folder is the one owner.
 *
 * Lock order (every transaction that writes calls takes its rows in this order, so two of them
 * never wait on each other in a circle):
 *   1. the calls' rows, by id ascending (lockCalls / lockCall here, or a one-row statement here);
 *   2. the campaigns' rows, by id ascending (FOR UPDATE, before the usage rows whose inserts check
 *      them with a shared lock);
 *   3. the usage rows;
 *   4. the campaign_prospects rows, in (campaignId, prospectId) order, as the dispatcher takes them;
 *   5. the campaigns' counters (atomic increments on rows already held);
 *   6. the analytics' aggregate rows (services/analytics/statRows.ts: table by table, each in key
 *      order), last: settlement's counts and the analysis's (storeCallAnalysis) alike.
 * A transcript's rows read their call with a shared lock, in call order: the same step 1.
 *
 * `updatedAt` is stamped one way (STAMP): the writer's moment (a JS Date, milliseconds kept), or a
 * millisecond past the row's own when that is not earlier, so every write is newer than the last
 * and the stores, which drop a payload no newer than what they hold, never drop a change. A caller
 * holding the row it wrote knows the stamp (stampAfter) and announces it without reading again.
 * Each write here is one statement, run again whole when the database picks it as a deadlock's
 * victim (retryOnDeadlock); a write inside the caller's transaction is retried with the whole
 * transaction, by the caller. A new row is inserted through the model, which stamps it with the
 * same kind of moment.
 */
export { callRecordStamp } from './statement';
export {
  attachFoundCallSid,
  claimQueuedCall,
  claimRelaySessionRow,
  insertInboundCall,
  insertQueuedCall,
  insertTestCall,
  lockCall,
  lockCalls,
  markCallHeardOf,
  markOptedOut,
  markRelayStarted,
  requeueDialingCall,
  saveLockedCalls,
  storeCallEnd,
  storeCallSid,
  storeCallSummary,
} from './lifecycle';
export { markRecordingDeleted, storeCallPrices, storeCallRecording } from './afterCall';
export { type CallAnalysisWrite, storeCallAnalysis } from './analysis';
