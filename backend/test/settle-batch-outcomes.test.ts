import { describe, expect, it } from 'vitest';
import { sequelize } from '../src/db/sequelize';
import { CallRecord, Campaign, User } from '../src/db/models';
import { encryptSecret } from '../src/lib/secretBox';
import { applyCallEvents } from '../src/services/calls/events';
import { fetchSettledCallPrices, LIST_PRICES_FOR_MS } from '../src/services/calls/settle';
import { campaignsWithDialing, campaignWithDialing } from '../src/services/calls/read';
import { eventsOf, expectSettledOnce, useSettleBatch } from './helpers/settleBatch';
import { shuffled } from './helpers/shuffled';

/**
 * A batch of call events settles every call that ended in it together: the campaigns' counters,
 * the month's billable positions and the prospects' states move by sums, a few statements for the
 * whole batch. Whatever the mix of outcomes and campaigns, the order and the repeats, each call
 * counts once and the counters equal the records; answered calls are priced afterwards.
 */
const { campaignInCalls } = useSettleBatch();

describe('a batch of call events', () => {
  it('settles the calls of several campaigns with every outcome once, in any order, applied concurrently and twice', async () => {
    const retrying = await campaignInCalls(2);
    const once = await campaignInCalls(1);
    const calls = [...retrying.calls, ...once.calls];
    const events = shuffled(calls.flatMap(eventsOf));
    const halves = [events.filter((_, i) => i % 2 === 0), events.filter((_, i) => i % 2 === 1)];
    const results = await Promise.all([
      applyCallEvents(halves[0]!),
      applyCallEvents(shuffled(halves[1]!)),
      applyCallEvents(shuffled(halves[0]!)),
      applyCallEvents(halves[1]!),
    ]);
    const total = (key: 'applied' | 'unchanged' | 'duplicate') =>
      results.reduce((sum, r) => sum + r.outcomes[key], 0);
    expect(total('applied') + total('unchanged')).toBe(events.length);
    expect(total('duplicate')).toBe(events.length);
    await expectSettledOnce(retrying.campaign.id, retrying.calls, 2);
    await expectSettledOnce(once.campaign.id, once.calls, 1);

    // Delivered again, as after a crash between the commit and the acknowledgement: nothing moves.
    const again = await applyCallEvents(shuffled(events));
    expect(again.outcomes.applied + again.outcomes.unchanged).toBe(0);
    expect(again.endedAnswered).toEqual([]);
    await expectSettledOnce(retrying.campaign.id, retrying.calls, 2);
    await expectSettledOnce(once.campaign.id, once.calls, 1);
  });

  it("prices answered calls in sweeps: from the account's list while they are recent, then each on its own, then lets them be", async () => {
    const { campaign, calls } = await campaignInCalls(1);
    const result = await applyCallEvents(calls.flatMap(eventsOf));
    const answered = result.endedAnswered;
    expect(answered.length).toBeGreaterThan(0);
    // Settled at a moment of their own, so no other call is swept with them.
    const settledAt = new Date('2021-03-04T05:06:07.000Z');
    await sequelize.query(
      'UPDATE call_records SET settledAt = :settledAt WHERE campaignId = :campaignId AND settledAt IS NOT NULL',
      { replacements: { settledAt, campaignId: campaign.id } },
    );
    const sweepAt = (msAfter: number) => fetchSettledCallPrices(new Date(settledAt.getTime() + msAfter));
    const nothing = { priced: 0, unknown: 0 };
    // Too soon for a price; then the account's list is asked, which does not show these calls (they
    // were never placed through the sandbox), so the next sweep asks again.
    expect(await sweepAt(1_000)).toEqual(nothing);
    expect(await sweepAt(3_000)).toEqual(nothing);
    // Long unlisted: each is fetched alone, and the provider does not know it.
    expect(await sweepAt(LIST_PRICES_FOR_MS + 1_000)).toEqual({ priced: 0, unknown: answered.length });
    expect(await sweepAt(LIST_PRICES_FOR_MS + 60_000)).toEqual(nothing);
    const prices = await CallRecord.findAll({ where: { id: answered }, attributes: ['price'] });
    expect(prices.every((c) => c.price === null)).toBe(true);
  });

  it("sweeps every account's calls though one account refuses to answer (its token revoked)", async () => {
    const [platform, revoked] = [await campaignInCalls(1), await campaignInCalls(1)];
    const revokedSid = `AC${'e'.repeat(32)}`;
    await User.update(
      { twilioAccountSid: revokedSid, twilioAuthTokenEncrypted: encryptSecret('revoked-token') },
      { where: { id: revoked.campaign.userId } },
    );
    // The sandbox knows a customer's account by the token saved for it; with a second, different
    // token saved for the same SID it answers neither (401), as Twilio answers a revoked token.
    await User.update(
      { twilioAccountSid: revokedSid, twilioAuthTokenEncrypted: encryptSecret('the-new-token') },
      { where: { id: platform.campaign.userId } },
    );
    const ended = await Promise.all(
      [platform, revoked].map(
        async ({ calls }) => (await applyCallEvents(calls.flatMap(eventsOf))).endedAnswered,
      ),
    );
    expect(ended.every((ids) => ids.length > 0)).toBe(true);
    // Placed through the customer's own account, which has since revoked the token we hold.
    await CallRecord.update({ accountSid: revokedSid }, { where: { campaignId: revoked.campaign.id } });
    const settledAt = new Date('2021-05-06T07:08:09.000Z');
    await sequelize.query(
      'UPDATE call_records SET settledAt = :settledAt WHERE campaignId IN (:campaignIds) AND settledAt IS NOT NULL',
      { replacements: { settledAt, campaignIds: [platform.campaign.id, revoked.campaign.id] } },
    );
    const sweepAt = (msAfter: number) => fetchSettledCallPrices(new Date(settledAt.getTime() + msAfter));
    // The sandbox refuses the revoked account (401): its calls wait for the next sweep, and the
    // platform's calls are still looked up, alone once unlisted.
    expect(await sweepAt(3_000)).toEqual({ priced: 0, unknown: 0 });
    expect(await sweepAt(LIST_PRICES_FOR_MS + 1_000)).toEqual({ priced: 0, unknown: ended[0]!.length });
  });

  it('is seen by a campaign page read either wholly or not at all: its counters and its calls in flight agree', async () => {
    const { campaign, calls } = await campaignInCalls(1);
    const read = await campaignWithDialing(async (transaction) => {
      const found = await Campaign.findByPk(campaign.id, { transaction });
      // The batch settles and commits between the page's first read and the rest of them.
      await applyCallEvents(calls.flatMap(eventsOf));
      return found;
    });
    expect(read!.dialing).toMatchObject({ callsInFlight: calls.length, prospectsRemaining: calls.length });
    expect(read!.campaign.totalCalls).toBe(0);

    const after = (await campaignWithDialing((transaction) =>
      Campaign.findByPk(campaign.id, { transaction }),
    ))!;
    expect(after.dialing.callsInFlight).toBe(0);
    // With one attempt each, every prospect is done.
    expect(after.dialing.prospectsRemaining).toBe(0);
    expect(after.campaign.totalCalls).toBeGreaterThan(0);
  });

  it('is announced with the other campaigns that moved, each with its own figures, read together', async () => {
    const [settled, dialing] = [await campaignInCalls(1), await campaignInCalls(1)];
    await applyCallEvents(settled.calls.flatMap(eventsOf));
    const read = await campaignsWithDialing([settled.campaign.id, dialing.campaign.id, 999_999_999]);
    expect(read.map((r) => r.campaign.id).sort()).toEqual([settled.campaign.id, dialing.campaign.id].sort());
    const figuresOf = (id: number) => read.find((r) => r.campaign.id === id)!;
    const billable = settled.calls.filter((c) => ['2', '4', '5', '6'].includes(c.toNumber.at(-1)!)).length;
    expect(figuresOf(settled.campaign.id).dialing).toMatchObject({
      callsInFlight: 0,
      prospectsRemaining: 0,
      monthBillableCalls: billable,
    });
    expect(figuresOf(dialing.campaign.id).dialing).toMatchObject({
      callsInFlight: dialing.calls.length,
      prospectsRemaining: dialing.calls.length,
      monthBillableCalls: 0,
    });
    for (const { campaign, dialing: figures } of read)
      expect(figures).toEqual(
        (await campaignWithDialing((t) => Campaign.findByPk(campaign.id, { transaction: t })))!.dialing,
      );
  });
});
