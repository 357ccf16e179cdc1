import type { QueryInterface } from 'sequelize';

/**
 * The price sweep (services/calls/callPrice.ts) reads the calls settled in the last few minutes
 * that have no price yet, every few seconds: this index holds exactly those at its front, however
 * many calls were priced before them.
 */
export async function up({ context: qi }: { context: QueryInterface }) {
  await qi.addIndex('call_records', ['price', 'settledAt'], { name: 'call_records_unpriced' });
}

export async function down({ context: qi }: { context: QueryInterface }) {
  await qi.removeIndex('call_records', 'call_records_unpriced');
}
