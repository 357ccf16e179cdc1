// npm run create-admin -- --email admin@ringcast.test --password 'secret123' --name "Ada Admin"
// Creates an admin, or promotes an existing user (and sets the given password).
import { parseArgs } from 'node:util';
import { splitFullName } from '@ringcast/shared-types';
import {
  User,
  assertServicesReachable,
  closeSharedRedis,
  config,
  hashPassword,
  isAdminEmail,
  migrateDatabase,
  sequelize,
} from '@ringcast/backend';

const { values } = parseArgs({
  options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
});

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const email = values.email?.trim().toLowerCase();
if (!email || !values.password) {
  fail('Usage: npm run create-admin -- --email E --password P --name "First Last"');
}
if (!isAdminEmail(email)) fail(`Admin emails must end in @${config.adminEmailDomain} (ADMIN_EMAIL_DOMAIN).`);
if (values.password.length < 6) fail('Password must be at least 6 characters');

await assertServicesReachable();
await migrateDatabase();
const passwordHash = await hashPassword(values.password);
const existing = await User.findOne({ where: { email } });
if (existing) {
  const names = values.name ? splitFullName(values.name) : {};
  await existing.update({ isAdmin: true, passwordHash, ...names });
  console.log(`Promoted ${email} to admin.`);
} else {
  const { firstName, lastName } = splitFullName(values.name || 'Ringcast Admin');
  await User.create({ email, firstName, lastName, passwordHash, isAdmin: true });
  console.log(`Created admin ${email}.`);
}
await sequelize.close();
await closeSharedRedis();
