// npm run create-admin -- --email admin@ringcast.test --password 'secret123' --name "Ada Admin"
// Creates an admin, or promotes an existing user (and sets the given password).
import { parseArgs } from 'node:util';
import {
  adminEmailRequiredMessage,
  registerSchema,
  splitFullName,
  validateInput,
} from '@ringcast/shared-types';
import {
  User,
  assertServicesReachable,
  closeBroadcaster,
  closeSharedRedis,
  config,
  hashPassword,
  isAdminEmail,
  migrateDatabase,
  publishUserUpdated,
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
// The sign-up rules for the email and the password, with their messages.
const credentials = await validateInput(registerSchema.pick(['email', 'password']), {
  email,
  password: values.password,
});
if (!credentials.ok) fail(credentials.message);
if (!isAdminEmail(email)) fail(`${adminEmailRequiredMessage(config.adminEmailDomain)} (ADMIN_EMAIL_DOMAIN).`);

await assertServicesReachable();
await migrateDatabase();
const passwordHash = await hashPassword(values.password);
const existing = await User.findOne({ where: { email } });
if (existing) {
  const names = values.name ? splitFullName(values.name) : {};
  // Their open tabs join the admins room at once, and the admins' Users tab shows the change.
  publishUserUpdated(await existing.update({ isAdmin: true, passwordHash, ...names }));
  console.log(`Promoted ${email} to admin.`);
} else {
  const { firstName, lastName } = splitFullName(values.name || 'Ringcast Admin');
  publishUserUpdated(await User.create({ email, firstName, lastName, passwordHash, isAdmin: true }));
  console.log(`Created admin ${email}.`);
}
await closeBroadcaster();
await sequelize.close();
await closeSharedRedis();
