import { invalidRequest, resourceMissing } from './errors';
import { formString, type FormObject } from './formBody';
import { rejectUnknownParams } from './params';
import {
  addToIndex,
  deleteObject,
  loadIndexed,
  loadObject,
  sandboxId,
  saveObject,
  withObjectLock,
} from './store';

/**
 * A test clock in Stripe's shape. Customers created on it live in its time; advancing it plays the
 * billing moments in between (clockAdvance.ts).
 */
export interface SandboxTestClock {
  id: string;
  object: 'test_helpers.test_clock';
  created: number;
  deletes_after: number;
  frozen_time: number;
  livemode: false;
  name: string | null;
  status: 'ready' | 'advancing' | 'internal_failure';
  status_details: { advancing?: { target_frozen_time: number } };
}

export const CLOCK_KIND = 'test_clock';
const INDEX = ['test_clocks'];
const DAY = 86_400;

function readTime(body: FormObject, param: string): number {
  const text = formString(body, param);
  if (text === undefined) {
    throw invalidRequest(`Missing required param: ${param}.`, { code: 'parameter_missing', param });
  }
  if (!/^\d+$/.test(text)) throw invalidRequest(`Invalid integer: ${text}`, { param });
  return Number(text);
}

export async function createClock(body: FormObject): Promise<SandboxTestClock> {
  rejectUnknownParams(body, ['frozen_time', 'name']);
  const created = Math.floor(Date.now() / 1000);
  const clock: SandboxTestClock = {
    id: sandboxId('clock'),
    object: 'test_helpers.test_clock',
    created,
    deletes_after: created + 30 * DAY,
    frozen_time: readTime(body, 'frozen_time'),
    livemode: false,
    name: formString(body, 'name') || null,
    status: 'ready',
    status_details: {},
  };
  await saveObject(CLOCK_KIND, clock);
  await addToIndex(INDEX, clock.id, created);
  return clock;
}

export async function findClock(id: string): Promise<SandboxTestClock> {
  const clock = /^clock_[A-Za-z0-9]+$/.test(id)
    ? await loadObject<SandboxTestClock>(CLOCK_KIND, id)
    : undefined;
  if (!clock) throw resourceMissing('test_clock', id, 'test_clock');
  return clock;
}

/** The clock's time, which is the time of everything billed to its customers. */
export async function clockTime(id: string): Promise<number> {
  return (await findClock(id)).frozen_time;
}

export async function listClocks(): Promise<SandboxTestClock[]> {
  return loadIndexed<SandboxTestClock>(CLOCK_KIND, INDEX);
}

export async function deleteClock(id: string) {
  await withObjectLock(CLOCK_KIND, id, async () => {
    await findClock(id);
    await deleteObject(CLOCK_KIND, id);
  });
  return { id, object: 'test_helpers.test_clock' as const, deleted: true as const };
}

/**
 * Moves the clock to `frozen_time` and marks it advancing; the caller plays the moments in between.
 * Stripe refuses to move a clock back, or one that is still advancing.
 */
export function startAdvance(
  id: string,
  body: FormObject,
): Promise<{ clock: SandboxTestClock; from: number }> {
  rejectUnknownParams(body, ['frozen_time']);
  const target = readTime(body, 'frozen_time');
  return withObjectLock(CLOCK_KIND, id, async () => {
    const clock = await findClock(id);
    if (clock.status === 'advancing') {
      throw invalidRequest(
        'The test clock is already advancing. Wait until it is ready to advance it again.',
        {
          code: 'test_clock_advancing',
        },
      );
    }
    if (target <= clock.frozen_time) {
      throw invalidRequest('The frozen_time must be after the test clock’s current frozen_time.', {
        param: 'frozen_time',
      });
    }
    const from = clock.frozen_time;
    clock.frozen_time = target;
    clock.status = 'advancing';
    clock.status_details = { advancing: { target_frozen_time: target } };
    await saveObject(CLOCK_KIND, clock);
    return { clock, from };
  });
}

export function finishAdvance(id: string, status: 'ready' | 'internal_failure'): Promise<SandboxTestClock> {
  return withObjectLock(CLOCK_KIND, id, async () => {
    const clock = await findClock(id);
    clock.status = status;
    clock.status_details = {};
    await saveObject(CLOCK_KIND, clock);
    return clock;
  });
}
