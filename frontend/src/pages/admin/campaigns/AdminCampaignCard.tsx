import { Button } from 'antd';
import type { AdminCampaign } from '@ringcast/shared-types';
import { CampaignCardFrame } from '../../../components/campaigns/CampaignCardFrame';
import { campaignTypeLabel } from '../../../components/campaigns/format';
import { personName } from '../components/format';
import { SetupBar } from './SetupBar';

/** One campaign for the admin: owner, type, date, status, call figures and setup progress. */
export function AdminCampaignCard({ campaign, onOpen }: { campaign: AdminCampaign; onOpen: () => void }) {
  return (
    <CampaignCardFrame
      campaign={campaign}
      idPrefix="admin-campaign"
      size="small"
      meta={
        <>
          <span>
            Owner: <strong>{personName(campaign.owner)}</strong> ({campaign.owner.email})
            {campaign.owner.companyName ? `, ${campaign.owner.companyName}` : ''}
          </span>
          <span>
            Type: <strong>{campaignTypeLabel(campaign.type)}</strong>
            {campaign.customType ? ` (${campaign.customType})` : ''}
          </span>
        </>
      }
    >
      <div className="rc-admin-card-foot">
        <SetupBar campaign={campaign} />
        <Button onClick={onOpen}>Manage</Button>
      </div>
    </CampaignCardFrame>
  );
}
