/**
 * Callbacks the agent promised ("call me back tomorrow afternoon"): written when the call that
 * asked settles, placed by the dialer when due, stopped by the owner (docs/appointments.md).
 */
export {
  cancelHeldCallbacks,
  closeCallback,
  listCampaignCallbacks,
  markCallbackCalled,
  moveCallbacksInsideRules,
} from './callbacks';
export {
  announceCallback,
  type PromisedCall,
  retryUnansweredCallbacks,
  scheduleCallbacks,
  type UnansweredCallback,
} from './schedule';
