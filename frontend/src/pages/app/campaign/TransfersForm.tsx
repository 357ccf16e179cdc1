import { useState } from 'react';
import { Alert, Button } from 'antd';
import type { Campaign, TransferDestination } from '@ringcast/shared-types';
import { requestErrorSentence } from '../../../api/errorPolicy';
import { updateCampaign } from '../../../api/campaigns';
import { TransferDestinationsFields } from '../../../components/transfers/TransferDestinationsFields';
import {
  normalizedDestinations,
  transferDestinationsProblem,
} from '../../../components/transfers/transferDestinations';
import { toast } from '../../../components/toast/toastStore';
import { useCampaignPageStore } from '../../../stores/campaignPageStore';

/** The campaign's transfer numbers on its page, checked by the shared schema before saving. */
export function TransfersForm({ campaign }: { campaign: Campaign }) {
  const receive = useCampaignPageStore((s) => s.receive);
  const [draft, setDraft] = useState<TransferDestination[]>(campaign.transferDestinations);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Pushes bring the campaign often; only a change of the stored numbers replaces what is typed.
  const storedKey = JSON.stringify(campaign.transferDestinations);
  const [shownKey, setShownKey] = useState(storedKey);
  if (shownKey !== storedKey) {
    setShownKey(storedKey);
    setDraft(campaign.transferDestinations);
  }

  const save = async () => {
    const transferDestinations = normalizedDestinations(draft);
    const problem = transferDestinationsProblem(transferDestinations);
    setError(problem);
    if (problem) return;
    setDraft(transferDestinations);
    setSaving(true);
    try {
      receive(await updateCampaign(campaign.id, { transferDestinations }));
      toast({ title: 'Campaign Updated', description: 'The transfer numbers are saved.' });
    } catch (err) {
      setError(requestErrorSentence(err, 'Could not save the transfer numbers.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="rc-transfers-form"
      aria-label="Transfer numbers"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <TransferDestinationsFields value={draft} onChange={setDraft} />
      {error && <Alert type="error" showIcon role="alert" title={error} />}
      <div>
        <Button type="primary" htmlType="submit" loading={saving}>
          Save transfer numbers
        </Button>
      </div>
    </form>
  );
}
