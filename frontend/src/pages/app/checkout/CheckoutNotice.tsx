import { Result, Spin } from 'antd';
import { CAMPAIGN_NOT_FOUND, PAYMENT_MESSAGES } from '@ringcast/shared-types';
import { ButtonLink } from '../../../components/ButtonLink';
import type { CompletionPhase } from './useCompletePayment';

export type UnavailableReason = 'missing' | 'paid' | 'incomplete' | 'error';

const UNAVAILABLE: Record<UnavailableReason, { title: string; text: string }> = {
  missing: {
    title: CAMPAIGN_NOT_FOUND,
    text: 'This payment link does not point to one of your campaigns. To pay for a draft, press Pay & Launch on its card in your campaign list.',
  },
  paid: {
    title: 'Already paid',
    text: `${PAYMENT_MESSAGES.campaignAlreadyPaid} You can follow its setup on your campaigns page.`,
  },
  incomplete: {
    title: 'Campaign not ready',
    text: 'This campaign is not ready to pay for yet. Finish setting it up first.',
  },
  error: {
    title: 'Could not load your campaign',
    text: 'Please check your connection and reload the page.',
  },
};

const backToCampaigns = (
  <ButtonLink key="campaigns" to="/campaigns" variant="primary">
    Back to Campaigns
  </ButtonLink>
);

/**
 * Why there is nothing to pay here (`message`: the server's words), with the way back to the list;
 * an incomplete draft also offers to finish it in the wizard.
 */
export function CheckoutUnavailable({
  reason,
  message,
  campaignId,
}: {
  reason: UnavailableReason;
  message?: string;
  campaignId?: number;
}) {
  const { title, text } = UNAVAILABLE[reason];
  const finish = reason === 'incomplete' && campaignId !== undefined && (
    <ButtonLink key="finish" to={`/campaigns/create?edit=${campaignId}`}>
      Finish Campaign Setup
    </ButtonLink>
  );
  return (
    <Result
      className="rc-checkout-card"
      status={reason === 'paid' ? 'info' : 'warning'}
      title={title}
      subTitle={message || text}
      extra={finish ? [finish, backToCampaigns] : backToCampaigns}
    />
  );
}

/** After the card went through: activation under way, done (leaving shortly), or failed. */
export function PaymentComplete({ phase, campaignName }: { phase: CompletionPhase; campaignName: string }) {
  if (phase === 'activationFailed')
    return (
      <Result
        className="rc-checkout-card"
        status="warning"
        title="Payment received"
        subTitle={`Your payment went through, but "${campaignName}" could not be activated yet. Please contact support and we will activate it for you.`}
        extra={[
          <ButtonLink key="help" to="/help">
            Contact Support
          </ButtonLink>,
          <ButtonLink key="campaigns" to="/campaigns" variant="primary">
            Back to Campaigns
          </ButtonLink>,
        ]}
      />
    );
  return (
    <Result
      className="rc-checkout-card"
      status="success"
      title="Payment Successful"
      subTitle={
        phase === 'activated'
          ? `Thank you for your purchase! "${campaignName}" is active. Taking you to your campaigns...`
          : `Thank you for your purchase! Activating "${campaignName}"...`
      }
      extra={phase === 'activated' ? backToCampaigns : <Spin aria-label="Activating campaign" />}
    />
  );
}
