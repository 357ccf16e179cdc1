import { DataTypes, type QueryInterface } from 'sequelize';

const LIVE_STATUSES = "('queued', 'dialing', 'ringing', 'in_progress')";

/** Rebuilds the generated `liveKey` (and its unique index) from `expression`. */
async function rebuildLiveKey(qi: QueryInterface, expression: string) {
  await qi.removeIndex('call_records', 'call_records_live_number');
  await qi.removeColumn('call_records', 'liveKey');
  await qi.sequelize.query(
    `ALTER TABLE call_records ADD COLUMN liveKey VARCHAR(40) AS (${expression}) PERSISTENT`,
  );
  await qi.addIndex('call_records', ['liveKey'], { unique: true, name: 'call_records_live_number' });
}

/**
 * Inbound calls and the agent documents' text.
 *
 * - `liveKey` keeps a number in at most one live call we place per customer. An inbound call's
 *   `toNumber` is the campaign's own number, which any number of people may ring at once, and its
 *   caller may be in one of our outbound calls already (they are answered all the same): inbound
 *   calls are left out of it. A retried inbound webhook is one call by the unique CallSid
 *   (`call_records_sid_unique`); its null prospect keeps it out of the attempt key. The campaign
 *   is found by the number called (`campaigns_provided_number`).
 * - `extractedText`: a document's text, read once at upload (PDF, Word and plain text alike). NULL
 *   means not read yet (documents from before this change are read on first use); an empty string
 *   means it was read and had no usable text, so the agent skips it without trying again.
 */
export async function up({ context: qi }: { context: QueryInterface }) {
  await rebuildLiveKey(
    qi,
    `CASE WHEN direction = 'outbound' AND status IN ${LIVE_STATUSES} THEN CONCAT(userId, ':', toNumber) END`,
  );
  await qi.addIndex('campaigns', ['providedPhoneNumber'], { name: 'campaigns_provided_number' });
  await qi.addColumn('agent_documents', 'extractedText', { type: DataTypes.TEXT('medium'), allowNull: true });
}

export async function down({ context: qi }: { context: QueryInterface }) {
  await qi.removeColumn('agent_documents', 'extractedText');
  await qi.removeIndex('campaigns', 'campaigns_provided_number');
  await rebuildLiveKey(qi, `CASE WHEN status IN ${LIVE_STATUSES} THEN CONCAT(userId, ':', toNumber) END`);
}
