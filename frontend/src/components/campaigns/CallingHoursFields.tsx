import { LEGAL_WINDOW, type Weekday } from '@ringcast/shared-types';
import { ClockRange, WeekdayChecks } from './HoursInputs';
import './callingHours.css';

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
  return (
    <div className="rc-calling-hours">
      <p className="rc-calling-hours-hint">
        In each prospect&apos;s local time, within {LEGAL_WINDOW[0]}-{LEGAL_WINDOW[1]} (narrower where a
        state&apos;s law says so). Leave the hours empty to use the whole legal window.
      </p>
      <div className="rc-calling-hours-row">
        <ClockRange
          fromLabel="Calling hours from"
          from={value.start}
          to={value.end}
          onChange={(patch) => onChange('from' in patch ? { start: patch.from } : { end: patch.to })}
        />
      </div>
      <WeekdayChecks label="Calling days" value={value.days} onChange={(days) => onChange({ days })} />
    </div>
  );
}
