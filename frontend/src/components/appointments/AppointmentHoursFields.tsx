import { useId } from 'react';
import { Segmented } from 'antd';
import {
  APPOINTMENT_SLOT_MINUTES,
  type AppointmentHours,
  type AppointmentSlotMinutes,
} from '@ringcast/shared-types';
import { ClockRange, TimeZoneSelect, WeekdayChecks } from '../campaigns/HoursInputs';

/**
 * When a booking campaign takes appointments, in the business's zone: days, from-to, slot length
 * and the zone. Used by the wizard's Goal step and the campaign page; checked where it is saved.
 */
export function AppointmentHoursFields({
  value,
  onChange,
}: {
  value: AppointmentHours;
  onChange: (patch: Partial<AppointmentHours>) => void;
}) {
  const id = useId();
  return (
    <div className="rc-calling-hours rc-appointment-hours">
      <p className="rc-calling-hours-hint">
        In your business&apos;s time zone. The agent offers free slots inside these hours and never the same
        slot twice.
      </p>
      <WeekdayChecks label="Appointment days" value={value.days} onChange={(days) => onChange({ days })} />
      <div className="rc-calling-hours-row">
        <ClockRange fromLabel="Appointments from" from={value.from} to={value.to} onChange={onChange} />
      </div>
      <div className="rc-calling-hours-row">
        <span id={`${id}-slot`}>Slot length</span>
        <Segmented<AppointmentSlotMinutes>
          aria-labelledby={`${id}-slot`}
          value={value.slotMinutes}
          onChange={(slotMinutes) => onChange({ slotMinutes })}
          options={APPOINTMENT_SLOT_MINUTES.map((m) => ({ value: m, label: `${m} min` }))}
        />
        <TimeZoneSelect value={value.timeZone} onChange={(timeZone) => onChange({ timeZone })} width={260} />
      </div>
    </div>
  );
}
