/**
 * What happens to a placed call: the callback stream and its consumer, applying events, answering, the
 * relay's start and end, and reconciliation of calls whose callbacks stopped.
 */
export { answeringTwiml } from './answeringTwiml';
export { answerMachine } from './answerMachine';
export { applyCallEvents, type BatchResult } from './applyCallEvents';
export { followUpAppliedEvents, processDelivery, startCallEventConsumer } from './callEventConsumer';
export {
  acceptCallEvent,
  acknowledgeEvents,
  CALL_EVENTS_GROUP,
  CALL_EVENTS_STREAM,
  claimStaleEvents,
  ensureCallEventsGroup,
  FAILED_CALL_EVENTS_STREAM,
  readNewEvents,
  setAsideEvents,
} from './callEventStream';
export { answerInboundCall, findInboundCall } from './inboundCall';
export { reconcileCalls } from './reconcileCalls';
export { claimRelaySession } from './relayClaim';
export { acceptRelayEnd, recordRelayEnd } from './relayEnded';
export {
  applyTransferStatus,
  relayEndedTwiml,
  storeTransferRequest,
  transferStatusOfDial,
  UNCONNECTED_TRANSFER_STATUSES,
  whisperAnswer,
  type TransferRequest,
} from './transfer';
