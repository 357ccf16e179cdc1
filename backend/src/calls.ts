/**
 * The dialer's jobs' side of the backend: dispatching, placing and following calls through Twilio.
 * The calls wing's outer front door: it re-exports the stages' own front doors, never their files.
 */
export {
  dispatchCalls,
  callingAreaIdOf,
  callingAreaOf,
  callingAreasOf,
  ProspectWaits,
  seedCampaignProspects,
  storedCallingArea,
  sweepClosedCallingAreas,
} from './services/calls/dispatch';
export {
  placeCall,
  provisionPhoneNumber,
  rememberDialedCall,
  verifyTwilioSetup,
  type PlaceResult,
} from './services/calls/place';
export {
  answerMachine,
  applyCallEvents,
  followUpAppliedEvents,
  reconcileCalls,
  recordRelayEnd,
  startCallEventConsumer,
  type BatchResult,
} from './services/calls/events';
export { fetchSettledCallPrices } from './services/calls/settle';
export { deleteExpiredRecordings } from './services/recordings';
export { flushChangedCampaigns } from './services/calls/read';
export { platformTwilioAccount, twilioClient, type TwilioAccount } from './providers/twilio';
export { signTwilioRequest } from './telephony/signature';
