import { Card } from 'antd';
import type { AdminCampaign } from '@ringcast/shared-types';
import { CampaignStatusTag } from '../../../components/campaigns/CampaignStatusTag';
import { formatDate } from '../../../components/campaigns/format';
import { personName } from '../components/format';

/** The five newest campaigns: name, owner, status. */
export function RecentCampaigns({ campaigns }: { campaigns: AdminCampaign[] }) {
  return (
    <Card
      size="small"
      title={<h2 className="rc-admin-card-title">Recent Campaigns</h2>}
      role="region"
      aria-label="Recent Campaigns"
    >
      {campaigns.length === 0 ? (
        <p className="rc-admin-muted">No campaigns yet.</p>
      ) : (
        <ul className="rc-admin-recent">
          {campaigns.map((campaign) => (
            <li key={campaign.id} data-campaign-id={campaign.id}>
              <div className="rc-admin-recent-main">
                <strong>{campaign.name}</strong>
                <span className="rc-admin-muted">
                  {personName(campaign.owner)} · {formatDate(campaign.createdAt)}
                </span>
              </div>
              <CampaignStatusTag status={campaign.status} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
