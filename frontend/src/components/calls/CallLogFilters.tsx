import { useId } from 'react';
import { Button, Input, Select } from 'antd';
import {
  CALL_OUTCOME_LABELS,
  CALL_OUTCOMES,
  CALL_STATUSES,
  type CallDirection,
  type CallOutcome,
  type CallStatus,
} from '@ringcast/shared-types';
import type { CallFilters } from '../../api/calls';
import { dayBounds } from '../../stores/callLogPushes';
import { CALL_STATUS_LABELS } from './callFormat';

const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  ...CALL_STATUSES.map((status) => ({ value: status, label: CALL_STATUS_LABELS[status] })),
];

const OUTCOME_OPTIONS = [
  { value: '', label: 'All outcomes' },
  ...CALL_OUTCOMES.map((outcome) => ({ value: outcome, label: CALL_OUTCOME_LABELS[outcome] })),
];

const DIRECTION_OPTIONS = [
  { value: '', label: 'All calls' },
  { value: 'outbound', label: 'Placed' },
  { value: 'inbound', label: 'Inbound' },
];

/** The local day ("2026-11-26") an instant falls on, for the date inputs. */
const localDay = (iso: string | null) => {
  if (!iso) return '';
  const at = new Date(iso);
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
};

/** One labelled choice of a filter; its first option (value '') means any, answered as null. */
function FilterSelect({
  label,
  width,
  value,
  options,
  onChange,
}: {
  label: string;
  width: number;
  value: string | null | undefined;
  options: { value: string; label: string }[];
  onChange: (value: string | null) => void;
}) {
  const id = useId();
  return (
    <span className="rc-call-filter">
      <label htmlFor={id}>{label}</label>
      <Select
        id={id}
        aria-label={label}
        style={{ width }}
        value={value ?? ''}
        options={options}
        onChange={(chosen: string) => onChange(chosen || null)}
      />
    </span>
  );
}

/** Status, outcome, direction and a range of days (the viewer's calendar) for a call log. */
export function CallLogFilters({
  filters,
  onChange,
}: {
  filters: CallFilters;
  onChange: (filters: CallFilters) => void;
}) {
  const ids = { from: useId(), to: useId() };
  const any = filters.status || filters.outcome || filters.direction || filters.from || filters.to;
  return (
    <div className="rc-call-filters" role="group" aria-label="Call filters">
      <FilterSelect
        label="Status"
        width={150}
        value={filters.status}
        options={STATUS_OPTIONS}
        onChange={(status) => onChange({ ...filters, status: status as CallStatus | null })}
      />
      <FilterSelect
        label="Outcome"
        width={190}
        value={filters.outcome}
        options={OUTCOME_OPTIONS}
        onChange={(outcome) => onChange({ ...filters, outcome: outcome as CallOutcome | null })}
      />
      <FilterSelect
        label="Direction"
        width={120}
        value={filters.direction}
        options={DIRECTION_OPTIONS}
        onChange={(direction) => onChange({ ...filters, direction: direction as CallDirection | null })}
      />
      <span className="rc-call-filter">
        <label htmlFor={ids.from}>From</label>
        <Input
          id={ids.from}
          type="date"
          style={{ width: 150 }}
          value={localDay(filters.from)}
          onChange={(e) =>
            onChange({ ...filters, from: e.target.value ? dayBounds(e.target.value).start : null })
          }
        />
        <label htmlFor={ids.to}>To</label>
        <Input
          id={ids.to}
          type="date"
          style={{ width: 150 }}
          value={localDay(filters.to)}
          onChange={(e) =>
            onChange({ ...filters, to: e.target.value ? dayBounds(e.target.value).end : null })
          }
        />
      </span>
      {any && (
        <Button
          type="link"
          onClick={() => onChange({ status: null, outcome: null, direction: null, from: null, to: null })}
        >
          Clear filters
        </Button>
      )}
    </div>
  );
}
