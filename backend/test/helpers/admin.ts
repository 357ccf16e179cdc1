import { User } from '../../src/db/models';
import { hashPassword } from '../../src/lib/passwords';
import { config } from '../../src/config';
import { TestClient, uniqueEmail } from './client';

/**
 * A signed-in client for a user flagged isAdmin. The email is in ADMIN_EMAIL_DOMAIN unless
 * `domain` says otherwise (an isAdmin user outside it must still be refused).
 */
export async function adminClient(baseUrl: string, { domain = config.adminEmailDomain } = {}) {
  const email = uniqueEmail('admin').replace('@example.com', `@${domain}`);
  const user = await User.create({
    firstName: 'Ada',
    lastName: 'Admin',
    email,
    passwordHash: await hashPassword('secret123'),
    isAdmin: true,
  });
  const client = new TestClient(baseUrl);
  const res = await client.post('/api/login', { email, password: 'secret123' });
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${res.text}`);
  return { client, user };
}
