/** The dialer's jobs' side of the backend: dispatching, placing and following calls through Twilio. */
export { dispatchCalls } from './services/calls/dispatchCalls';
export { placeCall, type PlaceResult } from './services/calls/placeCall';
export { applyCallEvent, type AppliedEvent } from './services/calls/applyCallEvent';
export { applyCallEventBatch, type BatchResult } from './services/calls/applyCallEventBatch';
export { followUpAppliedEvents, startCallEventConsumer } from './services/calls/callEventConsumer';
export { answerMachine } from './services/calls/answerMachine';
export { reconcileCalls } from './services/calls/reconcileCalls';
export { fetchSettledCallPrices } from './services/calls/callPrice';
export { seedCampaignProspects } from './services/calls/seedProspects';
export { provisionPhoneNumber } from './services/calls/provisionNumber';
export { verifyTwilioSetup } from './services/calls/verifyTwilioSetup';
export { flushChangedCampaigns } from './services/calls/announce';
export { platformTwilioAccount, twilioClient, type TwilioAccount } from './providers/twilio';
export { signTwilioRequest } from './telephony/signature';
export { placeOf, storedPlace } from './services/calls/numberPlace';
export { ProspectWaits } from './services/calls/prospectWaits';
export { placeIdOf, placesOf } from './services/calls/places';
export { sweepClosedPlaces } from './services/calls/closedPlaces';
