import { Tabs } from 'antd';
import { AdminSearch } from './components/AdminSearch';
import { ADMIN_TABS, type AdminTab } from './adminTabs';
import { useAdminUrlState } from './useAdminUrlState';
import { OverviewTab } from './overview/OverviewTab';
import { UsersTab } from './users/UsersTab';
import { CampaignsTab } from './campaigns/CampaignsTab';
import { PaymentsTab } from './payments/PaymentsTab';
import { SupportTab } from './support/SupportTab';
import { QueuesTab } from './queues/QueuesTab';
import { OutboxTab } from './outbox/OutboxTab';
import { useMailSandbox } from './outbox/useMailSandbox';
import { DoNotCallList } from '../../components/doNotCall/DoNotCallList';
import './components/admin.css';

const SEARCH_PLACEHOLDERS: Record<AdminTab, string> = {
  overview: 'Open a list to search it',
  users: 'Search users',
  campaigns: 'Search campaigns',
  payments: 'Search payments',
  support: 'Search tickets',
  'do-not-call': 'Search numbers',
  queues: 'Open a list to search it',
  outbox: 'Search by address or subject',
};

/** The admin area: its tabs (Outbox only in mail sandbox mode) and a search box for the list on screen. */
export function AdminDashboard() {
  const { tab, q, update } = useAdminUrlState();
  const mailSandbox = useMailSandbox();

  const panel = (key: AdminTab) => {
    switch (key) {
      case 'overview':
        return <OverviewTab />;
      case 'users':
        return <UsersTab q={q} />;
      case 'campaigns':
        return <CampaignsTab q={q} />;
      case 'payments':
        return <PaymentsTab q={q} />;
      case 'support':
        return <SupportTab q={q} />;
      case 'do-not-call':
        return <DoNotCallList scope="platform" q={q} />;
      case 'queues':
        return <QueuesTab />;
      case 'outbox':
        return <OutboxTab q={q} />;
    }
  };

  return (
    <>
      <header className="rc-page-header">
        <div>
          <h1 className="rc-page-title">Admin Dashboard</h1>
          <p className="rc-page-subtitle">Users, campaigns, payments and support, as they happen</p>
        </div>
        <AdminSearch
          value={q}
          onSearch={(next) => update({ q: next })}
          placeholder={SEARCH_PLACEHOLDERS[tab]}
          disabled={tab === 'overview' || tab === 'queues'}
        />
      </header>
      <Tabs
        className="rc-admin-tabs"
        activeKey={tab}
        onChange={(key) => update({ tab: key as AdminTab })}
        destroyOnHidden
        items={ADMIN_TABS.filter(({ key }) => key !== 'outbox' || mailSandbox).map(({ key, label }) => ({
          key,
          label,
          children: panel(key),
        }))}
      />
    </>
  );
}
