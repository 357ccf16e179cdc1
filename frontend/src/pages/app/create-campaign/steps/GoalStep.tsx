import { useEffect } from 'react';
import { AppointmentHoursFields } from '../../../../components/appointments/AppointmentHoursFields';
import { defaultAppointmentHours } from '../../../../components/appointments/appointmentHours';
import { browserTimeZone, ownerTimeZone } from '../../../../components/timeZones';
import { useDraftStore } from '../../../../components/campaigns/draftSource';
import { useWizardStore } from '../../../../stores/wizardStore';
import { useDraft } from '../useDraft';
import { DraftText } from './wizardFields';

/** A booking campaign's appointment hours, starting from Mon-Fri 9:00-17:00 in 30-minute slots. */
function AppointmentHoursStep() {
  const [draft, update] = useDraft();
  const store = useDraftStore();
  const unset = draft.appointmentHours === null;
  useEffect(() => {
    if (!unset) return;
    void ownerTimeZone().then((zone) => {
      // The customer may have changed the hours while the zone was read: theirs stay.
      if (store.getState().draft.appointmentHours === null)
        update({ appointmentHours: defaultAppointmentHours(zone) });
    });
  }, [unset, update, store]);
  const value = draft.appointmentHours ?? defaultAppointmentHours(browserTimeZone());
  return (
    <fieldset className="rc-wizard-appointment-hours" style={{ border: 0, padding: 0, margin: '16px 0 0' }}>
      <legend style={{ fontWeight: 600, marginBottom: 8 }}>Appointment hours</legend>
      <AppointmentHoursFields
        value={value}
        onChange={(patch) => update({ appointmentHours: { ...value, ...patch } })}
      />
    </fieldset>
  );
}

/** Step 3: the campaign's goal in the user's words; for a booking campaign, when it takes appointments. */
export function GoalStep() {
  const [draft] = useDraft();
  // The Edit agent page reuses this step for the goal; a launched campaign's hours are on its page.
  const inWizard = (useDraftStore() as unknown) === useWizardStore;
  return (
    <>
      <DraftText
        field="goal"
        label="Campaign Goal"
        rows={6}
        maxLength={5000}
        placeholder="What should each call achieve? e.g. Book a 30-minute consultation with interested homeowners."
      />
      {inWizard && draft.type === 'appointment' && <AppointmentHoursStep />}
    </>
  );
}
