import { useId, useState } from 'react';
import { Alert, Button, InputNumber } from 'antd';
import { MAX_ATTEMPTS, RETRY_DELAY_MINUTES, type Campaign } from '@ringcast/shared-types';
import { requestErrorSentence } from '../../../api/errorPolicy';
import { updateCampaign } from '../../../api/campaigns';
import { CallingHoursFields, type CallingHoursValue } from '../../../components/campaigns/CallingHoursFields';
import { callingHoursFields, callingHoursValueOf } from '../../../components/campaigns/callingHours';
import { toast } from '../../../components/toast/toastStore';
import { useCampaignPageStore } from '../../../stores/campaignPageStore';

interface Draft {
  hours: CallingHoursValue;
  maxAttempts: number | null;
  retryDelayMinutes: number | null;
}

const draftOf = (c: Campaign): Draft => ({
  hours: callingHoursValueOf(c),
  maxAttempts: c.maxAttempts,
  retryDelayMinutes: c.retryDelayMinutes,
});

/**
 * The campaign's calling hours and days, attempts and their spacing, saved together. The server
 * judges the window against the law and its message is shown under the fields.
 */
export function CallingRulesForm({ campaign }: { campaign: Campaign }) {
  const id = useId();
  const receive = useCampaignPageStore((s) => s.receive);
  const [draft, setDraft] = useState<Draft>(() => draftOf(campaign));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Pushes bring the campaign often; only a change of the stored rules replaces what is typed.
  const storedKey = JSON.stringify(draftOf(campaign));
  const [shownKey, setShownKey] = useState(storedKey);
  if (shownKey !== storedKey) {
    setShownKey(storedKey);
    setDraft(draftOf(campaign));
  }
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const updated = await updateCampaign(campaign.id, {
        ...callingHoursFields(draft.hours),
        ...(draft.maxAttempts !== null && { maxAttempts: draft.maxAttempts }),
        ...(draft.retryDelayMinutes !== null && { retryDelayMinutes: draft.retryDelayMinutes }),
      });
      receive(updated);
      toast({ title: 'Campaign Updated', description: 'The calling rules are saved.' });
    } catch (err) {
      setError(requestErrorSentence(err, 'Could not save the calling rules.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="rc-calling-rules"
      aria-label="Calling rules"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <CallingHoursFields
        value={draft.hours}
        onChange={(patch) => set({ hours: { ...draft.hours, ...patch } })}
      />
      <div className="rc-calling-hours-row">
        <label htmlFor={`${id}-attempts`}>Attempts per prospect</label>
        <InputNumber
          id={`${id}-attempts`}
          min={MAX_ATTEMPTS.min}
          max={MAX_ATTEMPTS.max}
          precision={0}
          value={draft.maxAttempts}
          onChange={(maxAttempts) => set({ maxAttempts })}
          style={{ width: 80 }}
        />
        <label htmlFor={`${id}-delay`}>Minutes between attempts</label>
        <InputNumber
          id={`${id}-delay`}
          min={RETRY_DELAY_MINUTES.min}
          precision={0}
          step={30}
          value={draft.retryDelayMinutes}
          onChange={(retryDelayMinutes) => set({ retryDelayMinutes })}
          style={{ width: 100 }}
        />
      </div>
      {error && <Alert type="error" showIcon role="alert" title={error} />}
      <div>
        <Button type="primary" htmlType="submit" loading={saving}>
          Save calling rules
        </Button>
      </div>
    </form>
  );
}
