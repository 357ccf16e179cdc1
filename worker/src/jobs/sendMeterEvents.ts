import { paymentsModule } from './paymentsModule';

/** Overage usage to Stripe's meter (a job scheduler): the outbox's unsent rows, each call once. */
export async function handleSendMeterEvents() {
  const { sendMeterEvents } = await paymentsModule();
  return sendMeterEvents();
}
