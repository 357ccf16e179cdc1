import { CAMPAIGN_TYPE_LABELS, formatCost, formatSuccessRate, successRate } from '@ringcast/shared-types';
import type { Campaign } from '../db/models';
import { csvLine } from './csv';

const HEADER = [
  'Campaign',
  'Status',
  'Type',
  'Created',
  'Total calls',
  'Successful calls',
  'Success rate',
  'Total cost (USD)',
  'Statistics updated',
];

const day = (date: Date | null | undefined) => (date ? date.toISOString().slice(0, 10) : '');

/** The owner's campaigns with the figures their cards show, one line each, for a CRM or a spreadsheet. */
export function campaignResultsCsv(campaigns: readonly Campaign[]): string {
  return [
    csvLine(HEADER),
    ...campaigns.map((c) =>
      csvLine([
        c.name,
        c.status,
        c.type === 'other' && c.customType
          ? `Other: ${c.customType}`
          : (CAMPAIGN_TYPE_LABELS[c.type] ?? c.type),
        day(c.createdAt),
        c.totalCalls,
        c.successfulCalls,
        formatSuccessRate(successRate(c.successfulCalls, c.totalCalls)),
        formatCost(c.totalCost),
        day(c.statisticsLastUpdated),
      ]),
    ),
  ].join('');
}
