import { useEffect, useState } from 'react';
import { Alert, Button, Card, Popconfirm, Table, Tag, type TableColumnsType } from 'antd';
import { formatPhone, type Appointment } from '@ringcast/shared-types';
import { showRequestError } from '../../../api/errorPolicy';
import { CallLink } from '../../../components/appointments/CallLink';
import { ZonedTimes } from '../../../components/appointments/ZonedTimes';
import {
  APPOINTMENT_SOURCE_LABELS,
  APPOINTMENT_STATUS_COLORS,
  APPOINTMENT_STATUS_LABELS,
} from '../../../components/appointments/appointmentLabels';
import { toast } from '../../../components/toast/toastStore';
import {
  campaignAppointmentsView,
  cancelAppointmentEverywhere,
  useCampaignAppointmentsStore,
} from '../../../stores/appointmentsStore';
import '../../../components/appointments/appointments.css';

const PAGE_SIZE = 10;

function CancelButton({ appointment }: { appointment: Appointment }) {
  const [pending, setPending] = useState(false);
  if (appointment.status !== 'booked') return null;
  const cancel = async () => {
    setPending(true);
    try {
      await cancelAppointmentEverywhere(appointment.id);
      toast({ title: 'Appointment Canceled', description: 'The slot is free again.' });
    } catch (err) {
      showRequestError(err, { title: 'Error', fallback: 'Could not cancel the appointment.' });
    } finally {
      setPending(false);
    }
  };
  return (
    <Popconfirm
      title="Cancel this appointment?"
      description={
        appointment.source === 'calendar'
          ? 'Its Cal.com booking is canceled too. The prospect is not told by Ringcast.'
          : 'The slot is offered again. The prospect is not told by Ringcast.'
      }
      okText="Cancel appointment"
      cancelText="Keep it"
      onConfirm={() => void cancel()}
    >
      <Button size="small" danger loading={pending} aria-label={`Cancel the appointment ${appointment.id}`}>
        Cancel
      </Button>
    </Popconfirm>
  );
}

const COLUMNS: TableColumnsType<Appointment> = [
  { title: 'Prospect', key: 'name', render: (_, a) => a.prospectName ?? '—' },
  {
    title: 'Number',
    key: 'number',
    render: (_, a) => <span className="rc-nowrap">{formatPhone(a.phoneNumber)}</span>,
  },
  { title: 'Time', key: 'time', render: (_, a) => <ZonedTimes iso={a.startsAt} timeZone={a.timeZone} /> },
  { title: 'Length', key: 'length', render: (_, a) => `${a.durationMinutes} min` },
  {
    title: 'Status',
    key: 'status',
    render: (_, a) => (
      <Tag color={APPOINTMENT_STATUS_COLORS[a.status]} data-status={a.status}>
        {APPOINTMENT_STATUS_LABELS[a.status]}
      </Tag>
    ),
  },
  { title: 'Booked in', key: 'source', render: (_, a) => APPOINTMENT_SOURCE_LABELS[a.source] },
  {
    title: 'Call',
    key: 'call',
    render: (_, a) => <CallLink campaignId={a.campaignId} callId={a.callId} onCampaignPage />,
  },
  { title: '', key: 'cancel', align: 'right', render: (_, a) => <CancelButton appointment={a} /> },
];

/**
 * A booking campaign's appointments, earliest first, booked and canceled, live as the agent books
 * them; each opens the call it was booked on, and a booked one can be canceled.
 */
export function AppointmentsCard({ campaignId }: { campaignId: number }) {
  const items = useCampaignAppointmentsStore((s) => s.items);
  const status = useCampaignAppointmentsStore((s) => s.status);
  useEffect(
    () =>
      useCampaignAppointmentsStore
        .getState()
        .show(`campaign:${campaignId}`, () => campaignAppointmentsView(campaignId)),
    [campaignId],
  );
  return (
    <Card title={<h2 className="rc-campaign-heading">Appointments</h2>} className="rc-campaign-appointments">
      {status === 'error' ? (
        <Alert type="error" showIcon title="Could not load the appointments." />
      ) : (
        <Table<Appointment>
          size="small"
          rowKey="id"
          aria-label="Appointments"
          columns={COLUMNS}
          dataSource={items}
          loading={status === 'loading'}
          scroll={{ x: 840 }}
          locale={{ emptyText: 'No appointments booked yet.' }}
          pagination={items.length > PAGE_SIZE ? { pageSize: PAGE_SIZE, showSizeChanger: false } : false}
        />
      )}
    </Card>
  );
}
