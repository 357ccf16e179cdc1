// npm run rotate-keys: after ENCRYPTION_KEY has been replaced (the previous key moved to
// ENCRYPTION_KEYS_OLD), re-encrypts every stored secret with the new key. Safe to run again.
import { assertServicesReachable, closeSharedRedis, rotateStoredSecrets, sequelize } from '@ringcast/backend';

await assertServicesReachable();
const report = await rotateStoredSecrets();
console.log(
  `Re-encrypted ${report.resealed} stored secret(s) with ENCRYPTION_KEY; ` +
    `${report.current} already used it` +
    (report.changedMeanwhile ? `; ${report.changedMeanwhile} changed meanwhile and were left alone` : '') +
    '.',
);
await sequelize.close();
await closeSharedRedis();
const unreadableCalendar = [
  ...report.unreadableCalendarConnections.map((id) => `Cal.com connection ${id}`),
  ...report.unreadableCalendarFeeds.map((id) => `calendar feed ${id}`),
];
if (report.unreadable.length || report.unreadableWebhookEndpoints.length || unreadableCalendar.length) {
  if (report.unreadable.length)
    console.error(
      `No configured key opens the Twilio token of user(s) ${report.unreadable.join(', ')}: ` +
        'add the key that sealed them to ENCRYPTION_KEYS_OLD and run this again.',
    );
  if (report.unreadableWebhookEndpoints.length)
    console.error(
      `No configured key opens the signing secret of webhook endpoint(s) ${report.unreadableWebhookEndpoints.join(', ')}: ` +
        'add the key that sealed them to ENCRYPTION_KEYS_OLD and run this again.',
    );
  if (unreadableCalendar.length)
    console.error(
      `No configured key opens the secret of ${unreadableCalendar.join(', ')}: ` +
        'add the key that sealed them to ENCRYPTION_KEYS_OLD and run this again.',
    );
  process.exit(1);
}
if (report.changedMeanwhile) console.log('Run it again to check the values that changed meanwhile.');
else
  console.log('Every stored secret now uses ENCRYPTION_KEY: the keys in ENCRYPTION_KEYS_OLD can be removed.');
