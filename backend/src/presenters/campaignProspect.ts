import { shownTimeZone, type CampaignProspectEntry } from '@ringcast/shared-types';
import type { CampaignProspectRow } from '../services/calls/read';

export function presentCampaignProspect(row: CampaignProspectRow): CampaignProspectEntry {
  return {
    prospectId: Number(row.prospectId),
    name: row.name,
    phoneNumber: row.phoneNumber,
    timeZones: row.timeZones,
    timeZone: shownTimeZone(row.timeZones),
    usStates: row.usStates ? row.usStates.split(',') : [],
    state: row.state,
    attempts: Number(row.attempts),
    lastResult: row.lastResult,
    nextAttemptAt: row.nextAttemptAt ? new Date(row.nextAttemptAt).toISOString() : null,
    reason: row.reason,
    lastCall:
      row.lastCallId === null
        ? null
        : {
            id: Number(row.lastCallId),
            status: row.lastCallStatus!,
            answeredBy: row.lastCallAnsweredBy,
            outcome: row.lastCallOutcome,
            transfer: row.lastCallTransferDestination
              ? { destination: row.lastCallTransferDestination, status: row.lastCallTransferStatus }
              : null,
          },
  };
}
