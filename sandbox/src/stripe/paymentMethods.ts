import {
  attachableCard,
  cardDetailsOf,
  chargeCardDetails,
  chargeSavedCard,
  chargeTestPaymentMethod,
  type CardVerdict,
  type SandboxCard,
} from './cards';
import { cardError, invalidRequest, resourceMissing } from './errors';
import type { FormObject } from './formBody';
import { addToIndex, loadIndexed, loadObject, sandboxId, saveObject, withObjectLock } from './store';

/** A card PaymentMethod in Stripe's shape. Stripe's test ids (pm_card_visa) become a new pm_ when used. */
export interface SandboxPaymentMethod {
  id: string;
  object: 'payment_method';
  billing_details: { address: null; email: null; name: null; phone: null };
  card: {
    brand: string;
    last4: string;
    exp_month: number;
    exp_year: number;
    funding: 'credit';
    country: 'US';
  };
  created: number;
  customer: string | null;
  livemode: false;
  metadata: Record<string, string>;
  type: 'card';
}

const KIND = 'payment_method';
const now = () => Math.floor(Date.now() / 1000);
const customerIndex = (customer: string) => ['customer_payment_methods', customer];

export async function savePaymentMethod(card: SandboxCard): Promise<SandboxPaymentMethod> {
  const method: SandboxPaymentMethod = {
    id: sandboxId('pm'),
    object: 'payment_method',
    billing_details: { address: null, email: null, name: null, phone: null },
    card: cardDetailsOf(card),
    created: now(),
    customer: null,
    livemode: false,
    metadata: {},
    type: 'card',
  };
  await saveObject(KIND, method);
  return method;
}

const cardOf = (method: SandboxPaymentMethod): SandboxCard => ({
  brand: method.card.brand,
  last4: method.card.last4,
  expMonth: method.card.exp_month,
  expYear: method.card.exp_year,
});

export async function findPaymentMethod(id: string): Promise<SandboxPaymentMethod> {
  const testVerdict = chargeTestPaymentMethod(id);
  if (testVerdict.kind === 'succeeds' || testVerdict.kind === 'declined') {
    // Retrieving a test id shows the card it stands for, as a fresh payment method.
    return savePaymentMethod(testVerdict.card);
  }
  const method = /^pm_[A-Za-z0-9]+$/.test(id) ? await loadObject<SandboxPaymentMethod>(KIND, id) : undefined;
  if (!method) throw resourceMissing('PaymentMethod', id, 'payment_method');
  return method;
}

/** What charging a payment method (a test id or a saved pm_) does. */
export async function verdictForMethod(id: string): Promise<CardVerdict> {
  const testVerdict = chargeTestPaymentMethod(id);
  if (testVerdict.kind !== 'unknown_method') return testVerdict;
  const method = /^pm_[A-Za-z0-9]+$/.test(id) ? await loadObject<SandboxPaymentMethod>(KIND, id) : undefined;
  return method ? chargeSavedCard(cardOf(method)) : { kind: 'unknown_method', id };
}

/** The card a saving flow (attach, SetupIntent) would keep, or the card error Stripe answers. */
export async function cardToSave(verdict: CardVerdict): Promise<SandboxCard> {
  if (verdict.kind === 'unknown_method') throw resourceMissing('PaymentMethod', verdict.id, 'payment_method');
  if (verdict.kind === 'invalid') throw cardError(verdict.failure);
  if (verdict.kind === 'declined' && !attachableCard(verdict.card)) throw cardError(verdict.failure);
  return verdict.card;
}

/** Attaches a payment method to a customer; a test id is saved as a new payment method first. */
export async function attachPaymentMethod(id: string, customer: string): Promise<SandboxPaymentMethod> {
  if (!(await loadObject('customer', customer))) throw resourceMissing('customer', customer, 'customer');
  const verdict = await verdictForMethod(id);
  const card = await cardToSave(verdict);
  const saved = id.startsWith('pm_card_') ? (await savePaymentMethod(card)).id : id;
  return withObjectLock(KIND, saved, async () => {
    const method = await findPaymentMethod(saved);
    if (method.customer && method.customer !== customer) {
      throw invalidRequest('The payment method you provided has already been attached to a customer.', {
        code: 'payment_method_unexpected_state',
        param: 'payment_method',
      });
    }
    if (!method.customer) {
      method.customer = customer;
      await saveObject(KIND, method);
      await addToIndex(customerIndex(customer), method.id, method.created);
    }
    return method;
  });
}

/** Saves the card from a confirm's `payment_method` or `payment_method_data` and attaches it. */
export async function saveCardFor(customer: string | null, card: SandboxCard): Promise<SandboxPaymentMethod> {
  const method = await savePaymentMethod(card);
  return customer ? attachPaymentMethod(method.id, customer) : method;
}

export async function listCustomerPaymentMethods(customer: string): Promise<SandboxPaymentMethod[]> {
  return loadIndexed<SandboxPaymentMethod>(KIND, customerIndex(customer));
}

/** A verdict from a confirm's body: `payment_method` (id) or `payment_method_data` (card details). */
export async function verdictFromBody(
  paymentMethod: string | undefined,
  data: FormObject | undefined,
): Promise<CardVerdict | undefined> {
  if (paymentMethod) return verdictForMethod(paymentMethod);
  if (data) return chargeCardDetails(data);
  return undefined;
}
