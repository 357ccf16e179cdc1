import { useId, useState } from 'react';
import { Button, Input, Select } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ANALYSIS_CHOICE_MAX,
  ANALYSIS_FIELD_DESCRIPTION_MAX,
  ANALYSIS_FIELD_NAME_MAX,
  ANALYSIS_FIELD_TYPE_LABELS,
  ANALYSIS_FIELD_TYPES,
  MAX_ANALYSIS_CHOICES,
  MAX_ANALYSIS_FIELDS,
  type AnalysisFieldType,
} from '@ringcast/shared-types';
import { errorProps } from '../form/FormField';
import {
  analysisFieldsProblems,
  emptyAnalysisField,
  type AnalysisFieldDraft,
  type AnalysisFieldPart,
} from './analysisFields';
import '../form/entryFieldset.css';
import './analysisFields.css';

const TYPE_OPTIONS = ANALYSIS_FIELD_TYPES.map((type) => ({
  value: type,
  label: ANALYSIS_FIELD_TYPE_LABELS[type],
}));

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <div id={`${id}-error`} className="rc-field-error">
      {message}
    </div>
  ) : null;
}

function FieldRow({
  index,
  value,
  errors,
  onChange,
  onRemove,
  onLeave,
}: {
  index: number;
  value: AnalysisFieldDraft;
  /** The messages to show now (of the parts left, or all once a save was tried). */
  errors: Partial<Record<AnalysisFieldPart, string>>;
  onChange: (patch: Partial<AnalysisFieldDraft>) => void;
  onRemove: () => void;
  onLeave: (part: AnalysisFieldPart) => void;
}) {
  const id = useId();
  const title = `Field ${index + 1}`;
  const ids = {
    name: `${id}-name`,
    description: `${id}-description`,
    type: `${id}-type`,
    choices: `${id}-choices`,
  };
  return (
    <fieldset className="rc-entry-fieldset rc-analysis-field">
      <legend className="rc-entry-fieldset-legend">{title}</legend>
      <div className="rc-analysis-field-row">
        <div className="rc-analysis-field-part rc-analysis-field-name">
          <label htmlFor={ids.name}>Name</label>
          <Input
            id={ids.name}
            value={value.name}
            maxLength={ANALYSIS_FIELD_NAME_MAX}
            placeholder="Current provider"
            onChange={(e) => onChange({ name: e.target.value })}
            onBlur={() => onLeave('name')}
            {...errorProps(ids.name, errors.name)}
          />
          <FieldError id={ids.name} message={errors.name} />
        </div>
        <div className="rc-analysis-field-part rc-analysis-field-type">
          <label htmlFor={ids.type}>Type</label>
          <Select
            id={ids.type}
            aria-label={`${title} type`}
            value={value.type}
            options={TYPE_OPTIONS}
            onChange={(type: AnalysisFieldType) =>
              onChange({ type, choices: type === 'one_of' ? (value.choices ?? []) : null })
            }
            {...errorProps(ids.type, errors.type)}
          />
          <FieldError id={ids.type} message={errors.type} />
        </div>
        <Button icon={<DeleteOutlined />} onClick={onRemove} aria-label={`Remove ${title}`}>
          Remove
        </Button>
      </div>
      <div className="rc-analysis-field-part">
        <label htmlFor={ids.description}>What the model looks for</label>
        <Input.TextArea
          id={ids.description}
          value={value.description}
          maxLength={ANALYSIS_FIELD_DESCRIPTION_MAX}
          autoSize={{ minRows: 1, maxRows: 4 }}
          placeholder="The internet provider they use today"
          onChange={(e) => onChange({ description: e.target.value })}
          onBlur={() => onLeave('description')}
          {...errorProps(ids.description, errors.description)}
        />
        <FieldError id={ids.description} message={errors.description} />
      </div>
      {value.type === 'one_of' && (
        <div className="rc-analysis-field-part">
          <label htmlFor={ids.choices}>Choices (type one, then Enter)</label>
          <Select
            id={ids.choices}
            mode="tags"
            aria-label={`${title} choices`}
            value={value.choices ?? []}
            tokenSeparators={[',']}
            placeholder="Basic, Pro, Enterprise"
            maxCount={MAX_ANALYSIS_CHOICES}
            onChange={(choices: string[]) =>
              onChange({ choices: choices.map((c) => c.slice(0, ANALYSIS_CHOICE_MAX)) })
            }
            onBlur={() => onLeave('choices')}
            {...errorProps(ids.choices, errors.choices)}
          />
          <FieldError id={ids.choices} message={errors.choices} />
        </div>
      )}
    </fieldset>
  );
}

/**
 * What to learn from each answered call: up to MAX_ANALYSIS_FIELDS fields, each a name, what the
 * model looks for, a type and, for "one of", its choices. The shared schema's messages show at the
 * part they are about once it was left, or everywhere once `showAll` (a save was tried). Used by
 * the wizard's Script step and the campaign page.
 */
export function AnalysisFieldsEditor({
  value,
  onChange,
  showAll = false,
}: {
  value: AnalysisFieldDraft[];
  onChange: (next: AnalysisFieldDraft[]) => void;
  showAll?: boolean;
}) {
  // Parts left by the reader, by row: a row just added is not told off before it is typed in.
  const [left, setLeft] = useState<Set<string>[]>([]);
  const problems = analysisFieldsProblems(value);
  const full = value.length >= MAX_ANALYSIS_FIELDS;
  const shown = (index: number) => {
    const row = problems.rows[index] ?? {};
    return showAll ? row : Object.fromEntries(Object.entries(row).filter(([part]) => left[index]?.has(part)));
  };
  return (
    <div className="rc-analysis-fields">
      {value.map((field, index) => (
        <FieldRow
          // Rows have no id of their own; a removal re-numbers the rows after it anyway.
          key={index}
          index={index}
          value={field}
          errors={shown(index)}
          onChange={(patch) => onChange(value.map((f, i) => (i === index ? { ...f, ...patch } : f)))}
          onRemove={() => {
            setLeft((sets) => sets.filter((_, i) => i !== index));
            onChange(value.filter((_, i) => i !== index));
          }}
          onLeave={(part) =>
            setLeft((sets) => {
              const next = [...sets];
              next[index] = new Set(next[index]).add(part);
              return next;
            })
          }
        />
      ))}
      {(showAll || value.length > 0) && problems.list && (
        <div className="rc-field-error" role="alert">
          {problems.list}
        </div>
      )}
      <div>
        <Button
          icon={<PlusOutlined />}
          disabled={full}
          onClick={() => onChange([...value, emptyAnalysisField()])}
        >
          Add field
        </Button>
        {full && <span className="rc-analysis-fields-full"> At most {MAX_ANALYSIS_FIELDS} fields.</span>}
      </div>
    </div>
  );
}
