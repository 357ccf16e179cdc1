import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { spawnWorker, type Spawned } from './helpers/processes';

let worker: Spawned | undefined;

beforeAll(async () => {
  worker = await spawnWorker();
}, 60_000);

afterAll(async () => {
  await worker?.stop();
});

/** Each thread's niceness: the 19th field of /proc/<pid>/task/<tid>/stat (the 17th after the name). */
function threadNiceness(pid: number): Map<string, number> {
  const found = new Map<string, number>();
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    found.set(`${name} ${tid}`, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
  }
  return found;
}

it.runIf(process.platform === 'linux')(
  "runs every thread at the worker's lower priority, V8's own threads too, so none competes with the api",
  () => {
    const niceness = threadNiceness(worker!.child.pid!);
    // Node's main thread, V8's platform threads, libuv's: more than the one thread a process-wide call reaches.
    expect(niceness.size).toBeGreaterThan(1);
    expect([...niceness].filter(([, nice]) => nice < 10)).toEqual([]);
  },
);
