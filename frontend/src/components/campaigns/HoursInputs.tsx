import { useId, useMemo } from 'react';
import { Checkbox, Input, Select } from 'antd';
import type { Weekday } from '@ringcast/shared-types';
import { timeZoneOptions } from '../timeZones';
import { DAY_LABELS, WEEK_ORDER } from './weekdays';

/**
 * The inputs every set of weekly hours is made of (calling hours, appointment hours, a transfer
 * number's hours): the days, a from-to pair of clock times, and the zone they are read in.
 */

export function WeekdayChecks({
  label,
  value,
  onChange,
}: {
  label: string;
  value: Weekday[];
  onChange: (days: Weekday[]) => void;
}) {
  return (
    <Checkbox.Group<Weekday>
      aria-label={label}
      value={value}
      onChange={onChange}
      options={WEEK_ORDER.map((day) => ({ value: day, label: DAY_LABELS[day] }))}
    />
  );
}

/** "<fromLabel> [09:00] to [17:00]": 'HH:MM' or '' each. */
export function ClockRange({
  fromLabel,
  from,
  to,
  onChange,
}: {
  fromLabel: string;
  from: string;
  to: string;
  onChange: (patch: { from?: string; to?: string }) => void;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={`${id}-from`}>{fromLabel}</label>
      <Input
        id={`${id}-from`}
        type="time"
        value={from}
        onChange={(e) => onChange({ from: e.target.value })}
        style={{ width: 130 }}
      />
      <label htmlFor={`${id}-to`}>to</label>
      <Input
        id={`${id}-to`}
        type="time"
        value={to}
        onChange={(e) => onChange({ to: e.target.value })}
        style={{ width: 130 }}
      />
    </>
  );
}

/** "Time zone [America/New_York]", searchable, the current zone kept among the choices. */
export function TimeZoneSelect({
  value,
  onChange,
  width,
}: {
  value: string;
  onChange: (timeZone: string) => void;
  width: number;
}) {
  const id = useId();
  const zones = useMemo(() => timeZoneOptions(value), [value]);
  return (
    <>
      <label htmlFor={`${id}-zone`}>Time zone</label>
      <Select
        id={`${id}-zone`}
        showSearch
        value={value}
        onChange={onChange}
        options={zones}
        style={{ width, maxWidth: '100%' }}
      />
    </>
  );
}
