import { useState } from 'react';
import { Alert, Button } from 'antd';
import type { Campaign } from '@ringcast/shared-types';
import { requestErrorSentence } from '../../../api/errorPolicy';
import { updateCampaign } from '../../../api/campaigns';
import { AnalysisFieldsEditor } from '../../../components/analysis/AnalysisFieldsEditor';
import {
  analysisFieldDrafts,
  analysisFieldsProblems,
  firstAnalysisFieldsProblem,
  savedAnalysisFields,
  type AnalysisFieldDraft,
} from '../../../components/analysis/analysisFields';
import { toast } from '../../../components/toast/toastStore';
import { useCampaignPageStore } from '../../../stores/campaignPageStore';

/** The campaign's analysis fields on its page, checked by the shared schema before saving. */
export function AnalysisFieldsForm({ campaign }: { campaign: Campaign }) {
  const receive = useCampaignPageStore((s) => s.receive);
  const stored = campaign.analysisFields ?? [];
  const [draft, setDraft] = useState<AnalysisFieldDraft[]>(() => analysisFieldDrafts(stored));
  const [error, setError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  // Pushes bring the campaign often; only a change of the stored fields replaces what is typed.
  const storedKey = JSON.stringify(stored);
  const [shownKey, setShownKey] = useState(storedKey);
  if (shownKey !== storedKey) {
    setShownKey(storedKey);
    setDraft(analysisFieldDrafts(stored));
  }

  const save = async () => {
    setTried(true);
    setError(null);
    if (firstAnalysisFieldsProblem(analysisFieldsProblems(draft))) return;
    const analysisFields = savedAnalysisFields(draft);
    setSaving(true);
    try {
      const campaignNow = await updateCampaign(campaign.id, { analysisFields });
      receive(campaignNow);
      setDraft(analysisFieldDrafts(campaignNow.analysisFields));
      setTried(false);
      toast({ title: 'Campaign Updated', description: 'The analysis fields are saved.' });
    } catch (err) {
      setError(requestErrorSentence(err, 'Could not save the analysis fields.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="rc-analysis-form"
      aria-label="Call analysis"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <p className="rc-analysis-hint">
        After each answered call, the model fills these fields from the conversation, plus the caller&apos;s
        sentiment and whether the call met the goal.
      </p>
      <AnalysisFieldsEditor value={draft} onChange={setDraft} showAll={tried} />
      {error && <Alert type="error" showIcon role="alert" title={error} style={{ marginTop: 12 }} />}
      <div style={{ marginTop: 12 }}>
        <Button type="primary" htmlType="submit" loading={saving}>
          Save analysis fields
        </Button>
      </div>
    </form>
  );
}
