import type { User } from '@ringcast/shared-types';
import { registerHandlers } from './handlers';
import { connectRealtime, disconnectRealtime } from './socket';

let detachHandlers: (() => void) | null = null;

/**
 * The realtime side of a signed-in session: the handlers that feed the stores, attached before
 * the socket opens so no push finds nobody. `checkSession` re-reads the current user and says
 * whether someone is still signed in.
 */
export function openRealtimeSession(user: Pick<User, 'isAdmin'>, checkSession: () => Promise<boolean>): void {
  closeRealtimeSession();
  detachHandlers = registerHandlers(user);
  connectRealtime(checkSession);
}

/** Sign-out or another account: the socket closes and the handlers go with it. */
export function closeRealtimeSession(): void {
  detachHandlers?.();
  detachHandlers = null;
  disconnectRealtime();
}
