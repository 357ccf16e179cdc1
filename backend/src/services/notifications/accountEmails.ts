import type { Transaction } from 'sequelize';
import { Campaign, User, type SupportTicket } from '../../db/models';
import { appLink, enqueueMail } from '../mail';
import type { CampaignEventKind } from '../mail/templates/campaignEvent';
import { getNotificationSettings } from './settings';
import { unsubscribeUrl } from './unsubscribe';

const ownerOf = (userId: number, transaction?: Transaction | null) =>
  User.findByPk(userId, { attributes: ['id', 'email', 'companyName'], transaction });

/**
 * Tells the owner a campaign completed, failed its payment or was canceled, when they keep
 * campaign event emails on. Queued once the transaction commits; `occurrence` tells one such event
 * of the campaign from another (a payment intent, the moment of the change), so each is mailed once.
 */
export async function notifyCampaignEvent(
  campaign: Pick<Campaign, 'id' | 'userId' | 'name'>,
  event: CampaignEventKind,
  occurrence: string,
  options: { transaction?: Transaction | null; reason?: string | null } = {},
): Promise<void> {
  const { transaction } = options;
  const settings = await getNotificationSettings(campaign.userId, transaction ?? undefined);
  if (!settings.campaignEvents) return;
  const owner = await ownerOf(campaign.userId, transaction);
  if (!owner) return;
  await enqueueMail(
    {
      id: `campaign-event:${campaign.id}:${event}:${occurrence}`,
      to: owner.email,
      template: 'campaignEvent',
      data: {
        event,
        campaignName: campaign.name,
        campaignUrl: appLink(`/campaigns/${campaign.id}`),
        reason: options.reason ?? null,
        businessName: owner.companyName ?? null,
        unsubscribeUrl: unsubscribeUrl(owner.id, 'campaignEvents'),
      },
    },
    { transaction },
  );
}

/**
 * Tells the owner our team answered their ticket, when they keep ticket emails on. Each answer is
 * mailed once (its id names the ticket and when the answer was saved).
 */
export async function notifyTicketAnswered(
  ticket: SupportTicket,
  transaction?: Transaction | null,
): Promise<void> {
  if (!ticket.adminResponse) return;
  const settings = await getNotificationSettings(ticket.userId, transaction ?? undefined);
  if (!settings.ticketAnswers) return;
  const owner = await ownerOf(ticket.userId, transaction);
  if (!owner) return;
  await enqueueMail(
    {
      id: `ticket-answered:${ticket.id}:${ticket.updatedAt.getTime()}`,
      to: owner.email,
      template: 'ticketAnswered',
      data: {
        subject: ticket.subject,
        response: ticket.adminResponse,
        ticketsUrl: appLink('/help'),
        businessName: owner.companyName ?? null,
        unsubscribeUrl: unsubscribeUrl(owner.id, 'ticketAnswers'),
      },
    },
    { transaction },
  );
}
