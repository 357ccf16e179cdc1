import { useState } from 'react';
import { Button, Card, Popconfirm, Select, Switch } from 'antd';
import { BILLING_MESSAGES, type Campaign } from '@ringcast/shared-types';
import { campaignBilling, formatPeriod } from '../../../components/billing/campaignBilling';
import { formatDate } from '../../../components/campaigns/format';
import { VOLUME_OPTIONS, volumeChangeNote } from './planChange';
import { usePlanActions } from './usePlanActions';

/** Statuses with a live subscription: it can be cancelled (a completed campaign is still billed). */
const SUBSCRIBED_STATUSES = new Set(['active', 'paused', 'past_due', 'completed']);
/** Statuses whose package and overage may change (a past-due one first pays its invoice). */
const CHANGEABLE_STATUSES = new Set(['active', 'paused']);

/**
 * The campaign's plan on its page: change the monthly volume (more now, prorated; fewer from the
 * next period), "Keep calling past the package", and Cancel at the period's end or Resume.
 * A past-due or completed campaign can only be cancelled or resumed.
 */
export function PlanCard({ campaign }: { campaign: Campaign }) {
  const billing = campaignBilling(campaign);
  const current = campaign.monthlyCallVolume ?? 0;
  const [chosen, setChosen] = useState(current);
  const { pending, changeVolume, setOverage, cancel, resume } = usePlanActions(campaign);
  if (!SUBSCRIBED_STATUSES.has(campaign.status) || !campaign.setupPaymentProcessed) return null;
  const changeable = CHANGEABLE_STATUSES.has(campaign.status);

  const note = volumeChangeNote(current, chosen, billing.currentPeriodEnd);
  const period = formatPeriod(billing.currentPeriodStart, billing.currentPeriodEnd);
  const busy = pending !== null;
  const endDate = billing.currentPeriodEnd
    ? formatDate(billing.currentPeriodEnd)
    : 'the end of this billing period';

  return (
    <section aria-labelledby="campaign-plan-title">
      <Card
        title={
          <h2 id="campaign-plan-title" className="rc-campaign-heading">
            Plan
          </h2>
        }
        className="rc-campaign-plan"
      >
        {period && <p className="rc-plan-period">Billing period: {period}</p>}
        {changeable && (
          <>
            <div className="rc-plan-row">
              <label htmlFor="plan-volume">Calls a month</label>
              <Select
                id="plan-volume"
                aria-label="Calls a month"
                value={chosen}
                options={VOLUME_OPTIONS}
                onChange={setChosen}
                disabled={busy || billing.cancelAtPeriodEnd}
                style={{ minWidth: 240 }}
              />
              <Button
                type="primary"
                disabled={!note || busy}
                loading={pending === 'volume'}
                onClick={() => note && void changeVolume(chosen, note)}
              >
                Change volume
              </Button>
            </div>
            {note && (
              <p className="rc-plan-note" role="status">
                {note}
              </p>
            )}
            <div className="rc-plan-row">
              <Switch
                id="plan-overage"
                checked={billing.overage}
                loading={pending === 'overage'}
                disabled={busy}
                onChange={(on) => void setOverage(on)}
              />
              <label htmlFor="plan-overage">Keep calling past the package</label>
              <span className="rc-plan-hint">
                Calls past the package are billed at the per-call rate on the next invoice.
              </span>
            </div>
          </>
        )}
        <div className="rc-plan-row">
          {billing.cancelAtPeriodEnd ? (
            <>
              <strong className="rc-cancels-on">
                {billing.currentPeriodEnd
                  ? BILLING_MESSAGES.cancelsOn(formatDate(billing.currentPeriodEnd))
                  : 'Cancels at the period end'}
              </strong>
              <Button loading={pending === 'resume'} disabled={busy} onClick={() => void resume()}>
                Resume
              </Button>
            </>
          ) : (
            <Popconfirm
              title="Cancel this campaign?"
              description={`It keeps calling until ${endDate}, then stops for good. No cancellation fee; you can resume before then.`}
              okText="Cancel campaign"
              cancelText="Keep it"
              okButtonProps={{ danger: true }}
              onConfirm={() => void cancel()}
            >
              <Button danger loading={pending === 'cancel'} disabled={busy}>
                Cancel campaign
              </Button>
            </Popconfirm>
          )}
        </div>
      </Card>
    </section>
  );
}
