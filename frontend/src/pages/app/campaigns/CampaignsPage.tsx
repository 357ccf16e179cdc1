import { Alert, Button, Space, Spin } from 'antd';
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { usePageMeta } from '../../../components/usePageMeta';
import { ButtonLink } from '../../../components/ButtonLink';
import { useLiveResource } from '../../../realtime/useLiveResource';
import { CAMPAIGN_RESULTS_CSV } from '../../../api/campaigns';
import { useCampaignsStore } from '../../../stores/campaignsStore';
import { CampaignCard } from './CampaignCard';
import { useSetupProgressToast } from './useSetupProgressToast';
import './campaigns.css';

function CampaignList() {
  const campaigns = useCampaignsStore((s) => s.campaigns);
  const status = useCampaignsStore((s) => s.status);
  useSetupProgressToast(campaigns, status === 'ready');

  if (campaigns.length === 0) {
    if (status === 'loading' || status === 'idle')
      return <Spin style={{ display: 'block', margin: '48px auto' }} />;
    if (status === 'error') return <Alert type="error" showIcon title="Could not load your campaigns." />;
    return <p className="rc-empty">No campaigns yet. Create your first campaign to get started!</p>;
  }
  return (
    <div className="rc-campaign-list">
      {campaigns.map((campaign) => (
        <CampaignCard key={campaign.id} campaign={campaign} />
      ))}
    </div>
  );
}

export function CampaignsPage() {
  usePageMeta({
    title: 'Campaigns | Ringcast',
    description: 'Manage your outbound calling campaigns: status, progress, results and cost.',
  });
  useLiveResource(useCampaignsStore((s) => s.fetchCampaigns));

  return (
    <>
      <header className="rc-page-header">
        <div>
          <h1 className="rc-page-title">Campaigns</h1>
          <p className="rc-page-subtitle">Manage your outbound calling campaigns</p>
        </div>
        <Space wrap>
          {/* A plain download: the browser sends the session cookie and saves the file. */}
          <Button href={CAMPAIGN_RESULTS_CSV} icon={<DownloadOutlined />}>
            Export CSV
          </Button>
          <ButtonLink to="/campaigns/create" variant="primary">
            <PlusOutlined /> Create
          </ButtonLink>
        </Space>
      </header>
      <CampaignList />
    </>
  );
}
