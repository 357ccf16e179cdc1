import type { Transaction } from 'sequelize';
import { Prospect, type CallRecord } from '../../../db/models';
import { publish, rereadPublisher } from '../../../events/publish';
import { presentCallRecord } from '../../../presenters/callRecord';
import { presentCampaign } from '../../../presenters/campaign';
import { callersOf } from './callers';
import { campaignsWithDialing } from './dialingState';

/** A call's new state to its owner's tabs, once the transaction commits. */
export async function announceCall(call: CallRecord, transaction?: Transaction | null): Promise<void> {
  await announceCalls([call], transaction);
}

/** Many calls' new states, their prospects (and the prospects who rang in) read in one query each. */
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
  const callers = await callersOf(calls, transaction);
  for (const call of calls) {
    const prospect = (call.prospectId && byId.get(call.prospectId)) || callers.get(call.id) || null;
    publish('call:updated', presentCallRecord(call, prospect), { userId: call.userId, transaction });
  }
}

/**
 * Every campaign push, read again with its dialing state after the commit (the events table's
 * `reread` step): campaigns whose counters or dialing state moved are read together once per
 * window however many calls moved them meanwhile (a thousand callbacks a second cost a few reads),
 * and a change a person made is read and pushed at once.
 */
const campaigns = rereadPublisher('campaign:updated', async (ids) =>
  // All of them from one snapshot, in a few statements however many moved.
  (await campaignsWithDialing(ids)).map(({ campaign, dialing }) => ({
    payload: { ...presentCampaign(campaign), dialing },
    userId: campaign.userId,
  })),
);

/** The campaign's counters or dialing state moved: announced at the end of the window. */
export const markCampaignChanged = campaigns.moved;

/** A person (or the system on their behalf) changed the campaign: announced once it commits. */
export const announceCampaign = campaigns.changed;

/** Announces the campaigns the window holds now (tests and benchmarks, before they stop). */
export const flushChangedCampaigns = campaigns.flush;
