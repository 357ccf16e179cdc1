import { invalidRequest, resourceMissing } from './errors';
import { formObject, formString, type FormObject } from './formBody';
import { rejectUnknownParams } from './params';
import {
  addToIndex,
  claimOnce,
  loadIndexed,
  loadObject,
  sandboxId,
  saveObject,
  withObjectLock,
} from './store';
import { sharedRedis, redisKey } from '../redis';

/** A billing meter in Stripe's shape, and the usage its events record per customer. */
export interface SandboxMeter {
  id: string;
  object: 'billing.meter';
  created: number;
  customer_mapping: { event_payload_key: string; type: 'by_id' };
  default_aggregation: { formula: 'sum' | 'count' | 'last' };
  display_name: string;
  event_name: string;
  event_time_window: null;
  livemode: false;
  status: 'active' | 'inactive';
  status_transitions: { deactivated_at: null };
  updated: number;
  value_settings: { event_payload_key: string };
}

const KIND = 'billing_meter';
const INDEX = ['billing_meters'];
const DAY = 86_400;
/** Stripe refuses events older than 35 days, and keeps identifiers unique for 24 hours. */
const OLDEST_EVENT_DAYS = 35;
const FUTURE_ALLOWANCE_SECONDS = 5 * 60;
const byEventName = (eventName: string) => `event_name:${eventName}`;
const usageKey = (meter: string, customer: string) => redisKey('stripe-sandbox', 'usage', meter, customer);

export async function createMeter(body: FormObject): Promise<SandboxMeter> {
  rejectUnknownParams(body, [
    'display_name',
    'event_name',
    'default_aggregation',
    'customer_mapping',
    'value_settings',
  ]);
  const displayName = formString(body, 'display_name');
  const eventName = formString(body, 'event_name');
  const formula = formString(body, 'default_aggregation', 'formula');
  for (const [param, value] of [
    ['display_name', displayName],
    ['event_name', eventName],
    ['default_aggregation[formula]', formula],
  ]) {
    if (!value)
      throw invalidRequest(`Missing required param: ${param}.`, { code: 'parameter_missing', param: param! });
  }
  if (formula !== 'sum' && formula !== 'count' && formula !== 'last') {
    throw invalidRequest('Invalid default_aggregation[formula]', { param: 'default_aggregation[formula]' });
  }
  const created = Math.floor(Date.now() / 1000);
  const meter: SandboxMeter = {
    id: sandboxId('mtr'),
    object: 'billing.meter',
    created,
    customer_mapping: {
      event_payload_key: formString(body, 'customer_mapping', 'event_payload_key') ?? 'stripe_customer_id',
      type: 'by_id',
    },
    default_aggregation: { formula },
    display_name: displayName!,
    event_name: eventName!,
    event_time_window: null,
    livemode: false,
    status: 'active',
    status_transitions: { deactivated_at: null },
    updated: created,
    value_settings: { event_payload_key: formString(body, 'value_settings', 'event_payload_key') ?? 'value' },
  };
  await withObjectLock(KIND, byEventName(meter.event_name), async () => {
    if (await loadObject(KIND, byEventName(meter.event_name))) {
      throw invalidRequest(`An active meter with event_name \`${meter.event_name}\` already exists.`, {
        param: 'event_name',
      });
    }
    await saveObject(KIND, meter);
    await saveObject(KIND, { id: byEventName(meter.event_name), meter: meter.id });
  });
  await addToIndex(INDEX, meter.id, created);
  return meter;
}

export async function findMeter(id: string): Promise<SandboxMeter> {
  const meter = /^mtr_[A-Za-z0-9]+$/.test(id) ? await loadObject<SandboxMeter>(KIND, id) : undefined;
  if (!meter) throw resourceMissing('billing.meter', id, 'meter');
  return meter;
}

export const listMeters = () => loadIndexed<SandboxMeter>(KIND, INDEX);

/**
 * POST /v1/billing/meter_events. `nowFor(customer)` is the customer's billing time (its test
 * clock's), against which the 35-day rule holds. A repeated identifier within 24 hours is refused.
 */
export async function createMeterEvent(body: FormObject, nowFor: (customer: string) => Promise<number>) {
  rejectUnknownParams(body, ['event_name', 'identifier', 'payload', 'timestamp']);
  const eventName = formString(body, 'event_name');
  if (!eventName)
    throw invalidRequest('Missing required param: event_name.', {
      code: 'parameter_missing',
      param: 'event_name',
    });
  const holder = await loadObject<{ id: string; meter: string }>(KIND, byEventName(eventName));
  if (!holder) {
    throw invalidRequest(`No active meter was found for event_name \`${eventName}\`.`, {
      param: 'event_name',
    });
  }
  const meter = await findMeter(holder.meter);
  const payload = formObject(body, 'payload') ?? {};
  const customer = formString(payload, meter.customer_mapping.event_payload_key);
  if (!customer) {
    throw invalidRequest(`Missing payload[${meter.customer_mapping.event_payload_key}].`, {
      param: 'payload',
    });
  }
  const valueText =
    formString(payload, meter.value_settings.event_payload_key) ??
    (meter.default_aggregation.formula === 'count' ? '1' : undefined);
  if (valueText === undefined || !/^-?\d+(\.\d+)?$/.test(valueText)) {
    throw invalidRequest(`Invalid payload[${meter.value_settings.event_payload_key}]: a number`, {
      param: 'payload',
    });
  }
  const now = await nowFor(customer);
  const timestampText = formString(body, 'timestamp');
  if (timestampText !== undefined && !/^\d+$/.test(timestampText)) {
    throw invalidRequest(`Invalid integer: ${timestampText}`, { param: 'timestamp' });
  }
  const timestamp = timestampText === undefined ? now : Number(timestampText);
  if (timestamp < now - OLDEST_EVENT_DAYS * DAY) {
    throw invalidRequest('Timestamp must be within the past 35 calendar days.', {
      code: 'timestamp_too_far_in_past',
      param: 'timestamp',
    });
  }
  if (timestamp > Math.max(now, Math.floor(Date.now() / 1000)) + FUTURE_ALLOWANCE_SECONDS) {
    throw invalidRequest('Timestamp must not be more than 5 minutes in the future.', {
      code: 'timestamp_in_future',
      param: 'timestamp',
    });
  }
  const identifier = formString(body, 'identifier') || sandboxId('mevt');
  if (!(await claimOnce(['meter_event', identifier], DAY))) {
    throw invalidRequest(`An event already exists with identifier ${identifier}.`, {
      code: 'duplicate_meter_event',
      param: 'identifier',
    });
  }
  const redis = sharedRedis();
  await redis.zadd(usageKey(meter.id, customer), timestamp, `${identifier}:${valueText}`);
  await redis.expire(usageKey(meter.id, customer), 60 * DAY);
  return {
    object: 'billing.meter_event' as const,
    created: Math.floor(Date.now() / 1000),
    event_name: eventName,
    identifier,
    livemode: false,
    payload,
    timestamp,
  };
}

/** The meter's aggregate of a customer's events in [start, end). */
export async function meteredUsage(
  meterId: string,
  customer: string,
  start: number,
  end: number,
): Promise<number> {
  const meter = await findMeter(meterId);
  const entries = await sharedRedis().zrangebyscore(usageKey(meterId, customer), start, `(${end}`);
  const values = entries.map((entry) => Number(entry.slice(entry.lastIndexOf(':') + 1)));
  if (meter.default_aggregation.formula === 'count') return values.length;
  if (meter.default_aggregation.formula === 'last') return values[values.length - 1] ?? 0;
  return Math.max(
    0,
    values.reduce((sum, value) => sum + value, 0),
  );
}
