import { useId } from 'react';
import { Checkbox, Input } from 'antd';
import { LEGAL_WINDOW, type Weekday } from '@ringcast/shared-types';
import './callingHours.css';

export const DAY_LABELS: Record<Weekday, string> = {
  sun: 'Sun',
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
};
/** Monday first, as a working week reads. */
export const WEEK_ORDER: Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

export interface CallingHoursValue {
  /** 'HH:MM' or '' (with end '': the whole legal window). */
  start: string;
  end: string;
  days: Weekday[];
}

/**
 * The owner's calling hours and days, in each prospect's local time; used by the wizard's volume
 * step and the campaign page. The law's window is named; whether the hours fit it is judged by
 * the shared rule (campaignCallingHoursProblem) where the value is saved.
 */
export function CallingHoursFields({
  value,
  onChange,
}: {
  value: CallingHoursValue;
  onChange: (patch: Partial<CallingHoursValue>) => void;
}) {
  const id = useId();
  return (
    <div className="rc-calling-hours">
      <p className="rc-calling-hours-hint">
        In each prospect&apos;s local time, within {LEGAL_WINDOW[0]}-{LEGAL_WINDOW[1]} (narrower where a
        state&apos;s law says so). Leave the hours empty to use the whole legal window.
      </p>
      <div className="rc-calling-hours-row">
        <label htmlFor={`${id}-start`}>Calling hours from</label>
        <Input
          id={`${id}-start`}
          type="time"
          value={value.start}
          onChange={(e) => onChange({ start: e.target.value })}
          style={{ width: 130 }}
        />
        <label htmlFor={`${id}-end`}>to</label>
        <Input
          id={`${id}-end`}
          type="time"
          value={value.end}
          onChange={(e) => onChange({ end: e.target.value })}
          style={{ width: 130 }}
        />
      </div>
      <Checkbox.Group<Weekday>
        aria-label="Calling days"
        value={value.days}
        onChange={(days) => onChange({ days })}
        options={WEEK_ORDER.map((day) => ({ value: day, label: DAY_LABELS[day] }))}
      />
    </div>
  );
}
