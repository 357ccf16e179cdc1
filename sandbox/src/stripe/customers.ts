import { invalidRequest, resourceMissing } from './errors';
import { formObject, formString, type FormObject } from './formBody';
import { mergeMetadata, readDescription, rejectUnknownParams } from './params';
import { findPaymentMethod } from './paymentMethods';
import { addToIndex, loadObject, randomToken, sandboxId, saveObject, withObjectLock } from './store';
import { clockTime, findClock } from './testClocks';

/** A Customer in Stripe's shape: a payer with a credit balance, a default card and maybe a test clock. */
export interface SandboxCustomer {
  id: string;
  object: 'customer';
  /** Negative: credit the customer has with us, applied to the next invoices. */
  balance: number;
  created: number;
  currency: string | null;
  delinquent: boolean;
  description: string | null;
  email: string | null;
  invoice_prefix: string;
  invoice_settings: {
    custom_fields: null;
    default_payment_method: string | null;
    footer: null;
    rendering_options: null;
  };
  livemode: false;
  metadata: Record<string, string>;
  name: string | null;
  test_clock: string | null;
}

const KIND = 'customer';

export async function createCustomer(body: FormObject): Promise<SandboxCustomer> {
  rejectUnknownParams(body, ['email', 'name', 'description', 'metadata', 'phone', 'test_clock', 'balance']);
  const clockId = formString(body, 'test_clock') || null;
  if (clockId) await findClock(clockId);
  const customer: SandboxCustomer = {
    id: sandboxId('cus', 14),
    object: 'customer',
    balance: readBalance(body) ?? 0,
    created: clockId ? await clockTime(clockId) : Math.floor(Date.now() / 1000),
    currency: null,
    delinquent: false,
    description: readDescription(body) ?? null,
    email: formString(body, 'email') || null,
    invoice_prefix: randomToken(8)
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, 'X'),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: mergeMetadata({}, body),
    name: formString(body, 'name') || null,
    test_clock: clockId,
  };
  await saveObject(KIND, customer);
  if (clockId) await addToIndex(['clock_customers', clockId], customer.id, customer.created);
  return customer;
}

function readBalance(body: FormObject): number | undefined {
  const text = formString(body, 'balance');
  if (text === undefined) return undefined;
  if (!/^-?\d+$/.test(text)) throw invalidRequest(`Invalid integer: ${text}`, { param: 'balance' });
  return Number(text);
}

export async function findCustomer(id: string): Promise<SandboxCustomer> {
  const customer = /^cus_[A-Za-z0-9]+$/.test(id) ? await loadObject<SandboxCustomer>(KIND, id) : undefined;
  if (!customer) throw resourceMissing('customer', id);
  return customer;
}

/** The time in the customer's billing: its test clock's frozen time, or the wall clock. */
export async function customerNow(customer: SandboxCustomer): Promise<number> {
  return customer.test_clock ? clockTime(customer.test_clock) : Math.floor(Date.now() / 1000);
}

export function updateCustomer(id: string, body: FormObject): Promise<SandboxCustomer> {
  rejectUnknownParams(body, [
    'email',
    'name',
    'description',
    'metadata',
    'phone',
    'invoice_settings',
    'balance',
  ]);
  return withObjectLock(KIND, id, async () => {
    const customer = await findCustomer(id);
    const email = formString(body, 'email');
    const name = formString(body, 'name');
    const description = readDescription(body);
    if (email !== undefined) customer.email = email || null;
    if (name !== undefined) customer.name = name || null;
    if (description !== undefined) customer.description = description;
    customer.balance = readBalance(body) ?? customer.balance;
    customer.metadata = mergeMetadata(customer.metadata, body);
    const settings = formObject(body, 'invoice_settings');
    const method = settings && formString(settings, 'default_payment_method');
    if (method !== undefined) {
      if (method && (await findPaymentMethod(method)).customer !== id) {
        throw invalidRequest(
          `The customer does not have a payment method with the ID ${method}. The payment method must be attached to the customer.`,
          { code: 'resource_missing', param: 'invoice_settings[default_payment_method]' },
        );
      }
      customer.invoice_settings.default_payment_method = method || null;
    }
    await saveObject(KIND, customer);
    return customer;
  });
}

/** Adds to the balance under the customer's lock (credit is negative), as billing applies it. */
export function adjustBalance(id: string, change: (balance: number) => number): Promise<SandboxCustomer> {
  return withObjectLock(KIND, id, async () => {
    const customer = await findCustomer(id);
    customer.balance = change(customer.balance);
    await saveObject(KIND, customer);
    return customer;
  });
}

/** POST /v1/customers/:id/balance_transactions: a credit (negative) or a debit to the balance. */
export async function createBalanceTransaction(id: string, body: FormObject) {
  rejectUnknownParams(body, ['amount', 'currency', 'description', 'metadata']);
  const text = formString(body, 'amount');
  if (text === undefined || !/^-?\d+$/.test(text)) {
    throw invalidRequest(
      text === undefined ? 'Missing required param: amount.' : `Invalid integer: ${text}`,
      {
        code: text === undefined ? 'parameter_missing' : 'parameter_invalid_integer',
        param: 'amount',
      },
    );
  }
  if (formString(body, 'currency')?.toLowerCase() !== 'usd') {
    throw invalidRequest('Missing required param: currency (usd).', { param: 'currency' });
  }
  const amount = Number(text);
  const customer = await adjustBalance(id, (balance) => balance + amount);
  return {
    id: sandboxId('cbtxn'),
    object: 'customer_balance_transaction' as const,
    amount,
    created: await customerNow(customer),
    credit_note: null,
    currency: 'usd',
    customer: id,
    description: readDescription(body) ?? null,
    ending_balance: customer.balance,
    invoice: null,
    livemode: false,
    metadata: mergeMetadata({}, body),
    type: 'adjustment' as const,
  };
}
