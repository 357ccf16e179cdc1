import { useEffect, useState } from 'react';
import { Alert, Button, Card, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import { formatPhone, type Callback } from '@ringcast/shared-types';
import { showRequestError } from '../../../api/errorPolicy';
import { CallLink } from '../../../components/appointments/CallLink';
import { ZonedTimes } from '../../../components/appointments/ZonedTimes';
import { toast } from '../../../components/toast/toastStore';
import { closeCallback, upcomingCallbacksView, useCallbacksStore } from '../../../stores/callbacksStore';
import '../../../components/appointments/appointments.css';

const DONE_TOASTS = {
  cancel: { title: 'Callback Canceled', description: 'The agent will not call them back.' },
  handled: { title: 'Marked as Handled', description: 'The agent will not call them back.' },
} as const;

function CallbackActions({ callback }: { callback: Callback }) {
  const [pending, setPending] = useState<'cancel' | 'handled' | null>(null);
  const close = async (how: 'cancel' | 'handled') => {
    setPending(how);
    try {
      await closeCallback(callback.id, how);
      toast(DONE_TOASTS[how]);
    } catch (err) {
      showRequestError(err, { title: 'Error', fallback: 'Could not change the callback.' });
    } finally {
      setPending(null);
    }
  };
  return (
    <Space size="small">
      <Button
        size="small"
        loading={pending === 'handled'}
        disabled={pending !== null}
        onClick={() => void close('handled')}
      >
        Handled by us
      </Button>
      <Popconfirm
        title="Cancel this callback?"
        description="The agent will not call them back."
        okText="Cancel callback"
        cancelText="Keep it"
        onConfirm={() => void close('cancel')}
      >
        <Button size="small" danger loading={pending === 'cancel'} disabled={pending !== null}>
          Cancel
        </Button>
      </Popconfirm>
    </Space>
  );
}

const COLUMNS: TableColumnsType<Callback> = [
  { title: 'Prospect', key: 'name', render: (_, c) => c.prospectName ?? '—' },
  {
    title: 'Number',
    key: 'number',
    render: (_, c) => <span className="rc-nowrap">{formatPhone(c.phoneNumber)}</span>,
  },
  { title: 'Due', key: 'due', render: (_, c) => <ZonedTimes iso={c.dueAt} timeZone={c.timeZone} /> },
  {
    title: 'Asked on',
    key: 'call',
    render: (_, c) => <CallLink campaignId={c.campaignId} callId={c.requestedOnCallId} onCampaignPage />,
  },
  { title: '', key: 'actions', align: 'right', render: (_, c) => <CallbackActions callback={c} /> },
];

/**
 * The call backs the agent promised and the dialer will make, soonest first, live; the owner can
 * cancel one or say they called back themselves ("Handled by us"): either way the dialer does not.
 */
export function CallbacksCard({ campaignId }: { campaignId: number }) {
  const items = useCallbacksStore((s) => s.items);
  const status = useCallbacksStore((s) => s.status);
  useEffect(
    () =>
      useCallbacksStore.getState().show(`campaign:${campaignId}`, () => upcomingCallbacksView(campaignId)),
    [campaignId],
  );
  return (
    <Card
      title={<h2 className="rc-campaign-heading">Upcoming callbacks</h2>}
      className="rc-campaign-callbacks"
    >
      {status === 'error' ? (
        <Alert type="error" showIcon title="Could not load the callbacks." />
      ) : (
        <Table<Callback>
          size="small"
          rowKey="id"
          aria-label="Upcoming callbacks"
          columns={COLUMNS}
          dataSource={items}
          loading={status === 'loading'}
          scroll={{ x: 720 }}
          locale={{ emptyText: 'No callbacks promised.' }}
          pagination={false}
        />
      )}
    </Card>
  );
}
