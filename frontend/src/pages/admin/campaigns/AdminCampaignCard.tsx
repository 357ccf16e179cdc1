import { Button, Card } from 'antd';
import { successRate, type AdminCampaign } from '@ringcast/shared-types';
import { CallNumbers } from '../../../components/campaigns/CallNumbers';
import { CampaignStatusTag } from '../../../components/campaigns/CampaignStatusTag';
import { campaignTypeLabel, formatDate } from '../../../components/campaigns/format';
import { personName } from '../components/format';
import { SetupBar } from './SetupBar';

/** One campaign for the admin: owner, type, date, status, call figures and setup progress. */
export function AdminCampaignCard({ campaign, onOpen }: { campaign: AdminCampaign; onOpen: () => void }) {
  const headingId = `admin-campaign-${campaign.id}-name`;
  return (
    <Card
      role="article"
      aria-labelledby={headingId}
      data-campaign-id={campaign.id}
      size="small"
      title={
        <h3 id={headingId} className="rc-admin-card-heading">
          {campaign.name}
        </h3>
      }
      extra={<CampaignStatusTag status={campaign.status} />}
    >
      <p className="rc-admin-meta">
        <span>
          Owner: <strong>{personName(campaign.owner)}</strong> ({campaign.owner.email})
          {campaign.owner.companyName ? `, ${campaign.owner.companyName}` : ''}
        </span>
        <span>
          Type: <strong>{campaignTypeLabel(campaign.type)}</strong>
          {campaign.customType ? ` (${campaign.customType})` : ''}
        </span>
        <span>
          Created <time dateTime={campaign.createdAt}>{formatDate(campaign.createdAt)}</time>
        </span>
      </p>
      <CallNumbers
        totalCalls={campaign.totalCalls}
        successfulCalls={campaign.successfulCalls}
        successRate={successRate(campaign.successfulCalls, campaign.totalCalls)}
        totalCost={campaign.totalCost}
      />
      <div className="rc-admin-card-foot">
        <SetupBar campaign={campaign} />
        <Button onClick={onOpen}>Manage</Button>
      </div>
    </Card>
  );
}
