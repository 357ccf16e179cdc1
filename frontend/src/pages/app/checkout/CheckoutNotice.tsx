import { Result, Spin } from 'antd';
import { ButtonLink } from '../../../components/ButtonLink';
import type { CompletionPhase } from './useCompletePayment';

export type UnavailableReason = 'missing' | 'paid' | 'error';

const UNAVAILABLE: Record<UnavailableReason, { title: string; text: string }> = {
  missing: {
    title: 'Campaign not found',
    text: 'This payment link does not point to one of your campaigns. Open the campaign from your list to pay for it.',
  },
  paid: {
    title: 'Already paid',
    text: 'This campaign has already been paid for. You can follow its setup on your campaigns page.',
  },
  error: {
    title: 'Could not load your campaign',
    text: 'Please check your connection and reload the page.',
  },
};

const backToCampaigns = (
  <ButtonLink to="/campaigns" variant="primary">
    Back to Campaigns
  </ButtonLink>
);

/** Why there is nothing to pay here (`message`: the server's words), with the way back to the list. */
export function CheckoutUnavailable({ reason, message }: { reason: UnavailableReason; message?: string }) {
  const { title, text } = UNAVAILABLE[reason];
  return (
    <Result
      className="rc-checkout-card"
      status={reason === 'paid' ? 'info' : 'warning'}
      title={title}
      subTitle={message || text}
      extra={backToCampaigns}
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
