import { escape, raw, type Connection } from 'mysql2';
import type { SkippedRowReason } from '@ringcast/shared-types';
import { sequelize } from '../../db/sequelize';
import type { ProspectRow } from './columns';

/** What a cell may hold; a date is written by the caller (raw), once for the batch. */
type Value = string | number | boolean | null | ReturnType<typeof raw>;

/**
 * The rows as a statement's VALUES, each value escaped as mysql2 escapes it. Joined rather than
 * added up: a string grown piece by piece is a tree of thousands of parts, which the driver's
 * measuring of it (Buffer.byteLength) walked slowly, 2 ms a statement.
 */
const valuesOf = (rows: readonly Value[][]) =>
  rows.map((row) => `(${row.map((value) => escape(value)).join(',')})`).join(',');

/**
 * INSERT IGNORE of many rows in one statement, given as its VALUES: a unique index (a list's phone
 * numbers, a list's row places) makes a retried job skip what an earlier attempt stored. The
 * statement goes to one of Sequelize's pooled connections. Sequelize's bulkInsert and query() cost
 * several times more on a thousand-row statement: it gathers each row's keys, formats each date
 * through moment and lower-cases the whole statement again and again to guess its kind; that was a
 * fifth of a parse. The values go in as one placeholder's text: mysql2 reads a whole statement for
 * placeholders, quotes and comments, which for a thousand rows took longer than writing them.
 */
async function insertValues(table: string, columns: readonly string[], values: string): Promise<void> {
  const manager = sequelize.connectionManager;
  const connection = (await manager.getConnection({ type: 'write' })) as unknown as Connection;
  try {
    await new Promise<void>((resolve, reject) =>
      connection.query('INSERT IGNORE INTO ?? (??) VALUES ?', [table, columns, raw(values)], (err) =>
        err ? reject(err) : resolve(),
      ),
    );
  } finally {
    manager.releaseConnection(connection as never);
  }
}

export async function insertIgnoring(table: string, columns: readonly string[], rows: readonly Value[][]) {
  if (rows.length) await insertValues(table, columns, valuesOf(rows));
}

const PROSPECT_COLUMNS = ['prospectListId', 'phoneNumber', 'name', 'email', 'timeZone', 'state', 'createdAt'];

/** When a parse stores its prospects, written once as Sequelize writes a date (to the whole second). */
export const prospectsCreatedAt = () => sequelize.escape(new Date());

/**
 * One prospect as a row of the statement's VALUES, written as soon as it is read: a batch then
 * holds one short flat string per prospect, not the prospect and the file's cells it points into.
 * Held while the batch before is written, those were copied by each young-generation collection
 * and then moved to the old generation, some 20 MB of garbage there for 100,000 rows.
 */
export const prospectValues = (prospectListId: number, row: ProspectRow, createdAt: string) =>
  [
    prospectListId,
    escape(row.phoneNumber),
    escape(row.name),
    escape(row.email),
    escape(row.timeZone),
    escape(row.state),
    createdAt,
  ].join(',');

/** One batch of a list's prospects, each written by prospectValues. */
export async function storeProspects(rows: readonly string[]) {
  if (rows.length) await insertValues('prospects', PROSPECT_COLUMNS, `(${rows.join('),(')})`);
}

export interface SkippedRow {
  rowIndex: number;
  reason: SkippedRowReason;
  cells: string[];
}

/** Rows of a list left out, with why and their cells as the file had them. */
export async function storeSkippedRows(prospectListId: number, skipped: readonly SkippedRow[]) {
  const rows = skipped.map((row) => [prospectListId, row.rowIndex, row.reason, JSON.stringify(row.cells)]);
  await insertIgnoring('prospect_skipped_rows', ['prospectListId', 'rowIndex', 'reason', 'cells'], rows);
}
