import { Card, Tag } from 'antd';
import { CheckCircleFilled, WarningFilled } from '@ant-design/icons';
import type { AdminOverview } from '@ringcast/shared-types';

const CHECK_LABELS = { database: 'Database', redis: 'Redis', worker: 'Worker' } as const;

/**
 * Open tickets, running campaigns, calls in flight, campaigns waiting for a phone number, and the
 * system status with the checks that failed.
 */
export function OverviewAlerts({ overview }: { overview: AdminOverview }) {
  const { system } = overview;
  const failed = system.checks.filter((check) => !check.ok);
  const healthy = system.status === 'Healthy';
  return (
    <Card
      size="small"
      title={<h2 className="rc-admin-card-title">Alerts</h2>}
      role="region"
      aria-label="Alerts"
    >
      <dl className="rc-admin-alerts">
        <div role="group" aria-label="Open tickets">
          <dt>Open tickets</dt>
          <dd>{overview.openTickets.toLocaleString('en-US')}</dd>
        </div>
        <div role="group" aria-label="Running campaigns">
          <dt>Running campaigns</dt>
          <dd>{overview.runningCampaigns.toLocaleString('en-US')}</dd>
        </div>
        <div role="group" aria-label="Calls in flight">
          <dt>Calls in flight</dt>
          <dd>{overview.callsInFlight.total.toLocaleString('en-US')}</dd>
        </div>
        <div role="group" aria-label="Waiting for a phone number">
          <dt>Waiting for a phone number</dt>
          <dd data-alert={overview.waitingForNumber > 0 || undefined}>
            {overview.waitingForNumber.toLocaleString('en-US')}
          </dd>
        </div>
        <div role="group" aria-label="System Status">
          <dt>System Status</dt>
          <dd>
            <Tag
              color={healthy ? 'green' : 'red'}
              icon={healthy ? <CheckCircleFilled /> : <WarningFilled />}
              data-system-status={system.status}
              style={{ marginInlineEnd: 0 }}
            >
              {system.status}
            </Tag>
          </dd>
        </div>
      </dl>
      {failed.length > 0 && (
        <ul className="rc-admin-checks" aria-label="Failed checks">
          {failed.map((check) => (
            <li key={check.name}>
              <strong>{CHECK_LABELS[check.name] ?? check.name}</strong>: {check.detail}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
