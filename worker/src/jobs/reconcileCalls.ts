import { callsModule } from './callsModule';

/** The dialer's safety net (a job scheduler): half-placed, orphaned and silent calls. */
export async function handleReconcileCalls() {
  const { reconcileCalls } = await callsModule();
  return reconcileCalls();
}
