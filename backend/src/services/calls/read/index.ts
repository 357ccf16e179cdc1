/**
 * Reading the calls wing: the call log and its CSV, the campaign's prospects, its dialing state, and
 * the pushes that announce a changed call or campaign.
 */
export {
  announceCall,
  announceCalls,
  announceCampaign,
  flushChangedCampaigns,
  markCampaignChanged,
} from './announce';
export {
  campaignCallActivity,
  listCampaignCalls,
  presentLoggedCall,
  streamCampaignCallsCsv,
} from './callLog';
export { campaignProspectCounts, type CampaignProspectRow, listCampaignProspects } from './campaignProspects';
export { callersOf, type ShownProspect } from './callers';
export { COUNTED_CALL_SQL } from './countedCalls';
export {
  campaignsWithDialing,
  campaignWithDialing,
  liveCallCount,
  prospectsReady,
  volumeInUse,
  whyNotDialing,
} from './dialingState';
