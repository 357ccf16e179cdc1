/**
 * Whether this process is draining: it was asked to stop (SIGTERM) and lets the work it holds
 * finish before it exits. Meanwhile `/api/ready` answers 503, so the load balancer sends new work
 * elsewhere, and new relay sessions are refused; everything else is still served (a call in
 * progress needs its webhooks answered). It never goes back: a draining process only exits.
 */
let draining = false;

/**
 * What a refusal while draining asks the caller to wait before trying again: by then the balancer
 * has taken this process out (it checks readiness every few seconds) and the retry lands elsewhere.
 */
export const DRAINING_RETRY_AFTER_SECONDS = 5;

export const isDraining = (): boolean => draining;

/** Starts draining (a second call changes nothing). */
export function startDraining(): void {
  draining = true;
}
