// The publishing side of push-latency: one event per user room per round, through the same
// publish() the worker uses (Redis emitter). Paced mode spreads a round's events over its second
// (a steady 1,000 events/s); burst mode fires them all at once at the start of the round.
import { closeBroadcaster, publish } from '@ringcast/backend';

const ids = (process.env.BENCH_USER_IDS ?? '').split(',').map(Number);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const burst = process.env.BENCH_MODE === 'burst';
const BATCHES_PER_ROUND = 100;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.timeOrigin + performance.now();

// sentAt rides along beside the event's own field so the receiver can time the delivery.
const send = (id: number, round: number) =>
  publish('campaign:deleted', { id: round, sentAt: now() } as { id: number }, { userId: id });

for (let round = 0; round < rounds; round++) {
  if (burst) {
    await sleep(1000);
    ids.forEach((id) => send(id, round));
    continue;
  }
  const batchSize = Math.ceil(ids.length / BATCHES_PER_ROUND);
  for (let start = 0; start < ids.length; start += batchSize) {
    await sleep(1000 / BATCHES_PER_ROUND);
    ids.slice(start, start + batchSize).forEach((id) => send(id, round));
  }
}
await new Promise((r) => setTimeout(r, 500));
await closeBroadcaster();
