import { useState } from 'react';
import { Switch } from 'antd';
import { SETUP_FLAGS, SETUP_FLAG_LABELS, type AdminCampaign, type SetupFlag } from '@ringcast/shared-types';
import { showRequestError } from '../../../api/errorPolicy';
import { toast } from '../../../components/toast/toastStore';
import { setCampaignSetupFlag } from '../../../stores/adminActions';
import { SetupBar } from './SetupBar';
import { StatsForm } from './StatsForm';

/** Spec §4: the admin sets each of the eight setup flags on or off, one request per toggle. */
export function SetupTracking({ campaign }: { campaign: AdminCampaign }) {
  const [pending, setPending] = useState<ReadonlySet<SetupFlag>>(new Set());

  const toggle = async (flag: SetupFlag, value: boolean) => {
    setPending((p) => new Set(p).add(flag));
    try {
      await setCampaignSetupFlag(campaign.id, flag, value);
      toast({
        title: 'Setup Updated',
        description: `${SETUP_FLAG_LABELS[flag]} marked ${value ? 'complete' : 'pending'}.`,
      });
    } catch (err) {
      // Spec §8: a setup failure is an 'Error' with the server's message.
      showRequestError(err, { title: 'Error', fallback: 'Failed to update setup' });
    } finally {
      setPending((p) => {
        const next = new Set(p);
        next.delete(flag);
        return next;
      });
    }
  };

  return (
    <div className="rc-admin-setup-tracking">
      <SetupBar campaign={campaign} />
      <ul className="rc-admin-switches" aria-label="Setup steps">
        {SETUP_FLAGS.map((flag) => {
          const id = `setup-${campaign.id}-${flag}`;
          return (
            <li key={flag}>
              <label htmlFor={id}>{SETUP_FLAG_LABELS[flag]}</label>
              <Switch
                id={id}
                aria-label={SETUP_FLAG_LABELS[flag]}
                checked={campaign[flag]}
                loading={pending.has(flag)}
                disabled={pending.has(flag)}
                onChange={(value) => void toggle(flag, value)}
              />
            </li>
          );
        })}
      </ul>
      <StatsForm campaign={campaign} />
    </div>
  );
}
