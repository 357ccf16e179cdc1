// Runs the api and the worker side by side and keeps them running: a child that exits on its own
// is started again after a growing pause (1 s, 2 s, 4 s ... at most 30 s; back to 1 s once it has
// stayed up a minute), and the other child is left alone. Plain Node: it runs before any install.
import { spawn } from 'node:child_process';

const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;
/** A child that stayed up this long crashed for a new reason: its next restart is quick again. */
const STABLE_AFTER_MS = 60_000;
/** How long a child may take to finish its work on Ctrl-C before it is killed. */
const STOP_GRACE_MS = 30_000;

const say = (line) => console.log(`[start] ${line}`);

function exitReason(code, signal) {
  return signal ? `was killed by ${signal}` : `exited with code ${code}`;
}

/**
 * Starts each { name, args } child as `node <args>` (node itself, not a launcher such as tsx's, so a
 * signal sent to the pid it logs reaches the real process) and restarts it when it dies. Returns stop(), which ends them all with SIGTERM and resolves once they have exited.
 */
export function supervise(children, { cwd, env = process.env } = {}) {
  let stopping = false;
  const running = children.map((spec) => ({ ...spec, child: null, timer: null, delay: FIRST_DELAY_MS }));

  function start(entry) {
    entry.timer = null;
    const startedAt = Date.now();
    const child = spawn(process.execPath, entry.args, {
      cwd,
      env,
      stdio: 'inherit',
    });
    entry.child = child;
    say(`${entry.name} started (pid ${child.pid})`);
    child.once('exit', (code, signal) => {
      entry.child = null;
      if (stopping) return;
      if (Date.now() - startedAt >= STABLE_AFTER_MS) entry.delay = FIRST_DELAY_MS;
      const delay = entry.delay;
      entry.delay = Math.min(delay * 2, MAX_DELAY_MS);
      say(`${entry.name} ${exitReason(code, signal)}; restarting it in ${delay / 1000} s`);
      entry.timer = setTimeout(() => start(entry), delay);
    });
  }

  for (const entry of running) start(entry);

  return function stop() {
    stopping = true;
    const exits = running.map((entry) => {
      if (entry.timer) clearTimeout(entry.timer);
      const child = entry.child;
      if (!child) return null;
      return new Promise((resolve) => {
        const killer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
        child.once('exit', () => {
          clearTimeout(killer);
          resolve();
        });
        child.kill('SIGTERM');
      });
    });
    return Promise.all(exits);
  };
}
