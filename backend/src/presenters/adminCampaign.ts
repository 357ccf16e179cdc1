import type { AdminCampaign } from '@ringcast/shared-types';
import type { Campaign, ProspectList, User } from '../db/models';
import { presentCampaign } from './campaign';

/**
 * A campaign loaded with its owner (the `owner` association), its list's stored file name
 * (`prospectList`) and its agent documents' upload names (set by the admin campaigns service).
 */
export type CampaignWithOwner = Campaign & {
  owner?: User | null;
  prospectList?: ProspectList | null;
  agentDocumentNames?: Record<string, string>;
};

/** For the admin Campaigns tab and the Overview: the campaign and who it belongs to. */
export function presentAdminCampaign(campaign: CampaignWithOwner): AdminCampaign {
  const owner = campaign.owner;
  return {
    ...presentCampaign(campaign),
    owner: {
      id: campaign.userId,
      firstName: owner?.firstName ?? '',
      lastName: owner?.lastName ?? '',
      email: owner?.email ?? '',
      companyName: owner?.companyName ?? null,
    },
    prospectListStoredName: campaign.prospectList?.storedFileName ?? null,
    agentDocumentNames: campaign.agentDocumentNames ?? {},
    listAttestation:
      campaign.listAttestedAt && campaign.listAttestedByUserId
        ? {
            userId: campaign.listAttestedByUserId,
            at: campaign.listAttestedAt.toISOString(),
            from: campaign.listAttestedFrom ?? null,
          }
        : null,
  };
}
