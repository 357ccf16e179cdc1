import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { activateCampaign } from '../../../api/payments';
import { useCampaignsStore } from '../../../stores/campaignsStore';
import { toastActivationFailed, toastCampaignActivated, toastPaymentSucceeded } from './checkoutToasts';

/** Spec §4: after activation the user goes to /campaigns this long after. */
export const REDIRECT_AFTER_PAYMENT_MS = 1500;

export type CompletionPhase = 'unpaid' | 'activating' | 'activated' | 'activationFailed';

/**
 * What follows a successful card payment: the 'Payment Successful' toast, the activation call
 * (the server verifies the payment with the provider first), 'Campaign Activated', then /campaigns.
 */
export function useCompletePayment(paymentIntentId: string | null, campaignName: string) {
  const navigate = useNavigate();
  const [phase, setPhase] = useState<CompletionPhase>('unpaid');
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const complete = useCallback(async () => {
    if (!paymentIntentId) return;
    toastPaymentSucceeded();
    setPhase('activating');
    try {
      const { campaign } = await activateCampaign(paymentIntentId);
      // The list shows it active straight away, whether or not the push has arrived yet.
      useCampaignsStore.getState().receive(campaign);
      toastCampaignActivated(campaign.name || campaignName);
      setPhase('activated');
      redirectTimer.current = setTimeout(() => navigate('/campaigns'), REDIRECT_AFTER_PAYMENT_MS);
    } catch (err) {
      toastActivationFailed(err);
      setPhase('activationFailed');
    }
  }, [paymentIntentId, campaignName, navigate]);

  return { phase, complete };
}
