import { logger } from '../logger';
import { useSandboxHost, type SandboxHost } from '../host';
import type { PlayerHost } from './deliveries';
import { runStep } from './runStep';
import { claimDueSteps, onStepsScheduled, renewLeases, type Step } from './steps';

/**
 * Plays every live sandbox call: claims due steps from Redis and runs them, at most `concurrency`
 * at once (so at most that many HTTP requests to our app). Any number of processes may run a
 * player; a step is claimed by one. A claimed step has a lease its player renews while it runs
 * it: a player that dies loses nothing, its steps are due again when their lease runs out.
 * A ConversationRelay session is a step held for the whole conversation; it mostly waits on its
 * socket, so it takes no place among the `concurrency` HTTP steps.
 */
export interface TwilioSandboxPlayer {
  /** Stops claiming, cuts its relay sessions off, lets the other steps it is running finish, and returns. */
  stop: () => Promise<void>;
}

const LEASE_MS = 5_000;
const LEASE_RENEWAL_MS = 1_000;
/** Steps scheduled by other processes are seen within this. */
const IDLE_POLL_MS = 100;
/** Claims are at least this far apart, so a busy player batches them. */
const MIN_CLAIM_INTERVAL_MS = 5;

const isRelaySession = (member: string) => (JSON.parse(member) as Step).kind === 'relay';

export interface PlayerOptions {
  /** What the api hands the sandbox (host.ts): accounts' tokens, PUBLIC_URL, logger, Redis and time scale. */
  host: PlayerHost & SandboxHost;
  concurrency?: number;
}

export function startTwilioSandboxPlayer({ host, concurrency = 128 }: PlayerOptions): TwilioSandboxPlayer {
  useSandboxHost(host);
  const running = new Map<string, Promise<void>>();
  /** Relay sessions among `running`. */
  let sessions = 0;
  const stopping = new AbortController();
  let stopped = false;
  let wakeAt = Infinity;
  let wake: (() => void) | undefined;

  const sleepUntil = (at: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wake = undefined;
        wakeAt = Infinity;
        resolve();
      };
      const timer = setTimeout(done, Math.max(MIN_CLAIM_INTERVAL_MS, at - Date.now()));
      wake = done;
      wakeAt = at;
    });

  // A step this process just scheduled wakes the loop if it is due before the loop would wake.
  const unsubscribe = onStepsScheduled((dueAt) => {
    if (dueAt < wakeAt) wake?.();
  });
  // The loop below wakes at least every IDLE_POLL_MS, and renews the leases of what it is playing
  // on its way: only this process can.
  let renewedAt = Date.now();
  const renewDueLeases = () => {
    if (Date.now() - renewedAt < LEASE_RENEWAL_MS || running.size === 0) return;
    renewedAt = Date.now();
    renewLeases([...running.keys()], LEASE_MS).catch((err: Error) =>
      logger.warn({ err: err.message }, 'twilio sandbox: lease renewal failed'),
    );
  };

  const busy = () => running.size - sessions;
  const start = (member: string) => {
    const session = isRelaySession(member);
    if (session) sessions++;
    const task = runStep(member, host, stopping.signal)
      .catch((err: Error) => logger.error({ err, step: member.slice(0, 200) }, 'twilio sandbox: step failed'))
      .finally(() => {
        running.delete(member);
        if (session) sessions--;
        else if (busy() === concurrency - 1) wake?.();
      });
    running.set(member, task);
  };

  const loop = async () => {
    while (!stopped) {
      try {
        renewDueLeases();
        const free = concurrency - busy();
        if (free <= 0) {
          await sleepUntil(Date.now() + IDLE_POLL_MS);
          continue;
        }
        const { claimed, nextDueAt } = await claimDueSteps(free, LEASE_MS);
        for (const member of claimed) start(member);
        const pollAt = Date.now() + IDLE_POLL_MS;
        await sleepUntil(claimed.length === free ? 0 : Math.min(pollAt, nextDueAt ?? pollAt));
      } catch (err) {
        logger.error({ err }, 'twilio sandbox: claiming steps failed');
        await sleepUntil(Date.now() + 1_000);
      }
    }
  };
  const looping = loop();

  return {
    stop: async () => {
      stopped = true;
      stopping.abort();
      wake?.();
      await looping;
      unsubscribe();
      // The steps still running keep their leases until they are done.
      const finished = Promise.allSettled(running.values());
      while (running.size) {
        renewDueLeases();
        await Promise.race([finished, new Promise((resolve) => setTimeout(resolve, IDLE_POLL_MS))]);
      }
    },
  };
}
