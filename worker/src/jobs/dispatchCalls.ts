import { callsModule } from './callsModule';

/** The dialer's tick (a job scheduler, every second): queues the next calls of every campaign that may dial. */
export async function handleDispatchCalls() {
  const { dispatchCalls } = await callsModule();
  return dispatchCalls();
}
