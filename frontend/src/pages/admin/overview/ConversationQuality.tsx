import { lazy, Suspense, useEffect } from 'react';
import { Alert, Button, Card, Spin, Table } from 'antd';
import type { SlowCall } from '@ringcast/shared-types';
import { CallDrawer } from '../../../components/calls/CallDrawer';
import { formatCallTime } from '../../../components/calls/callFormat';
import { openCallInDrawer } from '../../../components/calls/openCall';
import { ADMIN_QUALITY_DAYS, useAdminQualityStore } from '../../../stores/adminQualityStore';
import { useCallDrawerStore } from '../../../stores/callDrawerStore';
import { formatMs } from '../../app/campaign/analytics/analyticsFormat';
import { QualityFiguresList } from '../../app/campaign/analytics/QualityFiguresList';
import './quality.css';

// The chart library loads with the chart, not with the admin page.
const QualityDaysChart = lazy(() =>
  import('./QualityDaysChart').then((m) => ({ default: m.QualityDaysChart })),
);

const SLOW_COLUMNS = [
  { title: 'Campaign', key: 'campaign', render: (_: unknown, call: SlowCall) => call.campaignName },
  { title: 'Owner', key: 'owner', render: (_: unknown, call: SlowCall) => call.ownerEmail },
  {
    title: 'Time',
    key: 'time',
    render: (_: unknown, call: SlowCall) => (
      <time dateTime={call.createdAt}>{formatCallTime(call.createdAt, undefined, { seconds: false })}</time>
    ),
  },
  {
    title: 'p95',
    key: 'p95',
    align: 'right' as const,
    render: (_: unknown, call: SlowCall) => formatMs(call.responseP95Ms),
  },
  {
    title: 'Call',
    key: 'open',
    render: (_: unknown, call: SlowCall) => (
      // The call's drawer, as a call opens from a campaign's call log.
      <Button
        type="link"
        size="small"
        aria-label={`Open the call of ${call.campaignName} at ${formatCallTime(call.createdAt, undefined, { seconds: false })}`}
        data-call-id={call.callId}
        onClick={() => openCallInDrawer(call.callId, call.campaignId)}
      >
        Open call
      </Button>
    ),
  },
];

/**
 * Our response time across every campaign over the last 30 days: p50/p95 and the counts, a chart
 * per day, and the calls with the slowest p95 to open and read.
 */
export function ConversationQuality() {
  const quality = useAdminQualityStore((s) => s.quality);
  const status = useAdminQualityStore((s) => s.status);
  const error = useAdminQualityStore((s) => s.error);
  const fetchQuality = useAdminQualityStore((s) => s.fetch);
  useEffect(() => {
    void useAdminQualityStore.getState().fetch();
  }, []);
  // The drawer belongs to this card while it is on screen.
  useEffect(() => () => useCallDrawerStore.getState().close(), []);

  const retry = (
    <Button size="small" onClick={() => void fetchQuality()}>
      Retry
    </Button>
  );
  return (
    <Card
      size="small"
      className="rc-admin-quality"
      title={<h2 className="rc-admin-card-title">Conversation quality</h2>}
      role="region"
      aria-label="Conversation quality"
    >
      <p className="rc-admin-muted rc-admin-quality-caption">
        Last {ADMIN_QUALITY_DAYS} days, every campaign: our response time from the callee&apos;s last words to
        our reply, over the conversations analysed.
      </p>
      {error && <Alert type="error" showIcon title={error} action={retry} />}
      {!quality ? (
        status !== 'error' && <Spin style={{ display: 'block', margin: '24px auto' }} />
      ) : (
        <>
          <QualityFiguresList quality={quality.totals} />
          {quality.daily.some((day) => day.turns > 0) && (
            <Suspense fallback={<div className="rc-admin-quality-chart" />}>
              <div className="rc-admin-quality-chart">
                <QualityDaysChart days={quality.daily} />
              </div>
            </Suspense>
          )}
          <h3 className="rc-admin-quality-slow">Slowest calls</h3>
          <Table<SlowCall>
            size="small"
            rowKey="callId"
            aria-label="Slowest calls"
            columns={SLOW_COLUMNS}
            dataSource={quality.slowestCalls}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: 'No call measured in this period.' }}
          />
        </>
      )}
      <CallDrawer agentName={null} />
    </Card>
  );
}
