import { accountOf } from './http';
import { cancelRequestsOf, loadBooking } from './store';
import { presentBooking } from './bookings';

/**
 * A booking as the Cal.com sandbox holds it for `apiKey` (Cal.com's shape), and how many cancel
 * requests it got: what a test checks after booking or canceling through the product.
 */
export async function calcomSandboxBooking(apiKey: string, uid: string) {
  const account = accountOf(apiKey);
  const booking = await loadBooking(account, uid);
  return booking
    ? { booking: presentBooking(booking), cancelRequests: await cancelRequestsOf(account, uid) }
    : null;
}
