import { useId, useState } from 'react';
import { Alert, Button, Collapse, Select, Switch } from 'antd';
import {
  ALL_PARTY_CONSENT_STATES,
  RECORDING_ANNOUNCEMENT,
  RECORDING_RETENTION_DAYS,
  type Campaign,
  type RecordingRetentionDays,
} from '@ringcast/shared-types';
import { requestErrorSentence } from '../../../api/errorPolicy';
import { updateCampaign } from '../../../api/campaigns';
import { toast } from '../../../components/toast/toastStore';
import { useCampaignPageStore } from '../../../stores/campaignPageStore';

interface Draft {
  recordCalls: boolean;
  recordingRetentionDays: RecordingRetentionDays;
}

const draftOf = (c: Campaign): Draft => ({
  recordCalls: c.recordCalls,
  recordingRetentionDays: c.recordingRetentionDays,
});

// A Select's values are keys: null (until deleted) gets one of its own.
const UNTIL_DELETED = 'until-deleted';
const retentionKey = (days: RecordingRetentionDays) => (days === null ? UNTIL_DELETED : String(days));
const RETENTION_OPTIONS = RECORDING_RETENTION_DAYS.map((days) => ({
  value: retentionKey(days),
  label: days === null ? 'Until deleted' : `${days} days`,
}));
const retentionOf = (key: string): RecordingRetentionDays =>
  RECORDING_RETENTION_DAYS.find((days) => retentionKey(days) === key) ?? null;

/** The states whose law needs every party's consent, each with its statute, folded away until asked for. */
function ConsentStates() {
  return (
    <Collapse
      size="small"
      className="rc-recording-states"
      items={[
        {
          key: 'states',
          label: `States that need everyone's consent to record (${ALL_PARTY_CONSENT_STATES.length})`,
          children: (
            <>
              <ul className="rc-recording-state-list" aria-label="All-party consent states">
                {ALL_PARTY_CONSENT_STATES.map((row) => (
                  <li key={row.state}>
                    <strong>{row.name}</strong> ({row.state}): {row.statute}
                    {row.note && <span className="rc-recording-state-note">; {row.note}</span>}
                  </li>
                ))}
              </ul>
              <p className="rc-calling-hours-hint">
                Elsewhere in the US one party&apos;s consent is enough (18 U.S.C. § 2511(2)(d)). Notice at the
                start of the call, with the call going on, is generally taken as consent. Not legal advice.
              </p>
            </>
          ),
        },
      ]}
    />
  );
}

/**
 * Whether the campaign records its calls, and for how long it keeps them, saved together. The
 * all-party-consent states are beside the switch: the greeting's announcement is what covers them.
 */
export function RecordingForm({ campaign }: { campaign: Campaign }) {
  const id = useId();
  const receive = useCampaignPageStore((s) => s.receive);
  const [draft, setDraft] = useState<Draft>(() => draftOf(campaign));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Pushes bring the campaign often; only a change of the stored settings replaces what is chosen.
  const storedKey = JSON.stringify(draftOf(campaign));
  const [shownKey, setShownKey] = useState(storedKey);
  if (shownKey !== storedKey) {
    setShownKey(storedKey);
    setDraft(draftOf(campaign));
  }

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      receive(await updateCampaign(campaign.id, draft));
      toast({ title: 'Campaign Updated', description: 'The recording settings are saved.' });
    } catch (err) {
      setError(requestErrorSentence(err, 'Could not save the recording settings.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="rc-recording-form"
      aria-label="Recording"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <div className="rc-calling-hours-row">
        <Switch
          id={`${id}-record`}
          checked={draft.recordCalls}
          onChange={(recordCalls) => setDraft((d) => ({ ...d, recordCalls }))}
        />
        <label htmlFor={`${id}-record`}>Record calls</label>
        <label htmlFor={`${id}-keep`}>Keep recordings</label>
        <Select
          id={`${id}-keep`}
          value={retentionKey(draft.recordingRetentionDays)}
          onChange={(key: string) => setDraft((d) => ({ ...d, recordingRetentionDays: retentionOf(key) }))}
          options={RETENTION_OPTIONS}
          style={{ width: 160 }}
        />
      </div>
      <p className="rc-calling-hours-hint">
        Both sides of each call, each in its own channel, to play or download from the call log. While on, the
        agent&apos;s greeting tells the caller: &ldquo;{RECORDING_ANNOUNCEMENT}&rdquo;
      </p>
      <ConsentStates />
      {error && <Alert type="error" showIcon role="alert" title={error} />}
      <div>
        <Button type="primary" htmlType="submit" loading={saving}>
          Save recording settings
        </Button>
      </div>
    </form>
  );
}
