import { callsModule } from './callsModule';

/** The dialer's safety net (a job scheduler): stale pacing slots, half-placed, orphaned and silent calls. */
export async function handleReconcileCalls() {
  const { reconcileCalls } = await callsModule();
  return reconcileCalls();
}
