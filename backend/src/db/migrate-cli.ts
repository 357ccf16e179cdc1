import { migrateDatabase } from './migrate';
import { sequelize } from './sequelize';
import { assertServicesReachable } from '../lib/serviceChecks';
import { closeSharedRedis } from '../redis';

await assertServicesReachable();
const applied = await migrateDatabase();
console.log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Database is up to date.');
await sequelize.close();
await closeSharedRedis();
