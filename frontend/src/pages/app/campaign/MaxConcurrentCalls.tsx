import { useEffect, useId, useState } from 'react';
import { Button, InputNumber, Space } from 'antd';
import { ValidationError } from 'yup';
import { campaignSettingsFields } from '@ringcast/shared-types';

/** The server's own rule for the number (1-50, whole), so the field says what the API would. */
function problemWith(draft: number | null): string | null {
  if (draft === null) return null;
  try {
    campaignSettingsFields.maxConcurrentCalls.validateSync(draft);
    return null;
  } catch (err) {
    if (err instanceof ValidationError) return err.message;
    throw err;
  }
}

/** How many calls the campaign may have in flight at once (1-50), saved on demand. */
export function MaxConcurrentCalls({
  value,
  saving,
  onSave,
}: {
  value: number;
  saving: boolean;
  onSave: (value: number) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<number | null>(value);
  useEffect(() => setDraft(value), [value]);
  const problem = problemWith(draft);
  const valid = draft !== null && problem === null;
  return (
    <Space className="rc-campaign-concurrency" wrap>
      <label htmlFor={id}>Calls at once</label>
      {/* No min or max here: the input would swallow 99 without a word; the schema's message says why. */}
      <InputNumber
        id={id}
        precision={0}
        value={draft}
        onChange={(next) => setDraft(next)}
        status={problem ? 'error' : undefined}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
        style={{ width: 80 }}
      />
      <Button onClick={() => valid && onSave(draft)} disabled={!valid || draft === value} loading={saving}>
        Save
      </Button>
      {problem && (
        <span id={`${id}-error`} role="alert" className="rc-field-error">
          {problem}
        </span>
      )}
    </Space>
  );
}
