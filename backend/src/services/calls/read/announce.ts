import type { Transaction } from 'sequelize';
import { Prospect, type CallRecord } from '../../../db/models';
import { publish } from '../../../events/publish';
import { logger } from '../../../logger';
import { presentCallRecord } from '../../../presenters/callRecord';
import { presentCampaign } from '../../../presenters/campaign';
import { campaignsWithDialing } from './dialingState';

/** A call's new state to its owner's tabs, once the transaction commits. */
export async function announceCall(call: CallRecord, transaction?: Transaction | null): Promise<void> {
  await announceCalls([call], transaction);
}

/** Many calls' new states, their prospects read in one query. */
export async function announceCalls(calls: CallRecord[], transaction?: Transaction | null): Promise<void> {
  const prospectIds = [...new Set(calls.flatMap((call) => (call.prospectId ? [call.prospectId] : [])))];
  const prospects = prospectIds.length
    ? await Prospect.findAll({
        where: { id: prospectIds },
        attributes: ['id', 'name', 'timeZone'],
        transaction,
      })
    : [];
  const byId = new Map(prospects.map((prospect) => [prospect.id, prospect]));
  for (const call of calls) {
    const prospect = (call.prospectId && byId.get(call.prospectId)) || null;
    publish('call:updated', presentCallRecord(call, prospect), { userId: call.userId, transaction });
  }
}

/**
 * Campaigns whose counters or dialing state moved. Each is re-read and announced with its dialing
 * state at most every 250 ms, however many calls moved it meanwhile: a thousand callbacks a second
 * cost a few reads, and the screens still see the latest state.
 */
const changed = new Set<number>();
let timer: ReturnType<typeof setTimeout> | undefined;
export const DIALING_ANNOUNCE_MS = 250;

export function markCampaignChanged(campaignId: number, transaction?: Transaction | null): void {
  const mark = () => {
    changed.add(campaignId);
    timer ??= setTimeout(() => void flushChangedCampaigns(), DIALING_ANNOUNCE_MS);
  };
  if (transaction) transaction.afterCommit(mark);
  else mark();
}

export async function flushChangedCampaigns(): Promise<void> {
  clearTimeout(timer);
  timer = undefined;
  const ids = [...changed];
  changed.clear();
  if (!ids.length) return;
  try {
    // All of them from one snapshot, in a few statements however many moved.
    for (const { campaign, dialing } of await campaignsWithDialing(ids)) {
      const payload = { ...presentCampaign(campaign), dialing };
      publish('campaign:updated', payload, { userId: campaign.userId, statistics: true });
    }
  } catch (err) {
    logger.warn({ err, campaignIds: ids }, 'could not announce campaigns');
  }
}
