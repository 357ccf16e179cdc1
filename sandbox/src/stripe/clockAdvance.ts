import { logger } from '../logger';
import { customerInvoicesIndex, INVOICE_KIND, type SandboxInvoice } from './invoices';
import { chargeInvoice } from './invoiceCharges';
import { endAtPeriodEnd, renewSubscription } from './renewals';
import { loadIndexed, readIndex, withObjectLock } from './store';
import { voidInvoice } from './subscriptionChanges';
import {
  customerSubscriptions,
  endSubscription,
  findSubscription,
  periodOf,
  SUBSCRIPTION_KIND,
} from './subscriptionStore';
import { finishAdvance } from './testClocks';
import { deliverEvent } from './webhookDelivery';

/** Stripe lets an incomplete subscription's first invoice wait 23 hours. */
const INCOMPLETE_EXPIRY_SECONDS = 23 * 3600;
const MAX_MOMENTS = 1000;

interface Moment {
  at: number;
  order: number;
  play: () => Promise<void>;
}

async function expireIncomplete(subId: string, at: number) {
  const change = await withObjectLock(SUBSCRIPTION_KIND, subId, async () => {
    const sub = await findSubscription(subId);
    if (sub.status !== 'incomplete') return undefined;
    if (sub.latest_invoice) await voidInvoice(sub.latest_invoice, at);
    return endSubscription(sub, at, 'payment_failed');
  });
  if (change) await deliverEvent(change.type, change.sub);
}

/** The earliest billing moment of the clock's customers at or before `until`. */
async function nextMoment(clockId: string, until: number): Promise<Moment | undefined> {
  const moments: Moment[] = [];
  for (const customer of await readIndex(['clock_customers', clockId])) {
    for (const sub of await customerSubscriptions(customer)) {
      if (sub.status === 'incomplete') {
        const at = sub.created + INCOMPLETE_EXPIRY_SECONDS;
        moments.push({ at, order: 0, play: () => expireIncomplete(sub.id, at) });
      } else if (sub.status === 'active' || sub.status === 'past_due') {
        const { end } = periodOf(sub);
        if (sub.cancel_at !== null && sub.cancel_at <= end) {
          const at = sub.cancel_at;
          moments.push({ at, order: 1, play: () => endAtPeriodEnd(sub.id, at, deliverEvent) });
        } else {
          moments.push({ at: end, order: 2, play: () => renewSubscription(sub.id, end, deliverEvent) });
        }
      }
    }
    const invoices = await loadIndexed<SandboxInvoice>(INVOICE_KIND, customerInvoicesIndex(customer));
    for (const invoice of invoices) {
      const at = invoice.next_payment_attempt;
      if (invoice.status !== 'open' || at === null) continue;
      moments.push({
        at,
        order: 0,
        play: async () => void (await chargeInvoice(invoice.id, null, at, deliverEvent, { automatic: true })),
      });
    }
  }
  return moments.filter((moment) => moment.at <= until).sort((a, b) => a.at - b.at || a.order - b.order)[0];
}

/**
 * Plays every billing moment up to the clock's new time, in order, each webhook delivered and
 * acknowledged before the next; then the clock is ready and says so.
 */
export async function playClock(clockId: string, until: number): Promise<void> {
  try {
    for (let played = 0; played < MAX_MOMENTS; played++) {
      const moment = await nextMoment(clockId, until);
      if (!moment) break;
      await moment.play();
    }
    const clock = await finishAdvance(clockId, 'ready');
    await deliverEvent('test_helpers.test_clock.ready', clock);
  } catch (err) {
    logger.error({ err, clockId }, 'stripe sandbox test clock advance failed');
    await finishAdvance(clockId, 'internal_failure').catch(() => undefined);
  }
}
