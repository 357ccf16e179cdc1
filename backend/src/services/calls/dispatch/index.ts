/**
 * Dispatch: the tick that picks due prospects and queues their calls, the calling areas closed now,
 * and the prospects' waits.
 */
export { sweepClosedPlaces } from './closedPlaces';
export { dispatchCalls } from './dispatchCalls';
export { placeOf, storedPlace } from './numberPlace';
export { placeIdOf, placesOf } from './places';
export {
  CALLING_RULE_FIELDS,
  callingRulesOf,
  DECIDE_AGAIN_AT,
  decideProspectsAgain,
  placedAttempts,
} from './prospectSchedule';
export { ProspectWaits } from './prospectWaits';
export { seedCampaignProspects } from './seedProspects';
export { zipPlaceOf } from './zipPlace';
