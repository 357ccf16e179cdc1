import { BILLING_MESSAGES, type Campaign } from '@ringcast/shared-types';
import { formatDate } from '../campaigns/format';
import { campaignBilling } from './campaignBilling';
import './billing.css';

/** "Cancels on <date>" while a campaign is set to cancel at its period's end (it dials until then). */
export function CancelsOnNote({ campaign }: { campaign: Campaign }) {
  const { cancelAtPeriodEnd, currentPeriodEnd } = campaignBilling(campaign);
  if (!cancelAtPeriodEnd || !currentPeriodEnd || campaign.status === 'canceled') return null;
  return (
    <p className="rc-cancels-on" role="status">
      {BILLING_MESSAGES.cancelsOn(formatDate(currentPeriodEnd))}
    </p>
  );
}
