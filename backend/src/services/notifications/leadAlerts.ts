import type { Transaction } from 'sequelize';
import { DEFAULT_NOTIFICATION_TIME_ZONE } from '@ringcast/shared-types';
import { CallRecord, Campaign, User } from '../../db/models';
import { logger } from '../../logger';
import { enqueue } from '../../queues';
import { enqueueMail } from '../mail';
import { alertRecipientsOf } from './alertRecipients';
import { formatZonedTime, isLeadCall, leadFactsOf } from './leadFacts';
import { getNotificationSettings } from './settings';
import { recipientUnsubscribeUrl, unsubscribeUrl } from './unsubscribe';

/**
 * How long after a call settles its alert waits for the summary. The summary job starts when the
 * relay session closes, about when the call settles, and takes a few seconds; past this the alert
 * goes without it (saying it is being written), so an alert always leaves within a minute.
 */
export const SUMMARY_WAIT_MS = 40_000;
/** How often a waiting alert looks for the summary again. */
export const SUMMARY_RECHECK_MS = 2_000;

/**
 * Queues the lead alert of each settled call whose outcome is a lead, once the transaction
 * commits (settling, or an outcome recorded just after the call settled). One job per call
 * however often this is asked (its job id), and a queue out of reach is logged: the settlement is
 * committed and must not fail for an email.
 */
export function queueLeadAlerts(calls: readonly CallRecord[], transaction: Transaction): void {
  const ids = calls.filter((call) => call.settledAt && isLeadCall(call)).map((call) => call.id);
  if (!ids.length) return;
  transaction.afterCommit(async () => {
    try {
      await Promise.all(ids.map((callId) => enqueue('sendLeadAlerts', { callId })));
    } catch (err) {
      logger.error({ err, callIds: ids }, 'could not queue lead alerts');
    }
  });
}

export type LeadAlertStep =
  | { step: 'wait'; untilMs: number }
  | { step: 'done'; result: 'sent' | 'not_a_lead' | 'off' | 'missing'; recipients: number };

/** Whether the call had a conversation whose summary is still to come. */
const summaryPending = (call: CallRecord) =>
  !call.summary && Boolean(call.relayStartedAt) && call.answeredBy !== 'machine';

/**
 * The lead alert job: re-reads the call; sends nothing for a call that is not (or no longer) a
 * lead or whose owner turned alerts off or chose the digest; waits for the summary up to
 * SUMMARY_WAIT_MS after the call settled; then queues one mail per recipient (the owner and the
 * campaign's extra addresses), each with its own stable id, so a run repeated sends nothing twice.
 */
export async function sendLeadAlerts(callId: number, now = Date.now()): Promise<LeadAlertStep> {
  const call = await CallRecord.findByPk(callId);
  if (!call?.settledAt) return { step: 'done', result: 'missing', recipients: 0 };
  if (!isLeadCall(call)) return { step: 'done', result: 'not_a_lead', recipients: 0 };
  const settings = await getNotificationSettings(call.userId);
  if (settings.leadAlerts !== 'each') return { step: 'done', result: 'off', recipients: 0 };
  const deadline = call.settledAt.getTime() + SUMMARY_WAIT_MS;
  if (summaryPending(call) && now < deadline)
    return { step: 'wait', untilMs: Math.min(now + SUMMARY_RECHECK_MS, deadline) };

  const [owner, campaign, extra, facts] = await Promise.all([
    User.findByPk(call.userId, { attributes: ['id', 'email', 'companyName'] }),
    Campaign.findByPk(call.campaignId, { attributes: ['id', 'name'] }),
    alertRecipientsOf(call.campaignId),
    leadFactsOf([call], settings.timeZone ?? DEFAULT_NOTIFICATION_TIME_ZONE),
  ]);
  if (!owner || !campaign) return { step: 'done', result: 'missing', recipients: 0 };
  const fact = facts.get(call.id)!;
  const at = call.startedAt ?? call.createdAt;
  const data = {
    ...fact,
    localTime: fact.timeZone ? formatZonedTime(at, fact.timeZone) : null,
    businessName: owner.companyName ?? null,
  };
  const owners = owner.email.toLowerCase();
  const recipients = [
    { to: owners, unsubscribe: unsubscribeUrl(owner.id, 'leadAlerts') },
    ...extra
      .filter((email) => email !== owners)
      .map((email) => ({ to: email, unsubscribe: recipientUnsubscribeUrl(campaign.id, email) })),
  ];
  for (const { to, unsubscribe } of recipients) {
    await enqueueMail({
      id: `lead-alert:${call.id}:${to}`,
      to,
      template: 'leadAlert',
      data: { ...data, unsubscribeUrl: unsubscribe },
    });
  }
  return { step: 'done', result: 'sent', recipients: recipients.length };
}
