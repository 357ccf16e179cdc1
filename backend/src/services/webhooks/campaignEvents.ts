import { Campaign, User } from '../../db/models';
import { presentCampaign } from '../../presenters/campaign';
import { emitWebhookEvent } from './events';

let registered = false;

/**
 * `campaign.updated` on every status change of a campaign saved through its model (launch,
 * pause, resume, completion, billing states), once the change commits: the campaign as the API
 * presents it, with `previousStatus`. A model hook, so no path that changes a status is missed;
 * a bulk `Campaign.update` runs no hooks, and none changes a status. Registered once per process
 * when this module loads (the webhooks front door, which the api and the worker both load).
 */
export function registerCampaignWebhooks(): void {
  if (registered) return;
  registered = true;
  Campaign.addHook('afterUpdate', 'webhooks:campaign.updated', (campaign: Campaign, options) => {
    if (!campaign.changed('status')) return;
    const previousStatus = campaign.previous('status') ?? null;
    const status = campaign.status;
    const at = campaign.updatedAt?.getTime() ?? Date.now();
    emitWebhookEvent(
      {
        userId: campaign.userId,
        type: 'campaign.updated',
        // One event per move (the same move saved twice at the same instant is one).
        sourceKey: `campaign.updated:${campaign.id}:${status}:${at}`,
        data: async () => {
          const [fresh, owner] = await Promise.all([
            Campaign.findByPk(campaign.id),
            User.findByPk(campaign.userId, { attributes: ['id', 'twilioPhoneNumber'] }),
          ]);
          if (!fresh) return null;
          // The status this event is about, even if a later change has landed since.
          return { ...presentCampaign(fresh, owner), status, previousStatus };
        },
      },
      options.transaction,
    );
  });
}
