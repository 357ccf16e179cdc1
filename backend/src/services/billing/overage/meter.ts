import type Stripe from 'stripe';
import { stripe } from '../../../providers/stripe';
import { OVERAGE_EVENT_NAME } from './outbox';

let known: Promise<Stripe.Billing.Meter> | undefined;

async function findOrCreate(): Promise<Stripe.Billing.Meter> {
  const meters = await stripe().billing.meters.list({ status: 'active', limit: 100 });
  const found = meters.data.find((meter) => meter.event_name === OVERAGE_EVENT_NAME);
  if (found) return found;
  // An idempotency key: two processes creating it at once make one meter.
  return stripe().billing.meters.create(
    {
      display_name: 'Calls past the package',
      event_name: OVERAGE_EVENT_NAME,
      default_aggregation: { formula: 'sum' },
      customer_mapping: { type: 'by_id', event_payload_key: 'stripe_customer_id' },
      value_settings: { event_payload_key: 'value' },
    },
    { idempotencyKey: `meter-${OVERAGE_EVENT_NAME}` },
  );
}

/** The overage meter, read from Stripe once per process (created the first time it is needed). */
export function overageMeter(): Promise<Stripe.Billing.Meter> {
  if (!known) {
    known = findOrCreate();
    known.catch(() => (known = undefined));
  }
  return known;
}

/** Forgets the meter read (the sandbox's store was reset, say). */
export function forgetOverageMeter(): void {
  known = undefined;
}
