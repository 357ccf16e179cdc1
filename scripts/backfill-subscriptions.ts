// npm run backfill-subscriptions [-- --campaign <id> ...]
// The one-off move of campaigns paid for before monthly billing onto Stripe subscriptions: each
// active or paused campaign without one gets a subscription whose first renewal is one month after
// its activation, with nothing charged for the month its checkout paid. Safe to run again. In
// sandbox mode (no STRIPE_SECRET_KEY) the api must be running: the Stripe sandbox lives in it.
import { parseArgs } from 'node:util';
import { assertServicesReachable, closeSharedRedis, sequelize } from '@ringcast/backend';
import { backfillSubscriptions } from '@ringcast/backend/payments';

const { values } = parseArgs({ options: { campaign: { type: 'string', multiple: true } } });
const campaignIds = values.campaign?.map(Number);
if (campaignIds?.some((id) => !Number.isSafeInteger(id) || id <= 0)) {
  console.error('Usage: npm run backfill-subscriptions [-- --campaign <id> ...]');
  process.exit(1);
}

await assertServicesReachable();
const report = await backfillSubscriptions({ campaignIds });
for (const done of report.backfilled)
  console.log(
    `Campaign ${done.campaignId}: subscription ${done.subscriptionId}, activated ${done.activatedAt}, ` +
      `first renewal ${done.firstRenewal}.`,
  );
for (const failed of report.failed)
  console.error(`Campaign ${failed.campaignId}: not subscribed: ${failed.error}`);
console.log(
  `${report.backfilled.length} campaign(s) subscribed, ${report.failed.length} failed` +
    (report.failed.length ? ': run it again once the cause is fixed.' : '.'),
);
await sequelize.close();
await closeSharedRedis();
if (report.failed.length) process.exit(1);
