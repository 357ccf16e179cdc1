import { useCallback, useEffect } from 'react';
import { Alert, Card, Tag } from 'antd';
import { Link } from 'react-router-dom';
import { formatPhone } from '@ringcast/shared-types';
import { CallLink } from '../../../components/appointments/CallLink';
import { ZonedTimes } from '../../../components/appointments/ZonedTimes';
import {
  APPOINTMENT_STATUS_COLORS,
  APPOINTMENT_STATUS_LABELS,
} from '../../../components/appointments/appointmentLabels';
import { useFallbackPoll } from '../../../realtime/useFallbackPoll';
import {
  UPCOMING_DAYS,
  UPCOMING_LIMIT,
  upcomingAppointmentsView,
  useUpcomingAppointmentsStore,
} from '../../../stores/appointmentsStore';
import '../../../components/appointments/appointments.css';

/**
 * The user's booked appointments of the next 14 days (the first 10), live as the agent books them:
 * who, their number, when on their clock and the viewer's, the campaign, and the call it was booked on.
 */
export function UpcomingAppointments({ hasBookingCampaign }: { hasBookingCampaign: boolean }) {
  const items = useUpcomingAppointmentsStore((s) => s.items);
  const status = useUpcomingAppointmentsStore((s) => s.status);
  useEffect(
    () => useUpcomingAppointmentsStore.getState().show('upcoming', () => upcomingAppointmentsView()),
    [],
  );
  const refresh = useCallback(() => void useUpcomingAppointmentsStore.getState().refresh(), []);
  useFallbackPoll(refresh);

  // A user without booking campaigns is not told about appointments, unless some were booked.
  if (status !== 'error' && items.length === 0 && !hasBookingCampaign) return null;
  const shown = items.slice(0, UPCOMING_LIMIT);
  return (
    <Card
      title={<h2 className="rc-dashboard-heading">Upcoming appointments</h2>}
      className="rc-dashboard-appointments"
    >
      {status === 'error' ? (
        <Alert type="error" showIcon title="Could not load your appointments." />
      ) : items.length === 0 ? (
        <p className="rc-empty">
          {status === 'ready' ? `No appointments booked for the next ${UPCOMING_DAYS} days.` : 'Loading...'}
        </p>
      ) : (
        <ul className="rc-upcoming-appointments" aria-label="Upcoming appointments">
          {shown.map((a) => (
            <li key={a.id} className="rc-upcoming-appointment" data-appointment-id={a.id}>
              <span className="rc-upcoming-appointment-who">
                {a.prospectName ?? 'Unnamed prospect'}
                <span className="rc-nowrap rc-appointment-muted"> {formatPhone(a.phoneNumber)}</span>
              </span>
              <ZonedTimes iso={a.startsAt} timeZone={a.timeZone} />
              <Link to={`/campaigns/${a.campaignId}`}>{a.campaignName}</Link>
              <Tag color={APPOINTMENT_STATUS_COLORS[a.status]}>{APPOINTMENT_STATUS_LABELS[a.status]}</Tag>
              <CallLink campaignId={a.campaignId} callId={a.callId} />
            </li>
          ))}
        </ul>
      )}
      {items.length > UPCOMING_LIMIT && (
        <p className="rc-appointment-muted">
          The first {UPCOMING_LIMIT} of {items.length} in the next {UPCOMING_DAYS} days; each campaign&apos;s
          page lists them all.
        </p>
      )}
    </Card>
  );
}
