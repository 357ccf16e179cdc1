import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { MAX_ANALYTICS_DAYS } from '@ringcast/shared-types';
import {
  ANALYTICS_PRESETS,
  lastDays,
  utcDayOf,
  type AnalyticsRange,
} from '../../../../stores/analyticsRange';

const DAY_FORMAT = 'YYYY-MM-DD';
// The picker shows calendar days; each stands for the UTC day of the same date.
const pickerDay = (day: string) => dayjs(day);
const pair = (range: AnalyticsRange): [Dayjs, Dayjs] => [pickerDay(range.from), pickerDay(range.to)];

/** The range of UTC days the tab counts, with the last 7, 30 and 90 days one click away. */
export function AnalyticsRangePicker({
  range,
  onChange,
}: {
  range: AnalyticsRange;
  onChange: (range: AnalyticsRange) => void;
}) {
  const today = pickerDay(utcDayOf(new Date()));
  return (
    <DatePicker.RangePicker
      aria-label="Date range"
      className="rc-analytics-range"
      allowClear={false}
      value={pair(range)}
      format={DAY_FORMAT}
      presets={ANALYTICS_PRESETS.map((preset) => ({
        label: preset.label,
        value: pair(lastDays(preset.days)),
      }))}
      // No day after today, and no range longer than the server answers.
      disabledDate={(day, info) =>
        day.isAfter(today, 'day') ||
        (info?.from !== undefined && Math.abs(day.diff(info.from, 'day')) >= MAX_ANALYTICS_DAYS)
      }
      onChange={(days) => {
        const [from, to] = days ?? [];
        if (from && to) onChange({ from: from.format(DAY_FORMAT), to: to.format(DAY_FORMAT) });
      }}
    />
  );
}
