import { Sequelize } from 'sequelize';
import mysql from 'mysql2/promise';
import { config } from '../config';
import { logger } from '../logger';

export const sequelize = new Sequelize(config.databaseUrl, {
  dialect: 'mysql',
  logging: (sql) => logger.trace({ sql }, 'sql'),
  pool: { max: config.databasePoolMax, min: 0, idle: 10_000 },
  define: { charset: 'utf8mb4', collate: 'utf8mb4_unicode_ci' },
  timezone: '+00:00',
});

/** Creates the configured database when it does not exist yet (a fresh MySQL has none). */
export async function ensureDatabase(databaseUrl = config.databaseUrl): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!/^[\w$]+$/.test(name)) throw new Error(`Unsupported database name "${name}" in DATABASE_URL`);
  url.pathname = '/';
  const conn = await mysql.createConnection({ uri: url.toString(), connectTimeout: 5000 });
  try {
    await conn.query(
      `CREATE DATABASE IF NOT EXISTS \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
    );
  } finally {
    await conn.end();
  }
}
