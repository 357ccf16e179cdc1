import { missingForLaunch, type ReadinessContext } from '@ringcast/shared-types';
import { ProspectList, type Campaign } from '../db/models';
import { presentCampaign } from '../presenters/campaign';

/**
 * What the campaign still lacks before it can be paid for or dialled, by the wizard's own rules
 * (shared-types' campaign readiness), with the uploaded list's parse status as the wizard sees it.
 */
export async function missingBeforeLaunch(campaign: Campaign): Promise<string[]> {
  const context: ReadinessContext = {};
  if (campaign.hasProvidedList && campaign.prospectListId) {
    const list = await ProspectList.findByPk(campaign.prospectListId, { attributes: ['status'] });
    context.prospectListStatus = list?.status;
  }
  return missingForLaunch(presentCampaign(campaign), context);
}
