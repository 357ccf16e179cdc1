import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert, Spin } from 'antd';
import type { PaymentsConfig, SetupIntentResponse } from '@ringcast/shared-types';
import { createSetupIntent, savePaymentMethod } from '../../../../api/billing';
import { showRequestError } from '../../../../api/errorPolicy';
import { fetchPaymentsConfig } from '../../../../api/payments';
import { toast } from '../../../../components/toast/toastStore';
import { useBillingStore } from '../../../../stores/billingStore';
import { SandboxSetupForm } from './SandboxSetupForm';

// Stripe's libraries load only with real Stripe keys, never in the sandbox.
const StripeSetupForm = lazy(async () => ({ default: (await import('./StripeSetupForm')).StripeSetupForm }));

type Prepared = { config: PaymentsConfig; intent: SetupIntentResponse };

/**
 * "Update card": a SetupIntent confirmed with the same card form as checkout (the sandbox's in
 * sandbox mode), then the server makes the card the default and pays any open invoice with it.
 */
export function CardUpdateForm({ onDone }: { onDone: () => void }) {
  const [prepared, setPrepared] = useState<Prepared | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    Promise.all([fetchPaymentsConfig(), createSetupIntent()]).then(
      ([config, intent]) => live && setPrepared({ config, intent }),
      (err: unknown) => {
        if (!live) return;
        showRequestError(err, { title: 'Error', fallback: 'The card form could not be opened.' });
        setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, []);

  const onConfirmed = async (setupIntentId: string) => {
    try {
      await savePaymentMethod(setupIntentId);
    } catch (err) {
      showRequestError(err, { title: 'Card Not Saved', fallback: 'The card could not be saved.' });
      return;
    }
    toast({
      title: 'Card Updated',
      description: 'Your new card is on file; any unpaid invoice is paid with it.',
    });
    await useBillingStore.getState().load();
    onDone();
  };
  const onFailed = (message: string) =>
    toast({ title: 'Card Not Saved', description: message, variant: 'destructive' });
  const handlers = { onConfirmed, onFailed, onCancel: onDone };

  if (failed)
    return <Alert type="error" showIcon title="The card form could not be opened. Please try again." />;
  if (!prepared) return <Spin className="rc-billing-card-loading" aria-label="Preparing the card form" />;
  const { config, intent } = prepared;
  if (config.sandbox && config.publishableKey)
    return (
      <SandboxSetupForm
        publishableKey={config.publishableKey}
        setupIntentId={intent.setupIntentId}
        clientSecret={intent.clientSecret}
        {...handlers}
      />
    );
  if (config.publishableKey)
    return (
      <Suspense fallback={<Spin />}>
        <StripeSetupForm
          publishableKey={config.publishableKey}
          setupIntentId={intent.setupIntentId}
          clientSecret={intent.clientSecret}
          {...handlers}
        />
      </Suspense>
    );
  return (
    <Alert type="error" showIcon title="Card payments are not available right now. Please try again later." />
  );
}
