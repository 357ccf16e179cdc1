import { PlusOutlined } from '@ant-design/icons';
import { usePageMeta } from '../../../components/usePageMeta';
import { ButtonLink } from '../../../components/ButtonLink';

export function CampaignsPage() {
  usePageMeta({
    title: 'Campaigns | Ringcast',
    description: 'Manage your outbound calling campaigns: status, progress, results and cost.',
  });

  return (
    <>
      <header className="rc-page-header">
        <div>
          <h1 className="rc-page-title">Campaigns</h1>
          <p className="rc-page-subtitle">Manage your outbound calling campaigns</p>
        </div>
        <ButtonLink to="/campaigns/create" variant="primary">
          <PlusOutlined /> Create
        </ButtonLink>
      </header>
      <p className="rc-empty">No campaigns yet. Create your first campaign to get started!</p>
    </>
  );
}
