import { useId, useState } from 'react';
import { Alert, Button, Checkbox, Input, InputNumber } from 'antd';
import {
  formatCallingDays,
  LEGAL_WINDOW,
  MAX_ATTEMPTS,
  parseCallingDays,
  RETRY_DELAY_MINUTES,
  WEEKDAYS,
  type Campaign,
  type Weekday,
} from '@ringcast/shared-types';
import { errorSentence } from '../../../api/client';
import { updateCampaign } from '../../../api/campaigns';
import { toast } from '../../../components/toast/toastStore';
import { useCampaignPageStore } from '../../../stores/campaignPageStore';

export const DAY_LABELS: Record<Weekday, string> = {
  sun: 'Sun',
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
};
/** Monday first, as a week reads in the US business calendar. */
export const WEEK_ORDER: Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

interface Draft {
  start: string;
  end: string;
  days: Weekday[];
  maxAttempts: number | null;
  retryDelayMinutes: number | null;
}

const draftOf = (c: Campaign): Draft => ({
  start: c.callingHoursStart ?? '',
  end: c.callingHoursEnd ?? '',
  days: c.callingDays ? parseCallingDays(c.callingDays) : [...WEEKDAYS],
  maxAttempts: c.maxAttempts,
  retryDelayMinutes: c.retryDelayMinutes,
});

/**
 * The campaign's calling hours (each prospect's local time, inside the legal window), days,
 * attempts and spacing, saved together. Empty hours mean the whole legal window and every day
 * ticked is stored as "every day"; the server judges the window and its message is shown here.
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
      const everyDay = draft.days.length === WEEKDAYS.length;
      const updated = await updateCampaign(campaign.id, {
        callingHoursStart: draft.start || null,
        callingHoursEnd: draft.end || null,
        callingDays: everyDay ? null : formatCallingDays(draft.days),
        ...(draft.maxAttempts !== null && { maxAttempts: draft.maxAttempts }),
        ...(draft.retryDelayMinutes !== null && { retryDelayMinutes: draft.retryDelayMinutes }),
      });
      receive(updated);
      toast({ title: 'Campaign Updated', description: 'The calling rules are saved.' });
    } catch (err) {
      setError(errorSentence(err, 'Could not save the calling rules.'));
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
      <p className="rc-calling-rules-hint">
        In each prospect&apos;s local time, within {LEGAL_WINDOW[0]}-{LEGAL_WINDOW[1]} (narrower where a
        state&apos;s law says so). Leave the hours empty to use the whole legal window.
      </p>
      <div className="rc-calling-rules-row">
        <label htmlFor={`${id}-start`}>From</label>
        <Input
          id={`${id}-start`}
          type="time"
          value={draft.start}
          onChange={(e) => set({ start: e.target.value })}
          style={{ width: 130 }}
        />
        <label htmlFor={`${id}-end`}>to</label>
        <Input
          id={`${id}-end`}
          type="time"
          value={draft.end}
          onChange={(e) => set({ end: e.target.value })}
          style={{ width: 130 }}
        />
      </div>
      <Checkbox.Group<Weekday>
        aria-label="Calling days"
        className="rc-calling-rules-days"
        value={draft.days}
        onChange={(days) => set({ days })}
        options={WEEK_ORDER.map((day) => ({ value: day, label: DAY_LABELS[day] }))}
      />
      <div className="rc-calling-rules-row">
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
