/**
 * Reading promised call backs, and what the owner and the dialer do with them. Lock order, as in
 * schedule.ts: a prospect's `campaign_prospects` row before its callback's, so the owner's cancel
 * and the dialer's claim of the same prospect take turns on the prospect's row.
 */
import { QueryTypes, type Transaction } from 'sequelize';
import {
  CALLBACK_MESSAGES,
  callbackDueAt,
  type Callback as CallbackDto,
  type CallbackStatus,
} from '@ringcast/shared-types';
import { execute } from '../../db/execute';
import { sequelize } from '../../db/sequelize';
import { retriedTransaction } from '../../db/deadlockRetry';
import type { Campaign } from '../../db/models';
import { conflict, notFound } from '../../errors';
import { presentCallback, type CallbackFields } from '../../presenters/callback';
import { callingAreasOf, callingRulesOf, prospectCallingArea } from '../calls/dispatch';
import { dialerNow } from '../calls/shared';
import { markCampaignChanged } from '../calls/read';
import { announceCallback } from './schedule';

type CallbackRow = CallbackFields & { userId: number; name: string | null; phoneNumber: string };

const SELECT_WITH_PROSPECT = `SELECT cb.*, p.name, p.phoneNumber
  FROM callbacks cb JOIN prospects p ON p.id = cb.prospectId`;

async function readCallbacks(
  where: string,
  replacements: Record<string, unknown>,
  transaction?: Transaction,
) {
  return sequelize.query<CallbackRow>(`${SELECT_WITH_PROSPECT} WHERE ${where}`, {
    replacements,
    type: QueryTypes.SELECT,
    transaction,
  });
}

/** A campaign's callbacks, the soonest due first, with whom each calls. */
export async function listCampaignCallbacks(
  campaignId: number,
  status?: CallbackStatus,
): Promise<CallbackDto[]> {
  const rows = await readCallbacks(
    `cb.campaignId = :campaignId${status ? ' AND cb.status = :status' : ''} ORDER BY cb.dueAt, cb.id`,
    { campaignId, status },
  );
  return rows.map((row) => presentCallback(row, row));
}

/**
 * The owner stops a scheduled callback: `canceled`, or `handled` (they called back themselves).
 * The prospect's row is locked first: a dispatcher claiming it either placed the call already (the
 * callback is `called`: 409) or finds it done with, never due. Another user's callback is missing.
 */
export async function closeCallback(
  userId: number,
  id: number,
  status: Extract<CallbackStatus, 'canceled' | 'handled'>,
): Promise<CallbackDto> {
  return retriedTransaction(async (transaction) => {
    const [row] = await readCallbacks('cb.id = :id AND cb.userId = :userId', { id, userId }, transaction);
    if (!row) throw notFound(CALLBACK_MESSAGES.notFound);
    const found = { campaignId: row.campaignId, prospectId: row.prospectId };
    await sequelize.query(
      `SELECT state FROM campaign_prospects WHERE campaignId = :campaignId AND prospectId = :prospectId FOR UPDATE`,
      { replacements: found, type: QueryTypes.SELECT, transaction },
    );
    const closed = await execute(
      `UPDATE callbacks SET status = :status, heldProspectId = NULL, updatedAt = NOW(3)
        WHERE id = :id AND status = 'scheduled'`,
      { replacements: { id, status }, transaction },
    );
    if (!closed) throw conflict(CALLBACK_MESSAGES.notScheduled);
    const finished = await execute(
      `UPDATE campaign_prospects SET state = 'done', nextAttemptAt = NULL, reason = NULL, updatedAt = NOW(3)
        WHERE campaignId = :campaignId AND prospectId = :prospectId AND state IN ('pending', 'scheduled')`,
      { replacements: found, transaction },
    );
    if (finished)
      await execute(
        `UPDATE campaigns SET prospectsRemaining = GREATEST(CAST(prospectsRemaining AS SIGNED) - 1, 0)
          WHERE id = :campaignId`,
        { replacements: found, transaction },
      );
    markCampaignChanged(found.campaignId, transaction);
    const [closedRow] = await readCallbacks('cb.id = :id', { id }, transaction);
    announceCallback(closedRow!, closedRow!, transaction);
    return presentCallback(closedRow!, closedRow!);
  });
}

/**
 * The dialer claimed a prospect due for its callback and queued the call: the callback is `called`
 * by it, in the claim's transaction (the prospect's row is held). Answers whether it was still
 * scheduled (a callback closed meanwhile left its prospect done, so the claim could not happen).
 */
export async function markCallbackCalled(callbackId: number, callId: number, transaction: Transaction) {
  const called = await execute(
    `UPDATE callbacks SET status = 'called', heldProspectId = NULL, calledOnCallId = :callId, updatedAt = NOW(3)
      WHERE id = :callbackId AND status = 'scheduled'`,
    { replacements: { callbackId, callId }, transaction },
  );
  if (!called) return false;
  const [row] = await readCallbacks('cb.id = :callbackId', { callbackId }, transaction);
  if (row) announceCallback(row, row, transaction);
  return true;
}

/**
 * The campaign's calling rules changed: each scheduled callback keeps its promise, moved inside the
 * new rules from the time the callee asked for (callbackDueAt), its prospect's next attempt with it.
 * decideProspectsAgain leaves these prospects alone; this runs in the same transaction.
 */
export async function moveCallbacksInsideRules(campaign: Campaign, transaction: Transaction): Promise<void> {
  const held = await sequelize.query<{
    prospectId: number;
    phoneNumber: string;
    callingAreaId: number | null;
  }>(
    `SELECT cp.prospectId, cp.phoneNumber, cp.callingAreaId FROM campaign_prospects cp
       JOIN callbacks cb ON cb.campaignId = cp.campaignId AND cb.heldProspectId = cp.prospectId
      WHERE cp.campaignId = :campaignId AND cp.state = 'scheduled'
      ORDER BY cp.prospectId FOR UPDATE`,
    { replacements: { campaignId: campaign.id }, type: QueryTypes.SELECT, transaction },
  );
  if (!held.length) return;
  const callbacks = await readCallbacks(
    'cb.campaignId = :campaignId AND cb.heldProspectId IN (:ids) ORDER BY cb.id FOR UPDATE',
    { campaignId: campaign.id, ids: held.map((h) => h.prospectId) },
    transaction,
  );
  const areas = await callingAreasOf(held.map((h) => h.callingAreaId));
  const rules = callingRulesOf(campaign);
  const now = dialerNow();
  for (const row of held) {
    const callback = callbacks.find((c) => Number(c.prospectId) === Number(row.prospectId));
    if (!callback) continue;
    const area = prospectCallingArea(row.phoneNumber, row.callingAreaId, areas);
    const dueAt = callbackDueAt(new Date(callback.requestedFor), area, rules, now);
    if (dueAt.getTime() === new Date(callback.dueAt).getTime()) continue;
    const stamp = new Date();
    const replacements = {
      dueAt,
      stamp,
      campaignId: campaign.id,
      prospectId: row.prospectId,
      id: callback.id,
    };
    await execute(
      `UPDATE campaign_prospects SET nextAttemptAt = :dueAt, reason = 'callback', updatedAt = NOW(3)
        WHERE campaignId = :campaignId AND prospectId = :prospectId`,
      { replacements, transaction },
    );
    await execute(`UPDATE callbacks SET dueAt = :dueAt, updatedAt = :stamp WHERE id = :id`, {
      replacements,
      transaction,
    });
    announceCallback({ ...callback, dueAt, updatedAt: stamp } as CallbackRow, callback, transaction);
  }
}

/**
 * Prospects the dialer will not call after all (their number went on a do-not-call list, or the
 * rules will never let it through): their scheduled callbacks are canceled with them, in the
 * caller's transaction, which holds the prospects' rows already.
 */
export async function cancelHeldCallbacks(
  of: { userId: number; phoneNumbers: readonly string[] } | { campaignId: number; prospectId: number },
  transaction: Transaction,
): Promise<void> {
  const rows =
    'phoneNumbers' in of
      ? await readCallbacks(
          `cb.userId = :userId AND cb.status = 'scheduled' AND p.phoneNumber IN (:phoneNumbers) FOR UPDATE`,
          { userId: of.userId, phoneNumbers: of.phoneNumbers },
          transaction,
        )
      : await readCallbacks(
          'cb.campaignId = :campaignId AND cb.heldProspectId = :prospectId FOR UPDATE',
          of,
          transaction,
        );
  if (!rows.length) return;
  const stamp = new Date();
  await execute(
    `UPDATE callbacks SET status = 'canceled', heldProspectId = NULL, updatedAt = :stamp WHERE id IN (:ids)`,
    { replacements: { stamp, ids: rows.map((row) => row.id) }, transaction },
  );
  for (const row of rows)
    announceCallback({ ...row, status: 'canceled', updatedAt: stamp }, row, transaction);
}
