import type { Transaction } from 'sequelize';
import { sequelize } from './sequelize';

/**
 * Runs an INSERT, UPDATE or DELETE written in SQL and answers how many rows it changed: what a
 * conditional update (`... WHERE status = 'queued'`) or an INSERT IGNORE tells about who won.
 */
export async function execute(
  sql: string,
  options: { replacements?: Record<string, unknown>; transaction?: Transaction | null } = {},
): Promise<number> {
  const [result] = await sequelize.query(sql, options);
  return Number((result as { affectedRows?: number }).affectedRows ?? 0);
}

/**
 * A moment as a DATETIME(3) literal in UTC (the connection's time zone, sequelize.ts). Sequelize's
 * own escape drops the milliseconds and costs a moment-timezone format per value.
 */
const datetimeLiteral = (date: Date) => `'${date.toISOString().slice(0, 23).replace('T', ' ')}'`;

/**
 * A value written into a statement, escaped as a replacement would be: for statements built from
 * hundreds of values, where named replacements make Sequelize rescan the whole text.
 */
export const sqlValue = (value: unknown): string =>
  value instanceof Date && !Number.isNaN(value.getTime())
    ? datetimeLiteral(value)
    : sequelize.escape(value as string);
