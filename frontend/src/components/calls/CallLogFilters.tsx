import { useId } from 'react';
import { Button, Input, Select } from 'antd';
import { CALL_STATUSES, type CallDirection, type CallStatus } from '@ringcast/shared-types';
import type { CallFilters } from '../../api/calls';
import { dayBounds } from '../../stores/callLogPushes';
import { CALL_STATUS_LABELS } from './callFormat';

const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  ...CALL_STATUSES.map((status) => ({ value: status, label: CALL_STATUS_LABELS[status] })),
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

/** Status, direction and a range of days (the viewer's calendar) for a call log. */
export function CallLogFilters({
  filters,
  onChange,
}: {
  filters: CallFilters;
  onChange: (filters: CallFilters) => void;
}) {
  const ids = { status: useId(), direction: useId(), from: useId(), to: useId() };
  const any = filters.status || filters.direction || filters.from || filters.to;
  return (
    <div className="rc-call-filters" role="group" aria-label="Call filters">
      <span className="rc-call-filter">
        <label htmlFor={ids.status}>Status</label>
        <Select
          id={ids.status}
          aria-label="Status"
          style={{ width: 150 }}
          value={filters.status ?? ''}
          options={STATUS_OPTIONS}
          onChange={(value: string) => onChange({ ...filters, status: (value || null) as CallStatus | null })}
        />
      </span>
      <span className="rc-call-filter">
        <label htmlFor={ids.direction}>Direction</label>
        <Select
          id={ids.direction}
          aria-label="Direction"
          style={{ width: 120 }}
          value={filters.direction ?? ''}
          options={DIRECTION_OPTIONS}
          onChange={(value: string) =>
            onChange({ ...filters, direction: (value || null) as CallDirection | null })
          }
        />
      </span>
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
        <Button type="link" onClick={() => onChange({ status: null, direction: null, from: null, to: null })}>
          Clear filters
        </Button>
      )}
    </div>
  );
}
