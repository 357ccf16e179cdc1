import type { ReactNode } from 'react';
import { Input, Radio } from 'antd';
import { FormField } from '../../../../components/form/FormField';
import type { WizardDraft } from '../../../../components/campaigns/wizardDraft';
import { useDraft } from '../useDraft';

type TextField = { [K in keyof WizardDraft]: WizardDraft[K] extends string ? K : never }[keyof WizardDraft];

interface DraftTextProps {
  /** Also names the input: `aiAgentName` is #wizard-ai-agent-name. */
  field: TextField;
  label: string;
  maxLength: number;
  placeholder: string;
  /** A text area this many rows high; a one-line input without. */
  rows?: number;
}

/** A labelled text input, or text area, bound to one text field of the wizard's draft. */
export function DraftText({ field, label, maxLength, placeholder, rows }: DraftTextProps) {
  const [draft, update] = useDraft();
  const id = `wizard-${field.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
  const bound = {
    id,
    maxLength,
    placeholder,
    value: draft[field],
    onChange: (e: { target: { value: string } }) => update({ [field]: e.target.value }),
  };
  return (
    <FormField id={id} label={label}>
      {rows ? <Input.TextArea rows={rows} {...bound} /> : <Input {...bound} />}
    </FormField>
  );
}

/** A field of several controls under one visible label, which `id` names the group by. */
export function FieldGroup({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="rc-field" role="group" aria-labelledby={id}>
      <span id={id} className="rc-field-label">
        {label}
      </span>
      {children}
    </div>
  );
}

interface Choice<V> {
  value: V;
  title: ReactNode;
  text: ReactNode;
}

type ChoicesProps<V> = {
  choices: readonly Choice<V>[];
  value: V | null;
  onChange: (value: V) => void;
} & ({ 'aria-label': string } | { 'aria-labelledby': string });

/** The wizard's radio cards: one choice of several, each with its title and a line about it. */
export function WizardChoices<V extends string | number>({
  choices,
  value,
  onChange,
  ...name
}: ChoicesProps<V>) {
  return (
    <Radio.Group
      className="rc-wizard-choices"
      {...name}
      value={value}
      onChange={(e) => onChange(e.target.value as V)}
    >
      {choices.map((choice) => (
        <Radio key={choice.value} value={choice.value} className="rc-wizard-choice">
          <span className="rc-wizard-choice-title">{choice.title}</span>
          <span className="rc-wizard-choice-text">{choice.text}</span>
        </Radio>
      ))}
    </Radio.Group>
  );
}
