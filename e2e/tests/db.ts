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

/**
 * A finished call of the campaign, placed `daysAgo` days ago (UTC, as the api stores dates),
 * answered by a person, with the counts its settlement adds to the aggregates the dashboard and
 * the Analytics tab read (no prospect: its heat-map cell is the unknown zone's).
 */
export async function insertCall(
  campaignId: number,
  call: { daysAgo: number; successful: boolean; cost: string },
) {
  const at = new Date(Date.now() - call.daysAgo * 86_400_000);
  // As UTC text: the driver would otherwise write a Date in this process's zone.
  const when = at.toISOString().slice(0, 23).replace('T', ' ');
  const day = when.slice(0, 10);
  const cents = Math.round(Number(call.cost) * 100);
  const successful = call.successful ? 1 : 0;
  await runSql(
    // A call as the dialer leaves it once it ended: placed, settled and counted.
    `INSERT INTO call_records (campaignId, userId, toNumber, status, successful, billable, cost,
                               dialedAt, settledAt, createdAt, updatedAt)
     SELECT id, userId, '+15550100', 'completed', ?, 1, ?, ?, ?, ?, ? FROM campaigns WHERE id = ?`,
    [successful, call.cost, when, when, when, when, campaignId],
  );
  await runSql(
    `INSERT INTO campaign_daily_stats (campaignId, day, calls, person, successful, placed, placedPerson,
                                       positive, talkCalls, costCents)
     VALUES (?, ?, 1, 1, ?, 1, 1, ?, 1, ?)
     ON DUPLICATE KEY UPDATE calls = calls + 1, person = person + 1, successful = successful + VALUES(successful),
       placed = placed + 1, placedPerson = placedPerson + 1, positive = positive + VALUES(positive),
       talkCalls = talkCalls + 1, costCents = costCents + VALUES(costCents)`,
    [campaignId, day, successful, successful, cents],
  );
  await runSql(
    `INSERT INTO campaign_hourly_stats (campaignId, day, weekday, hour, placed, answered) VALUES (?, ?, 7, 0, 1, 1)
     ON DUPLICATE KEY UPDATE placed = placed + 1, answered = answered + 1`,
    [campaignId, day],
  );
  await runSql(
    `INSERT INTO campaign_talk_times (campaignId, day, seconds, calls) VALUES (?, ?, 0, 1)
     ON DUPLICATE KEY UPDATE calls = calls + 1`,
    [campaignId, day],
  );
}
