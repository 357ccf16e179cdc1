import { resourceMissing } from './errors';
import { formString, type FormObject } from './formBody';
import { mergeMetadata, readDescription, rejectUnknownParams } from './params';
import { loadObject, sandboxId, saveObject } from './store';

/** A Customer in Stripe's shape: enough to attach intents to a payer. */
export interface SandboxCustomer {
  id: string;
  object: 'customer';
  created: number;
  description: string | null;
  email: string | null;
  livemode: false;
  metadata: Record<string, string>;
  name: string | null;
}

const KIND = 'customer';

export async function createCustomer(body: FormObject): Promise<SandboxCustomer> {
  rejectUnknownParams(body, ['email', 'name', 'description', 'metadata', 'phone']);
  const customer: SandboxCustomer = {
    id: sandboxId('cus', 14),
    object: 'customer',
    created: Math.floor(Date.now() / 1000),
    description: readDescription(body) ?? null,
    email: formString(body, 'email') || null,
    livemode: false,
    metadata: mergeMetadata({}, body),
    name: formString(body, 'name') || null,
  };
  await saveObject(KIND, customer);
  return customer;
}

export async function findCustomer(id: string): Promise<SandboxCustomer> {
  const customer = /^cus_[A-Za-z0-9]+$/.test(id) ? await loadObject<SandboxCustomer>(KIND, id) : undefined;
  if (!customer) throw resourceMissing('customer', id);
  return customer;
}
