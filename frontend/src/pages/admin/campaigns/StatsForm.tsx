import { useState, type FormEvent } from 'react';
import { Button, InputNumber } from 'antd';
import type { AdminCampaign, UpdateCampaignStatsInput } from '@ringcast/shared-types';
import { toast } from '../../../components/toast/toastStore';
import { saveCampaignStats } from '../../../stores/adminActions';
import { ADMIN_WRITE_ERROR, showRequestError } from '../../../api/errorPolicy';
import { statsInputFrom, type StatsEdits } from './statsInput';

const FIELDS = [
  { key: 'totalCalls', label: 'Total Calls', step: 1, precision: 0 },
  { key: 'successfulCalls', label: 'Successful Calls', step: 1, precision: 0 },
  { key: 'totalCost', label: 'Total Cost', step: 0.01, precision: 2 },
] as const;

/**
 * Total calls, successful calls and total cost, set by hand (spec §5). A field the admin has not
 * touched follows the campaign as pushes arrive; touched ones keep the admin's value until saved.
 */
export function StatsForm({ campaign }: { campaign: AdminCampaign }) {
  const [edits, setEdits] = useState<StatsEdits>({});
  const [saving, setSaving] = useState(false);
  const current: UpdateCampaignStatsInput = {
    totalCalls: campaign.totalCalls,
    successfulCalls: campaign.successfulCalls,
    totalCost: Number(campaign.totalCost),
  };
  const valueOf = (key: keyof UpdateCampaignStatsInput) => (key in edits ? edits[key] : current[key]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    setSaving(true);
    try {
      await saveCampaignStats(campaign.id, statsInputFrom(current, edits));
      setEdits({});
      toast({ title: 'Campaign Stats Updated', description: 'The campaign statistics have been saved.' });
    } catch (err) {
      showRequestError(err, ADMIN_WRITE_ERROR);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="rc-admin-stats" onSubmit={onSubmit} aria-label="Campaign statistics" noValidate>
      <h3 className="rc-admin-subheading">Statistics</h3>
      <div className="rc-admin-stats-fields">
        {FIELDS.map(({ key, label, step, precision }) => {
          const id = `stats-${campaign.id}-${key}`;
          return (
            <div key={key} className="rc-field">
              <label htmlFor={id} className="rc-field-label">
                {label}
              </label>
              <InputNumber
                id={id}
                min={0}
                step={step}
                precision={precision}
                prefix={key === 'totalCost' ? '$' : undefined}
                value={valueOf(key)}
                onChange={(value) => setEdits((e) => ({ ...e, [key]: value }))}
                style={{ width: '100%' }}
              />
            </div>
          );
        })}
      </div>
      <Button type="primary" htmlType="submit" loading={saving}>
        Save
      </Button>
    </form>
  );
}
