import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Radio, Select, Spin } from 'antd';
import { LEAD_DIGEST_HOUR, type LeadAlertMode, type NotificationSettings } from '@ringcast/shared-types';
import { requestErrorSentence } from '../../../api/errorPolicy';
import { fetchNotificationSettings, saveNotificationSettings } from '../../../api/notificationSettings';
import { toast } from '../../../components/toast/toastStore';
import {
  browserTimeZone as browserZone,
  timeZoneOptions as zoneOptions,
} from '../../../components/timeZones';

/**
 * /account Notifications: lead alerts for each interesting call, one digest a day at 8:00 in the
 * customer's zone, or none; campaign events (completed, payment failed, canceled); support ticket
 * answers. Every such email's unsubscribe link turns its own kind off here too.
 */
export function NotificationsCard() {
  const [draft, setDraft] = useState<NotificationSettings | null>(null);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    fetchNotificationSettings().then(
      (settings) => setDraft({ ...settings, timeZone: settings.timeZone ?? browserZone() }),
      () => setFailed(true),
    );
  }, []);
  const zones = useMemo(() => zoneOptions(draft?.timeZone ?? browserZone()), [draft?.timeZone]);

  if (failed) return <Alert type="error" showIcon title="Could not load your notification settings." />;
  if (!draft) return <Spin />;
  const set = (patch: Partial<NotificationSettings>) => setDraft({ ...draft, ...patch });

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const saved = await saveNotificationSettings(draft);
      setDraft({ ...saved, timeZone: saved.timeZone ?? browserZone() });
      toast({ title: 'Notifications Saved', description: 'Your email choices are saved.' });
    } catch (err) {
      setError(requestErrorSentence(err, 'Could not save your notification settings.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="rc-notifications" aria-label="Notifications">
      <fieldset style={{ border: 0, padding: 0, margin: '0 0 16px' }}>
        <legend style={{ fontWeight: 600, marginBottom: 8 }}>Lead alerts</legend>
        <p style={{ margin: '0 0 8px' }}>
          When a prospect is interested, books an appointment or asks to be called back.
        </p>
        <Radio.Group
          value={draft.leadAlerts}
          onChange={(e) => set({ leadAlerts: e.target.value as LeadAlertMode })}
          options={[
            { value: 'each', label: 'An email for each call' },
            { value: 'digest', label: `One daily digest at ${LEAD_DIGEST_HOUR}:00` },
            { value: 'off', label: 'Off' },
          ]}
        />
        {draft.leadAlerts === 'digest' && (
          <label style={{ display: 'block', marginTop: 12 }}>
            <span style={{ display: 'block', marginBottom: 4 }}>Your time zone</span>
            <Select
              showSearch
              value={draft.timeZone ?? undefined}
              onChange={(timeZone: string) => set({ timeZone })}
              options={zones}
              style={{ width: 320, maxWidth: '100%' }}
              aria-label="Time zone"
            />
          </label>
        )}
      </fieldset>
      <p style={{ margin: '0 0 8px' }}>
        <Checkbox checked={draft.campaignEvents} onChange={(e) => set({ campaignEvents: e.target.checked })}>
          Campaign events: completed, payment failed, canceled
        </Checkbox>
      </p>
      <p style={{ margin: '0 0 16px' }}>
        <Checkbox checked={draft.ticketAnswers} onChange={(e) => set({ ticketAnswers: e.target.checked })}>
          A support ticket is answered
        </Checkbox>
      </p>
      {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 12 }} />}
      <Button type="primary" loading={saving} onClick={() => void save()}>
        Save notifications
      </Button>
    </section>
  );
}
