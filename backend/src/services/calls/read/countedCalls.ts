/**
 * The SQL twin of shared-types' isPlacedCall, for queries that sum call records: a test call never
 * counts; a call counts once settled and placed (any final state but canceled before dialing).
 * Campaign totals are kept by the same rule at settlement, so sums and totals always agree.
 */
export const COUNTED_CALL_SQL = `r.test = 0 AND r.settledAt IS NOT NULL
  AND (r.status <> 'canceled' OR r.dialedAt IS NOT NULL)`;
