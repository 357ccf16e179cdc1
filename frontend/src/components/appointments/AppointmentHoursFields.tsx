import { useId, useMemo } from 'react';
import { Checkbox, Input, Segmented, Select } from 'antd';
import {
  APPOINTMENT_SLOT_MINUTES,
  type AppointmentHours,
  type AppointmentSlotMinutes,
} from '@ringcast/shared-types';
import { DAY_LABELS, WEEK_ORDER } from '../campaigns/CallingHoursFields';
import { timeZoneOptions } from '../timeZones';

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
  const zones = useMemo(() => timeZoneOptions(value.timeZone), [value.timeZone]);
  return (
    <div className="rc-calling-hours rc-appointment-hours">
      <p className="rc-calling-hours-hint">
        In your business&apos;s time zone. The agent offers free slots inside these hours and never the same
        slot twice.
      </p>
      <Checkbox.Group
        aria-label="Appointment days"
        value={value.days}
        onChange={(days) => onChange({ days })}
        options={WEEK_ORDER.map((day) => ({ value: day, label: DAY_LABELS[day] }))}
      />
      <div className="rc-calling-hours-row">
        <label htmlFor={`${id}-from`}>Appointments from</label>
        <Input
          id={`${id}-from`}
          type="time"
          value={value.from}
          onChange={(e) => onChange({ from: e.target.value })}
          style={{ width: 130 }}
        />
        <label htmlFor={`${id}-to`}>to</label>
        <Input
          id={`${id}-to`}
          type="time"
          value={value.to}
          onChange={(e) => onChange({ to: e.target.value })}
          style={{ width: 130 }}
        />
      </div>
      <div className="rc-calling-hours-row">
        <span id={`${id}-slot`}>Slot length</span>
        <Segmented<AppointmentSlotMinutes>
          aria-labelledby={`${id}-slot`}
          value={value.slotMinutes}
          onChange={(slotMinutes) => onChange({ slotMinutes })}
          options={APPOINTMENT_SLOT_MINUTES.map((m) => ({ value: m, label: `${m} min` }))}
        />
        <label htmlFor={`${id}-zone`}>Time zone</label>
        <Select
          id={`${id}-zone`}
          showSearch
          value={value.timeZone}
          onChange={(timeZone: string) => onChange({ timeZone })}
          options={zones}
          style={{ width: 260, maxWidth: '100%' }}
        />
      </div>
    </div>
  );
}
