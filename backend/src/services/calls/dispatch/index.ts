/**
 * Dispatch: the tick that picks due prospects and queues their calls, the calling areas closed now,
 * and the prospects' waits.
 */
export { sweepClosedCallingAreas } from './closedCallingAreas';
export { dispatchCalls } from './dispatchCalls';
export { callingAreaPartOf, callingAreaOf, storedCallingArea } from './numberCallingArea';
export { callingAreaIdOf, callingAreasOf, prospectCallingArea } from './callingAreas';
export { type Candidate, decideProspects } from './decideProspects';
export {
  CALLING_RULE_FIELDS,
  callingRulesOf,
  DECIDE_AGAIN_AT,
  decideProspectsAgain,
  placedAttempts,
  recentCallTimes,
} from './prospectSchedule';
export { ProspectWaits } from './prospectWaits';
export { seedCampaignProspects } from './seedProspects';
export { zipCallingAreaOf } from './zipCallingArea';
