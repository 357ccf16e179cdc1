// What any parse of a list into MySQL costs on this machine before doing anything of its own: raw
// csv-parse reading the file, and its rows inserted as they are (no checks), a thousand to a
// statement, into a copy of the prospects table. The database's share is timed apart: on two shared
// cores it is most of it.
import fs from 'node:fs';
import { parse } from 'csv-parse';
import { escape, type Connection } from 'mysql2';
import type { Sequelize } from 'sequelize';

const TABLE = 'bench_prospects_floor';
const BATCH = 1000;

export async function parseAndInsertFloor(sequelize: Sequelize, file: string) {
  await sequelize.query(`DROP TABLE IF EXISTS ${TABLE}`);
  await sequelize.query(`CREATE TABLE ${TABLE} LIKE prospects`);
  const manager = sequelize.connectionManager;
  const connection = (await manager.getConnection({ type: 'write' })) as unknown as Connection;
  let inserting = 0;
  const insert = async (values: string[]) => {
    const start = performance.now();
    await new Promise<void>((resolve, reject) =>
      connection.query(
        `INSERT IGNORE INTO ${TABLE} (prospectListId, phoneNumber, name, email, state, createdAt) VALUES ${values.join(',')}`,
        (err) => (err ? reject(err) : resolve()),
      ),
    );
    inserting += performance.now() - start;
  };
  const start = performance.now();
  try {
    let values: string[] = [];
    let header = true;
    for await (const row of fs.createReadStream(file).pipe(parse({ bom: true, relax_column_count: true }))) {
      if (header) {
        header = false;
        continue;
      }
      const [first, last, phone, email, , , state] = row as string[];
      values.push(
        `(1,${escape(String(phone).slice(0, 20))},${escape(`${first} ${last}`)},${escape(email)},${escape(state)},NOW())`,
      );
      if (values.length >= BATCH) {
        await insert(values);
        values = [];
      }
    }
    if (values.length) await insert(values);
    return { seconds: (performance.now() - start) / 1000, insertSeconds: inserting / 1000 };
  } finally {
    manager.releaseConnection(connection as never);
    await sequelize.query(`DROP TABLE IF EXISTS ${TABLE}`);
  }
}
