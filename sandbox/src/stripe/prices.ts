import { invalidRequest, resourceMissing } from './errors';
import { formList, formObject, formString, type FormObject, type FormValue } from './formBody';
import { mergeMetadata, readCurrency, rejectUnknownParams } from './params';
import { findProduct } from './products';
import { addToIndex, loadIndexed, loadObject, sandboxId, saveObject, withObjectLock } from './store';
import { findMeter } from './meters';

/** A Price in Stripe's shape: one-time or monthly, licensed per unit or metered in graduated tiers. */
export interface SandboxPriceTier {
  flat_amount: number | null;
  flat_amount_decimal: string | null;
  unit_amount: number | null;
  unit_amount_decimal: string | null;
  up_to: number | null;
}

export interface SandboxPrice {
  id: string;
  object: 'price';
  active: boolean;
  billing_scheme: 'per_unit' | 'tiered';
  created: number;
  currency: string;
  livemode: false;
  lookup_key: string | null;
  metadata: Record<string, string>;
  nickname: string | null;
  product: string;
  recurring: {
    interval: 'day' | 'week' | 'month' | 'year';
    interval_count: number;
    meter: string | null;
    trial_period_days: null;
    usage_type: 'licensed' | 'metered';
  } | null;
  tax_behavior: 'unspecified';
  /** Stripe includes tiers only when asked (`expand[]=tiers`); see priceView. */
  tiers?: SandboxPriceTier[];
  tiers_mode: 'graduated' | 'volume' | null;
  transform_quantity: null;
  type: 'one_time' | 'recurring';
  unit_amount: number | null;
  unit_amount_decimal: string | null;
}

const KIND = 'price';
const INDEX = ['prices'];
const lookupKey = (key: string) => `lookup:${key}`;

function readCents(body: FormObject, param: string, required: boolean): number | null {
  const text = formString(body, param);
  if (text === undefined) {
    if (required)
      throw invalidRequest(`Missing required param: ${param}.`, { code: 'parameter_missing', param });
    return null;
  }
  if (!/^\d+$/.test(text))
    throw invalidRequest(`Invalid integer: ${text}`, { code: 'parameter_invalid_integer', param });
  return Number(text);
}

function readTiers(value: FormValue | undefined): SandboxPriceTier[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw invalidRequest('Missing required param: tiers.', { code: 'parameter_missing', param: 'tiers' });
  }
  return value.map((tier, i) => {
    const t = (typeof tier === 'object' && !Array.isArray(tier) ? tier : {}) as FormObject;
    const upTo = formString(t, 'up_to');
    const unit = readCents(t, 'unit_amount', false);
    const flat = readCents(t, 'flat_amount', false);
    if (upTo === undefined || (upTo !== 'inf' && !/^\d+$/.test(upTo))) {
      throw invalidRequest(`Invalid tiers[${i}][up_to]: an integer or inf`, { param: `tiers[${i}][up_to]` });
    }
    return {
      flat_amount: flat,
      flat_amount_decimal: flat === null ? null : String(flat),
      unit_amount: unit,
      unit_amount_decimal: unit === null ? null : String(unit),
      up_to: upTo === 'inf' ? null : Number(upTo),
    };
  });
}

async function readRecurring(body: FormObject): Promise<SandboxPrice['recurring']> {
  const recurring = formObject(body, 'recurring');
  if (!recurring) return null;
  const interval = formString(recurring, 'interval');
  if (interval !== 'month') {
    throw invalidRequest('Invalid recurring[interval]: the sandbox bills monthly (month)', {
      param: 'recurring[interval]',
    });
  }
  const usageType = formString(recurring, 'usage_type') ?? 'licensed';
  if (usageType !== 'licensed' && usageType !== 'metered') {
    throw invalidRequest('Invalid recurring[usage_type]', { param: 'recurring[usage_type]' });
  }
  const meter = formString(recurring, 'meter') ?? null;
  if (usageType === 'metered' && !meter) {
    throw invalidRequest('A metered price needs recurring[meter].', { param: 'recurring[meter]' });
  }
  if (meter) await findMeter(meter);
  return { interval, interval_count: 1, meter, trial_period_days: null, usage_type: usageType };
}

export async function createPrice(body: FormObject): Promise<SandboxPrice> {
  rejectUnknownParams(body, [
    'product',
    'currency',
    'unit_amount',
    'recurring',
    'lookup_key',
    'transfer_lookup_key',
    'metadata',
    'nickname',
    'billing_scheme',
    'tiers_mode',
    'tiers',
    'active',
  ]);
  const productId = formString(body, 'product');
  if (!productId)
    throw invalidRequest('Missing required param: product.', { code: 'parameter_missing', param: 'product' });
  await findProduct(productId);
  const tiered = formString(body, 'billing_scheme') === 'tiered';
  const recurring = await readRecurring(body);
  const unitAmount = tiered ? null : readCents(body, 'unit_amount', true);
  const tiersMode = formString(body, 'tiers_mode');
  if (tiered && tiersMode !== 'graduated' && tiersMode !== 'volume') {
    throw invalidRequest('Missing required param: tiers_mode.', {
      code: 'parameter_missing',
      param: 'tiers_mode',
    });
  }
  const key = formString(body, 'lookup_key') || null;
  const price: SandboxPrice = {
    id: sandboxId('price'),
    object: 'price',
    active: formString(body, 'active') !== 'false',
    billing_scheme: tiered ? 'tiered' : 'per_unit',
    created: Math.floor(Date.now() / 1000),
    currency: readCurrency(body),
    livemode: false,
    lookup_key: key,
    metadata: mergeMetadata({}, body),
    nickname: formString(body, 'nickname') || null,
    product: productId,
    recurring,
    tax_behavior: 'unspecified',
    ...(tiered ? { tiers: readTiers(body.tiers) } : {}),
    tiers_mode: tiered ? (tiersMode as 'graduated' | 'volume') : null,
    transform_quantity: null,
    type: recurring ? 'recurring' : 'one_time',
    unit_amount: unitAmount,
    unit_amount_decimal: unitAmount === null ? null : String(unitAmount),
  };
  if (!key) {
    await saveObject(KIND, price);
  } else {
    // A lookup key names one price; transfer_lookup_key moves it from the price holding it.
    await withObjectLock(KIND, lookupKey(key), async () => {
      const holder = await loadObject<{ id: string; price: string }>(KIND, lookupKey(key));
      if (holder && formString(body, 'transfer_lookup_key') !== 'true') {
        throw invalidRequest(
          `A price (\`${holder.price}\`) already uses that lookup key. Set transfer_lookup_key to move it.`,
          { code: 'lookup_key_already_exists', param: 'lookup_key' } as never,
        );
      }
      if (holder) {
        const previous = await loadObject<SandboxPrice>(KIND, holder.price);
        if (previous) await saveObject(KIND, { ...previous, lookup_key: null });
      }
      await saveObject(KIND, price);
      await saveObject(KIND, { id: lookupKey(key), price: price.id });
    });
  }
  await addToIndex(INDEX, price.id, price.created);
  return price;
}

export async function findPrice(id: string): Promise<SandboxPrice> {
  const price = /^price_[A-Za-z0-9]+$/.test(id) ? await loadObject<SandboxPrice>(KIND, id) : undefined;
  if (!price) throw resourceMissing('price', id, 'price');
  return price;
}

/** A price as Stripe answers it: tiers only when expanded, the product as an object when expanded. */
export async function priceView(price: SandboxPrice, expand: string[], prefix = '') {
  const { tiers, ...rest } = price;
  return {
    ...rest,
    ...(tiers && expand.includes(`${prefix}tiers`) ? { tiers } : {}),
    product: expand.includes(`${prefix}product`) ? await findProduct(price.product) : price.product,
  };
}

/** GET /v1/prices: `lookup_keys[]`, `active`, `product`, `type`; `expand[]=data.product`. */
export async function listPrices(form: FormObject, limit: number) {
  const keys = formList(form, 'lookup_keys');
  const product = formString(form, 'product');
  const active = formString(form, 'active');
  const type = formString(form, 'type');
  const all = await loadIndexed<SandboxPrice>(KIND, INDEX);
  const matching = all.filter(
    (price) =>
      (keys.length === 0 || (price.lookup_key !== null && keys.includes(price.lookup_key))) &&
      (product === undefined || price.product === product) &&
      (active === undefined || String(price.active) === active) &&
      (type === undefined || price.type === type),
  );
  const expand = formList(form, 'expand');
  const data = await Promise.all(matching.slice(0, limit).map((price) => priceView(price, expand, 'data.')));
  return { object: 'list' as const, data, has_more: matching.length > limit, url: '/v1/prices' };
}

/** What `quantity` units of a tiered price cost. */
export function tieredAmount(price: SandboxPrice, quantity: number): number {
  const tiers = price.tiers ?? [];
  if (price.tiers_mode === 'volume') {
    const tier = tiers.find((t) => t.up_to === null || quantity <= t.up_to) ?? tiers[tiers.length - 1]!;
    return quantity * (tier.unit_amount ?? 0) + (quantity > 0 ? (tier.flat_amount ?? 0) : 0);
  }
  let total = 0;
  let below = 0;
  for (const tier of tiers) {
    const top = tier.up_to ?? Infinity;
    const units = Math.max(0, Math.min(quantity, top) - below);
    if (units > 0) total += units * (tier.unit_amount ?? 0) + (tier.flat_amount ?? 0);
    below = top;
    if (quantity <= top) break;
  }
  return total;
}
