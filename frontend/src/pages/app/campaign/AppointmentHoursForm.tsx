import { useEffect, useState } from 'react';
import { Alert, Button } from 'antd';
import type { AppointmentHours, CalcomConnection, Campaign } from '@ringcast/shared-types';
import { fetchCalcomConnection } from '../../../api/calendar';
import { requestErrorSentence } from '../../../api/errorPolicy';
import { updateCampaign } from '../../../api/campaigns';
import { AppointmentHoursFields } from '../../../components/appointments/AppointmentHoursFields';
import { appointmentHoursProblem } from '../../../components/appointments/appointmentHours';
import { toast } from '../../../components/toast/toastStore';
import { useCampaignPageStore } from '../../../stores/campaignPageStore';
import '../../../components/appointments/appointments.css';

/** The owner's Cal.com connection, when one is made (null while unknown or none). */
function useCalcom(): CalcomConnection | null {
  const [connection, setConnection] = useState<CalcomConnection | null>(null);
  useEffect(() => {
    let live = true;
    fetchCalcomConnection().then(
      (answer) => live && setConnection(answer.connected ? answer : null),
      (err: unknown) => console.error('Could not read the Cal.com connection', err),
    );
    return () => {
      live = false;
    };
  }, []);
  return connection;
}

const calcomNote = (calcom: CalcomConnection) =>
  `Cal.com is connected: the agent offers the free times of "${calcom.eventTypeTitle ?? 'your event type'}" ` +
  'there instead. These hours apply again if you disconnect it on your Account page.';

/** A booking campaign's appointment hours on its page, checked by the shared schema before saving. */
export function AppointmentHoursForm({ campaign }: { campaign: Campaign }) {
  const receive = useCampaignPageStore((s) => s.receive);
  const calcom = useCalcom();
  const [draft, setDraft] = useState<AppointmentHours>(campaign.appointmentHours);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Pushes bring the campaign often; only a change of the stored hours replaces what is typed.
  const storedKey = JSON.stringify(campaign.appointmentHours);
  const [shownKey, setShownKey] = useState(storedKey);
  if (shownKey !== storedKey) {
    setShownKey(storedKey);
    setDraft(campaign.appointmentHours);
  }

  const save = async () => {
    const problem = appointmentHoursProblem(draft);
    setError(problem);
    if (problem) return;
    setSaving(true);
    try {
      receive(await updateCampaign(campaign.id, { appointmentHours: draft }));
      toast({ title: 'Campaign Updated', description: 'The appointment hours are saved.' });
    } catch (err) {
      setError(requestErrorSentence(err, 'Could not save the appointment hours.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="rc-appointment-hours-form"
      aria-label="Appointment hours"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      {calcom && <Alert type="info" showIcon title={calcomNote(calcom)} />}
      <AppointmentHoursFields value={draft} onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))} />
      {error && <Alert type="error" showIcon role="alert" title={error} />}
      <div>
        <Button type="primary" htmlType="submit" loading={saving}>
          Save appointment hours
        </Button>
      </div>
    </form>
  );
}
