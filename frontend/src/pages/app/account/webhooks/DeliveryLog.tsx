import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Table, Tag } from 'antd';
import type { WebhookDelivery } from '@ringcast/shared-types';
import { showRequestError } from '../../../../api/errorPolicy';
import { fetchWebhookDeliveries, resendWebhookDelivery } from '../../../../api/webhooks';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');

function StatusTag({ delivery }: { delivery: WebhookDelivery }) {
  if (delivery.deliveredAt) return <Tag color="green">{delivery.statusCode}</Tag>;
  return <Tag color="red">{delivery.statusCode ?? 'No answer'}</Tag>;
}

/**
 * An endpoint's delivery log, newest first: each attempt's event, status, time taken, answer and
 * next retry, with Resend. `refresh` changes when the parent sent something (a test event).
 */
export function DeliveryLog({ endpointId, refresh }: { endpointId: number; refresh: number }) {
  const [rows, setRows] = useState<WebhookDelivery[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [resending, setResending] = useState<number | null>(null);

  const reload = useCallback(async () => {
    try {
      setRows(await fetchWebhookDeliveries(endpointId));
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [endpointId]);
  useEffect(() => void reload(), [reload, refresh]);

  const resend = async (delivery: WebhookDelivery) => {
    setResending(delivery.id);
    try {
      await resendWebhookDelivery(endpointId, delivery.id);
      await reload();
    } catch (err) {
      showRequestError(err, { title: 'Error', fallback: 'Could not resend the event.' });
    } finally {
      setResending(null);
    }
  };

  if (failed) return <Alert type="error" showIcon title="Could not load the delivery log." />;
  return (
    <div className="rc-webhook-log">
      <div className="rc-webhook-log-head">
        <strong>Delivery log</strong>
        <Button size="small" onClick={() => void reload()}>
          Refresh
        </Button>
      </div>
      <Table<WebhookDelivery>
        size="small"
        rowKey="id"
        loading={rows === null}
        dataSource={rows ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: 'Nothing sent yet' }}
        aria-label="Delivery log"
        columns={[
          {
            title: 'Event',
            key: 'event',
            render: (_, d) => (
              <span title={d.eventId}>
                {d.type}
                <br />
                <code className="rc-webhook-event-id">{d.eventId}</code>
              </span>
            ),
          },
          { title: 'Attempt', dataIndex: 'attempt', key: 'attempt' },
          { title: 'Status', key: 'status', render: (_, d) => <StatusTag delivery={d} /> },
          { title: 'Time', key: 'time', render: (_, d) => when(d.createdAt) },
          {
            title: 'Took',
            key: 'took',
            render: (_, d) => (d.durationMs === null ? '' : `${d.durationMs} ms`),
          },
          {
            title: 'Response',
            key: 'response',
            render: (_, d) => <span className="rc-webhook-response">{d.error ?? d.responseBody ?? ''}</span>,
          },
          { title: 'Next retry', key: 'next', render: (_, d) => when(d.nextRetryAt) },
          {
            title: '',
            key: 'resend',
            render: (_, d) => (
              <Button size="small" loading={resending === d.id} onClick={() => void resend(d)}>
                Resend
              </Button>
            ),
          },
        ]}
      />
    </div>
  );
}
