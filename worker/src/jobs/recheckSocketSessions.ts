import { recheckSocketSessions } from '@ringcast/backend';

/** Scheduled: every api process checks its sockets' sessions again (a session may have run out). */
export async function handleRecheckSocketSessions() {
  recheckSocketSessions();
  return { asked: true };
}
