import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { User } from '../src/db/models';
import { sessionStore } from '../src/session';
import { hashPassword } from '../src/lib/passwords';
import { openSocket, sessionCookieFor, type TestSocket } from './helpers';
import { startTestApi } from './helpers/server';

const SOCKETS = 300;

describe('a burst of socket handshakes', () => {
  let api: Awaited<ReturnType<typeof startTestApi>>;
  let cookies: string[];
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    api = await startTestApi();
    const passwordHash = await hashPassword('burst-password');
    const users = await User.bulkCreate(
      Array.from({ length: SOCKETS }, (_, i) => ({
        firstName: 'Burst',
        lastName: `User ${i}`,
        email: `socket.burst.${Date.now()}.${i}@example.com`,
        passwordHash,
      })),
    );
    cookies = await Promise.all(users.map((user) => sessionCookieFor(user.id)));
  }, 60_000);
  afterEach(() => {
    vi.restoreAllMocks();
    sockets.splice(0).forEach((socket) => socket.close());
  });
  afterAll(async () => {
    await api.close();
  });

  // Every browser reconnects at once after an api restart. Taking them in holds the api's event
  // loop for longer than a Redis command's deadline: the session reads sent just before have been
  // answered, but their deadlines fire before the answers are read. Such a handshake was refused
  // as `unavailable`, and the browser stayed without live updates until it asked again.
  it(`takes in all ${SOCKETS} when the api is held past a Redis deadline just after their session reads went out`, async () => {
    const read = sessionStore.get.bind(sessionStore);
    let reads = 0;
    vi.spyOn(sessionStore, 'get').mockImplementation((id: string) => {
      const answer = read(id);
      // The other handshakes' work, as a burst would hold the loop: once, after 50 reads are out.
      if (++reads === 50) {
        const until = Date.now() + 700;
        while (Date.now() < until);
      }
      return answer;
    });

    const outcomes = await Promise.allSettled(
      cookies.map(async (cookie) => {
        const socket = await openSocket(api.baseUrl, cookie);
        sockets.push(socket);
      }),
    );

    expect(reads).toBeGreaterThanOrEqual(50);
    const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [String(o.reason)] : []));
    expect(refused).toEqual([]);
  }, 60_000);

  it('still refuses a handshake without a live session as unauthenticated', async () => {
    const cookie = cookies[0]!.replace(/=([^;]+);/, '=not-a-session;');
    await expect(openSocket(api.baseUrl, cookie)).rejects.toThrow('unauthenticated');
  });
});
