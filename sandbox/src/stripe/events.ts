import Stripe from 'stripe';
import { invalidRequest, resourceMissing } from './errors';
import { formList, formObject, formString, type FormObject } from './formBody';
import { addToIndex, loadIndexed, loadObject, sandboxId, saveObject } from './store';

/** Every event the sandbox sends is kept and listable, as on Stripe (GET /v1/events). */
export type SandboxEventType =
  | 'payment_intent.succeeded'
  | 'payment_intent.payment_failed'
  | 'invoice.finalized'
  | 'invoice.paid'
  | 'invoice.payment_failed'
  | 'invoice.payment_action_required'
  | 'customer.subscription.created'
  | 'customer.subscription.updated'
  | 'customer.subscription.deleted'
  | 'setup_intent.succeeded'
  | 'setup_intent.setup_failed'
  | 'test_helpers.test_clock.ready';

const KIND = 'event';
const INDEX = ['events'];

export function buildEvent(type: SandboxEventType, object: unknown) {
  return {
    id: sandboxId('evt'),
    object: 'event' as const,
    api_version: Stripe.API_VERSION,
    // Events carry the wall clock's time, also for objects on a test clock, as on Stripe.
    created: Math.floor(Date.now() / 1000),
    data: { object: structuredClone(object) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

export type SandboxEvent = ReturnType<typeof buildEvent>;

export async function recordEvent(type: SandboxEventType, object: unknown): Promise<SandboxEvent> {
  const event = buildEvent(type, object);
  await saveObject(KIND, event);
  await addToIndex(INDEX, event.id, event.created);
  return event;
}

export async function findEvent(id: string): Promise<SandboxEvent> {
  const event = /^evt_[A-Za-z0-9]+$/.test(id) ? await loadObject<SandboxEvent>(KIND, id) : undefined;
  if (!event) throw resourceMissing('event', id);
  return event;
}

const integerParam = (text: string | undefined, param: string) => {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) throw invalidRequest(`Invalid integer: ${text}`, { param });
  return Number(text);
};

/** `created[gte|gt|lte|lt]` or `created=<ts>`: does `at` fall in the range? */
export function createdFilter(form: FormObject): (at: number) => boolean {
  const exact = integerParam(formString(form, 'created'), 'created');
  const range = formObject(form, 'created') ?? {};
  const bound = (name: string) => integerParam(formString(range, name), `created[${name}]`);
  const [gte, gt, lte, lt] = [bound('gte'), bound('gt'), bound('lte'), bound('lt')];
  return (at) =>
    (exact === undefined || at === exact) &&
    (gte === undefined || at >= gte) &&
    (gt === undefined || at > gt) &&
    (lte === undefined || at <= lte) &&
    (lt === undefined || at < lt);
}

/** Newest first; `type` or `types[]` (exact, or `invoice.*`), `created` range, `limit`, `starting_after`. */
export async function listEvents(form: FormObject, limit: number) {
  const type = formString(form, 'type');
  const types = formList(form, 'types');
  const matchesType = (eventType: string) => {
    const wanted = type ? [type] : types;
    if (wanted.length === 0) return true;
    return wanted.some((w) => (w.endsWith('.*') ? eventType.startsWith(w.slice(0, -1)) : w === eventType));
  };
  const inRange = createdFilter(form);
  // Only the events that can match are read: those from the earliest second the range allows.
  const range = formObject(form, 'created');
  const earliest = Math.max(
    Number(formString(form, 'created') ?? 0),
    Number((range && formString(range, 'gte')) ?? 0),
    Number((range && formString(range, 'gt')) ?? 0),
  );
  const events = (
    await loadIndexed<SandboxEvent>(KIND, INDEX, Number.isFinite(earliest) ? earliest : 0)
  ).filter((event) => matchesType(event.type) && inRange(event.created));
  return pageOf(events, form, limit, '/v1/events');
}

/** One page of a newest-first list, in Stripe's list shape. */
export function pageOf<T extends { id: string }>(all: T[], form: FormObject, limit: number, url: string) {
  const after = formString(form, 'starting_after');
  const start = after ? all.findIndex((item) => item.id === after) + 1 : 0;
  if (after && start === 0) throw resourceMissing('object', after, 'starting_after');
  const data = all.slice(start, start + limit);
  return { object: 'list' as const, data, has_more: all.length > start + limit, url };
}
