import { invalidRequest, resourceMissing } from './errors';
import { formString, type FormObject } from './formBody';
import { mergeMetadata, readDescription, rejectUnknownParams } from './params';
import { loadObject, sandboxId, saveObject } from './store';

/** A Product in Stripe's shape: what a price sells. */
export interface SandboxProduct {
  id: string;
  object: 'product';
  active: boolean;
  created: number;
  default_price: string | null;
  description: string | null;
  images: string[];
  livemode: false;
  metadata: Record<string, string>;
  name: string;
  type: 'service';
  updated: number;
  url: null;
}

const KIND = 'product';

export async function createProduct(body: FormObject): Promise<SandboxProduct> {
  rejectUnknownParams(body, ['name', 'description', 'metadata', 'active', 'id']);
  const name = formString(body, 'name');
  if (!name)
    throw invalidRequest('Missing required param: name.', { code: 'parameter_missing', param: 'name' });
  const created = Math.floor(Date.now() / 1000);
  const product: SandboxProduct = {
    id: formString(body, 'id') || sandboxId('prod', 14),
    object: 'product',
    active: formString(body, 'active') !== 'false',
    created,
    default_price: null,
    description: readDescription(body) ?? null,
    images: [],
    livemode: false,
    metadata: mergeMetadata({}, body),
    name,
    type: 'service',
    updated: created,
    url: null,
  };
  if (await loadObject(KIND, product.id)) {
    throw invalidRequest(`Product already exists.`, { code: 'resource_already_exists', param: 'id' });
  }
  await saveObject(KIND, product);
  return product;
}

export async function findProduct(id: string): Promise<SandboxProduct> {
  const product = await loadObject<SandboxProduct>(KIND, id);
  if (!product) throw resourceMissing('product', id, 'product');
  return product;
}
