import { useState } from 'react';
import { Alert, Select, Spin } from 'antd';
import { DASHBOARD_PERIODS, DEFAULT_DASHBOARD_DAYS, type DashboardDays } from '@ringcast/shared-types';
import { usePageMeta } from '../../../components/usePageMeta';
import { useAuthStore } from '../../../stores/authStore';
import { DashboardCharts } from './DashboardCharts';
import { DashboardTotals } from './DashboardTotals';
import { PerformanceList } from './PerformanceList';
import { UpcomingAppointments } from './UpcomingAppointments';
import { useDashboard } from './useDashboard';
import './dashboard.css';

const PERIOD_OPTIONS = DASHBOARD_PERIODS.map((p) => ({ value: p.days, label: p.label }));

export function DashboardPage() {
  usePageMeta({
    title: 'Dashboard | Ringcast',
    description: 'Your Ringcast campaign statistics: calls made, successful calls, success rate and cost.',
  });
  const firstName = useAuthStore((s) => s.user?.firstName?.trim());
  const [days, setDays] = useState<DashboardDays>(DEFAULT_DASHBOARD_DAYS);
  const { data, loading, failed } = useDashboard(days);

  return (
    <>
      <header className="rc-page-header">
        <div>
          <h1 className="rc-page-title">Welcome back, {firstName || 'there'}!</h1>
          <p className="rc-page-subtitle">Manage your campaigns</p>
        </div>
        <Select
          aria-label="Period"
          value={days}
          options={PERIOD_OPTIONS}
          onChange={setDays}
          style={{ width: 160 }}
        />
      </header>
      <UpcomingAppointments
        hasBookingCampaign={Boolean(data?.campaigns.some((c) => c.type === 'appointment'))}
      />
      {failed && <Alert type="error" showIcon title="Could not load your statistics." />}
      {!data && !failed && <Spin style={{ display: 'block', margin: '48px auto' }} />}
      {data && (
        <Spin spinning={loading} delay={200}>
          <div className="rc-dashboard" aria-busy={loading}>
            <DashboardTotals totals={data.totals} />
            {data.campaigns.length > 0 && <DashboardCharts daily={data.daily} campaigns={data.campaigns} />}
            <PerformanceList campaigns={data.campaigns} />
          </div>
        </Spin>
      )}
    </>
  );
}
