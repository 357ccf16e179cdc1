import { useEffect, useState } from 'react';
import { Alert, Button, Select } from 'antd';
import { MAX_ALERT_RECIPIENTS, alertRecipientsSchema, validateInput } from '@ringcast/shared-types';
import { requestErrorSentence } from '../../../api/errorPolicy';
import { fetchAlertRecipients, saveAlertRecipients } from '../../../api/notificationSettings';
import { toast } from '../../../components/toast/toastStore';

/**
 * Who else gets this campaign's lead alerts (interested, appointment booked, call back later):
 * up to 5 addresses besides the owner's, who follow the owner's choice on the account page.
 */
export function AlertRecipientsForm({ campaignId }: { campaignId: number }) {
  const [recipients, setRecipients] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    fetchAlertRecipients(campaignId).then(
      (answer) => setRecipients(answer.recipients),
      () => setError('Could not load the alert recipients.'),
    );
  }, [campaignId]);

  const save = async () => {
    if (!recipients) return;
    setError(null);
    const checked = await validateInput(alertRecipientsSchema, { recipients });
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setSaving(true);
    try {
      const saved = await saveAlertRecipients(campaignId, checked.value.recipients);
      setRecipients(saved.recipients);
      toast({ title: 'Campaign Updated', description: 'The lead alert recipients are saved.' });
    } catch (err) {
      setError(requestErrorSentence(err, 'Could not save the alert recipients.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="rc-alert-recipients">
      <p style={{ marginTop: 0 }}>
        Lead alerts go to you and to up to {MAX_ALERT_RECIPIENTS} more addresses. Your choice under
        Notifications on your account page (each call, a daily digest, or off) applies to them too.
      </p>
      <Select
        mode="tags"
        value={recipients ?? []}
        loading={recipients === null}
        disabled={recipients === null}
        onChange={(values: string[]) => setRecipients(values.map((v) => v.trim()).filter(Boolean))}
        tokenSeparators={[',', ' ', ';']}
        open={false}
        placeholder="name@example.com"
        aria-label="Alert recipients"
        style={{ width: '100%', maxWidth: 560 }}
      />
      {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginTop: 12 }} />}
      <div style={{ marginTop: 12 }}>
        <Button type="primary" onClick={() => void save()} loading={saving} disabled={recipients === null}>
          Save recipients
        </Button>
      </div>
    </div>
  );
}
