import type { Campaign } from '@ringcast/shared-types';
import { CampaignCardFrame } from '../../../components/campaigns/CampaignCardFrame';
import { campaignTypeLabel } from '../../../components/campaigns/format';
import { CancelsOnNote } from '../../../components/billing/CancelsOnNote';
import { PastDueAlert } from '../../../components/billing/PastDueAlert';
import { CampaignActions } from './CampaignActions';
import { SetupProgress } from './SetupProgress';

/** One campaign: what it is, how its calls went, how far its setup is, and what the owner can do. */
export function CampaignCard({ campaign }: { campaign: Campaign }) {
  return (
    <CampaignCardFrame
      campaign={campaign}
      idPrefix="campaign"
      className="rc-campaign-card"
      nameLink={`/campaigns/${campaign.id}`}
      meta={
        <>
          <span>
            Type: <strong>{campaignTypeLabel(campaign.type)}</strong>
          </span>
          {campaign.customType && (
            <span>
              Custom type: <strong>{campaign.customType}</strong>
            </span>
          )}
        </>
      }
    >
      {campaign.status === 'past_due' && <PastDueAlert />}
      <CancelsOnNote campaign={campaign} />
      <SetupProgress campaign={campaign} />
      <CampaignActions campaign={campaign} />
    </CampaignCardFrame>
  );
}
