import type { QueryInterface } from 'sequelize';

/**
 * Every stored time keeps milliseconds (DATETIME(3)), so a write can be presented as it is without
 * reading the row back, and two changes within one second still order. Columns per table, with
 * whether each may be NULL; one ALTER per table, so each is rebuilt once.
 */
const TIMES: Record<string, [column: string, nullable: boolean][]> = {
  users: [
    ['createdAt', false],
    ['updatedAt', false],
  ],
  prospect_lists: [
    ['uploadedAt', false],
    ['updatedAt', false],
  ],
  campaigns: [
    ['statisticsLastUpdated', true],
    ['createdAt', false],
    ['updatedAt', false],
  ],
  prospects: [['createdAt', false]],
  agent_documents: [
    ['uploadedAt', false],
    ['updatedAt', false],
  ],
  call_records: [
    ['startedAt', true],
    ['endedAt', true],
    ['createdAt', false],
    ['updatedAt', false],
  ],
  payments: [
    ['createdAt', false],
    ['updatedAt', false],
  ],
  support_tickets: [
    ['createdAt', false],
    ['updatedAt', false],
  ],
  contact_messages: [
    ['deliveredAt', true],
    ['createdAt', false],
    ['updatedAt', false],
  ],
  audit_logs: [['createdAt', false]],
};

async function setPrecision(qi: QueryInterface, fractionDigits: 0 | 3) {
  for (const [table, columns] of Object.entries(TIMES)) {
    const changes = columns.map(
      ([column, nullable]) =>
        `MODIFY \`${column}\` DATETIME${fractionDigits ? `(${fractionDigits})` : ''} ${nullable ? 'NULL' : 'NOT NULL'}`,
    );
    await qi.sequelize.query(`ALTER TABLE \`${table}\` ${changes.join(', ')}`);
  }
}

export async function up({ context: qi }: { context: QueryInterface }) {
  await setPrecision(qi, 3);
}

/** Back to whole seconds (the milliseconds are dropped). */
export async function down({ context: qi }: { context: QueryInterface }) {
  await setPrecision(qi, 0);
}
