import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BillingOverview, BillingSubscription, BillingUpdate, User } from '@ringcast/shared-types';

const api = vi.hoisted(() => ({ fetchBilling: vi.fn() }));
vi.mock('../api/billing', () => api);

const { BILLING_REREAD_DEBOUNCE_MS, useBillingStore } = await import('./billingStore');
const { useAuthStore } = await import('./authStore');

const store = () => useBillingStore.getState();
const answered = () => vi.advanceTimersByTimeAsync(0);

const subscription = (status: BillingSubscription['status']) =>
  ({ campaignId: 7, campaignName: 'Calls', status }) as BillingSubscription;
const overview = (status: BillingSubscription['status']): BillingOverview => ({
  card: null,
  creditBalance: '150.00',
  subscriptions: [subscription(status)],
  invoices: [],
});
const update = (userId: number, status: BillingSubscription['status']): BillingUpdate => ({
  campaignId: 7,
  userId,
  subscription: subscription(status),
  latestInvoice: null,
});

describe('billingStore', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    store().clear();
    useAuthStore.setState({ user: { id: 1 } as User, status: 'authenticated' });
    api.fetchBilling.mockReset().mockResolvedValue(overview('active'));
  });
  afterEach(() => vi.useRealTimers());

  it("shows the user's own push at once, then reads the overview again once per burst", async () => {
    await store().load();
    expect(store()).toMatchObject({ status: 'ready', overview: overview('active') });

    api.fetchBilling.mockResolvedValue(overview('past_due'));
    store().receive(update(2, 'canceled'));
    expect(store().overview?.subscriptions[0].status).toBe('active');
    store().receive(update(1, 'past_due'));
    store().receive(update(1, 'past_due'));
    expect(store().overview?.subscriptions[0].status).toBe('past_due');
    await vi.advanceTimersByTimeAsync(BILLING_REREAD_DEBOUNCE_MS);
    expect(api.fetchBilling).toHaveBeenCalledTimes(2);
  });

  it('reads nothing for a push before the section was ever shown, and forgets all on clear', async () => {
    store().receive(update(1, 'past_due'));
    await vi.advanceTimersByTimeAsync(BILLING_REREAD_DEBOUNCE_MS);
    expect(api.fetchBilling).not.toHaveBeenCalled();
    store().catchUp();
    expect(api.fetchBilling).not.toHaveBeenCalled();

    await store().load();
    store().clear();
    expect(store()).toMatchObject({ status: 'idle', overview: null });
  });

  it('keeps what it shows when a later read fails, and reports a first read that fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    api.fetchBilling.mockRejectedValueOnce(new Error('down'));
    await store().load();
    expect(store().status).toBe('error');
    await store().load();
    api.fetchBilling.mockRejectedValueOnce(new Error('down'));
    await store().load();
    expect(store()).toMatchObject({ status: 'ready', overview: overview('active') });
    await answered();
  });
});
