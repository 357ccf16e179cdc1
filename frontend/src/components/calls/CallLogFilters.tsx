import { useId } from 'react';
import { Button, Input, Select } from 'antd';
import {
  CALL_OUTCOME_LABELS,
  CALL_OUTCOMES,
  CALL_STATUSES,
  SENTIMENT_LABELS,
  SENTIMENTS,
  type CallDirection,
  type CallOutcome,
  type CallStatus,
  type Sentiment,
} from '@ringcast/shared-types';
import type { CallFilters } from '../../api/calls';
import { dayBounds } from '../../stores/callLogPushes';
import { NO_CALL_FILTERS } from '../../stores/callLogStore';
import { hasAnalysisFilters } from '../analysis/analysisFilterQuery';
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

const SENTIMENT_OPTIONS = [
  { value: '', label: 'Any sentiment' },
  ...SENTIMENTS.map((sentiment) => ({ value: sentiment, label: SENTIMENT_LABELS[sentiment] })),
];

const GOAL_OPTIONS = [
  { value: '', label: 'Either' },
  { value: 'yes', label: 'Goal met' },
  { value: 'no', label: 'Goal not met' },
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

/**
 * Status, outcome, direction, a range of days (the viewer's calendar), and what the call's analysis
 * said (sentiment, goal) for a call log; the filters on the campaign's fields are in their columns.
 */
export function CallLogFilters({
  filters,
  onChange,
}: {
  filters: CallFilters;
  onChange: (filters: CallFilters) => void;
}) {
  const ids = { from: useId(), to: useId() };
  const any =
    filters.status ||
    filters.outcome ||
    filters.direction ||
    filters.from ||
    filters.to ||
    hasAnalysisFilters(filters);
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
      <FilterSelect
        label="Sentiment"
        width={150}
        value={filters.sentiment}
        options={SENTIMENT_OPTIONS}
        onChange={(sentiment) => onChange({ ...filters, sentiment: sentiment as Sentiment | null })}
      />
      <FilterSelect
        label="Goal met"
        width={140}
        value={typeof filters.goalMet === 'boolean' ? (filters.goalMet ? 'yes' : 'no') : null}
        options={GOAL_OPTIONS}
        onChange={(goal) => onChange({ ...filters, goalMet: goal === null ? null : goal === 'yes' })}
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
        <Button type="link" onClick={() => onChange(NO_CALL_FILTERS)}>
          Clear filters
        </Button>
      )}
    </div>
  );
}
