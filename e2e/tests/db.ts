import mysql from 'mysql2/promise';
import { currentStack } from './stack';

/**
 * Runs SQL against this run's e2e database, for states no screen or API can reach yet (a paid
 * campaign, calls that were made). It publishes nothing: reload the page to see the change.
 */
export async function runSql(sql: string, params: unknown[] = []): Promise<void> {
  const conn = await mysql.createConnection({ uri: currentStack().DATABASE_URL });
  try {
    await conn.query(sql, params);
  } finally {
    await conn.end();
  }
}

/** Leaves the campaign as a confirmed payment would: active, with its payment step done. */
export const markCampaignPaid = (campaignId: number) =>
  runSql("UPDATE campaigns SET status = 'active', setupPaymentProcessed = 1 WHERE id = ?", [campaignId]);

/** A finished call of the campaign, placed `daysAgo` days ago (UTC, as the api stores dates). */
export const insertCall = (
  campaignId: number,
  call: { daysAgo: number; successful: boolean; cost: string },
) =>
  runSql(
    // A call as the dialer leaves it once it ended: placed, settled and counted.
    `INSERT INTO call_records (campaignId, userId, toNumber, status, successful, billable, cost,
                               dialedAt, settledAt, createdAt, updatedAt)
     SELECT id, userId, '+15550100', 'completed', ?, 1, ?, t.at, t.at, t.at, t.at
       FROM campaigns, (SELECT UTC_TIMESTAMP(3) - INTERVAL ? DAY AS at) AS t
      WHERE id = ?`,
    [call.successful ? 1 : 0, call.cost, call.daysAgo, campaignId],
  );
