import { useId, useState } from 'react';
import { Button, Checkbox, Flex, Input, InputNumber, Radio, Space } from 'antd';
import type { AnalysisField } from '@ringcast/shared-types';
import { analysisFilterValue, type AnalysisFieldFilter } from '../analysis/analysisFilterQuery';

type Draft = {
  none: boolean;
  /** yes_no: 'yes' | 'no'; one_of: a choice; '' for any. */
  pick: string;
  words: string;
  min: number | null;
  max: number | null;
  from: string;
  to: string;
};

function draftOf(filter: AnalysisFieldFilter | undefined): Draft {
  const draft: Draft = { none: false, pick: '', words: '', min: null, max: null, from: '', to: '' };
  switch (filter?.match) {
    case 'none':
      return { ...draft, none: true };
    case 'yes_no':
      return { ...draft, pick: filter.value ? 'yes' : 'no' };
    case 'choice':
      return { ...draft, pick: filter.value };
    case 'words':
      return { ...draft, words: filter.words };
    case 'number':
      return { ...draft, min: filter.min, max: filter.max };
    case 'date':
      return { ...draft, from: filter.from ?? '', to: filter.to ?? '' };
    default:
      return draft;
  }
}

/** What the control asks, or null for any value. */
function filterOf(field: AnalysisField, draft: Draft): AnalysisFieldFilter | null {
  if (draft.none) return { match: 'none' };
  const filter: AnalysisFieldFilter | null = (() => {
    switch (field.type) {
      case 'yes_no':
        return draft.pick ? { match: 'yes_no', value: draft.pick === 'yes' } : null;
      case 'one_of':
        return draft.pick ? { match: 'choice', value: draft.pick } : null;
      case 'text':
        return { match: 'words', words: draft.words };
      case 'number':
        return { match: 'number', min: draft.min, max: draft.max };
      case 'date':
        return { match: 'date', from: draft.from || null, to: draft.to || null };
    }
  })();
  return filter && analysisFilterValue(filter) !== null ? filter : null;
}

/**
 * The filter of one analysis field's column: yes/no, a choice, words the text contains, a number
 * range or a range of days, or "Not said" (the model could not tell); applied on Filter.
 */
export function AnalysisFilterDropdown({
  field,
  value,
  onApply,
  close,
}: {
  field: AnalysisField;
  value: AnalysisFieldFilter | undefined;
  onApply: (filter: AnalysisFieldFilter | null) => void;
  close: () => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(() => draftOf(value));
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const apply = (filter: AnalysisFieldFilter | null) => {
    onApply(filter);
    close();
  };
  const choices =
    field.type === 'yes_no'
      ? [
          { value: 'yes', label: 'Yes' },
          { value: 'no', label: 'No' },
        ]
      : (field.choices ?? []).map((c) => ({ value: c, label: c }));
  // Range inputs read "from – to": where the range is, the reader needs no other words.
  const body = (() => {
    switch (field.type) {
      case 'yes_no':
      case 'one_of':
        return (
          <Radio.Group
            aria-label={`${field.name} is`}
            value={draft.none ? 'none' : draft.pick}
            onChange={(e) => {
              const v = e.target.value as string;
              set(v === 'none' ? { none: true, pick: '' } : { none: false, pick: v });
            }}
          >
            <Flex vertical gap={4}>
              <Radio value="">Any</Radio>
              {choices.map((c) => (
                <Radio key={c.value} value={c.value}>
                  {c.label}
                </Radio>
              ))}
              <Radio value="none">Not said</Radio>
            </Flex>
          </Radio.Group>
        );
      case 'text':
        return (
          <Input
            aria-label={`${field.name} contains`}
            placeholder="Contains the words"
            disabled={draft.none}
            value={draft.words}
            onChange={(e) => set({ words: e.target.value })}
            onPressEnter={() => apply(filterOf(field, draft))}
          />
        );
      case 'number':
        return (
          <Space>
            <InputNumber
              aria-label={`${field.name} at least`}
              placeholder="Min"
              disabled={draft.none}
              value={draft.min}
              onChange={(min) => set({ min: typeof min === 'number' ? min : null })}
            />
            <InputNumber
              aria-label={`${field.name} at most`}
              placeholder="Max"
              disabled={draft.none}
              value={draft.max}
              onChange={(max) => set({ max: typeof max === 'number' ? max : null })}
            />
          </Space>
        );
      case 'date':
        return (
          <Space>
            <Input
              type="date"
              aria-label={`${field.name} from`}
              disabled={draft.none}
              value={draft.from}
              onChange={(e) => set({ from: e.target.value })}
            />
            <Input
              type="date"
              aria-label={`${field.name} to`}
              disabled={draft.none}
              value={draft.to}
              onChange={(e) => set({ to: e.target.value })}
            />
          </Space>
        );
    }
  })();
  const open = field.type !== 'yes_no' && field.type !== 'one_of';
  const backwards =
    (draft.min !== null && draft.max !== null && draft.min > draft.max) ||
    (Boolean(draft.from) && Boolean(draft.to) && draft.from > draft.to);
  return (
    <div
      className="rc-analysis-filter"
      role="dialog"
      aria-label={`Filter by ${field.name}`}
      onKeyDown={(e) => e.stopPropagation()}
    >
      {body}
      {open && (
        <Checkbox id={`${id}-none`} checked={draft.none} onChange={(e) => set({ none: e.target.checked })}>
          Not said
        </Checkbox>
      )}
      {backwards && !draft.none && (
        <div className="rc-field-error" role="alert">
          The range ends before it starts.
        </div>
      )}
      <div className="rc-analysis-filter-actions">
        <Button size="small" onClick={() => apply(null)}>
          Reset
        </Button>
        <Button
          size="small"
          type="primary"
          disabled={backwards && !draft.none}
          onClick={() => apply(filterOf(field, draft))}
        >
          Filter
        </Button>
      </div>
    </div>
  );
}
