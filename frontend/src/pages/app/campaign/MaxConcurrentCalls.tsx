import { useEffect, useId, useState } from 'react';
import { Button, InputNumber, Space } from 'antd';
import { MAX_CONCURRENT_CALLS_LIMIT } from '@ringcast/shared-types';

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
  const valid =
    draft !== null && Number.isInteger(draft) && draft >= 1 && draft <= MAX_CONCURRENT_CALLS_LIMIT;
  return (
    <Space className="rc-campaign-concurrency">
      <label htmlFor={id}>Calls at once</label>
      <InputNumber
        id={id}
        min={1}
        max={MAX_CONCURRENT_CALLS_LIMIT}
        precision={0}
        value={draft}
        onChange={(next) => setDraft(next)}
        style={{ width: 80 }}
      />
      <Button onClick={() => valid && onSave(draft)} disabled={!valid || draft === value} loading={saving}>
        Save
      </Button>
    </Space>
  );
}
