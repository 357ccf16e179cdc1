import { Umzug, SequelizeStorage } from 'umzug';
import type { QueryInterface } from 'sequelize';
import { sequelize, ensureDatabase } from './sequelize';
import { migrations } from './migrations';
import { logger } from '../logger';

export function createMigrator() {
  return new Umzug<QueryInterface>({
    migrations: migrations.map((m) => ({ name: m.name, up: m.up, down: m.down })),
    context: sequelize.getQueryInterface(),
    storage: new SequelizeStorage({ sequelize, tableName: 'schema_migrations' }),
    logger: {
      info: (m) => logger.debug(m),
      warn: (m) => logger.warn(m),
      error: (m) => logger.error(m),
      debug: () => {},
    },
  });
}

/** Creates the database if missing and applies pending migrations. Safe to call on every start. */
export async function migrateDatabase(): Promise<string[]> {
  await ensureDatabase();
  const applied = await createMigrator().up();
  return applied.map((m) => m.name);
}
