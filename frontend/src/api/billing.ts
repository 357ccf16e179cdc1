import type {
  BillingClockResponse,
  BillingOverview,
  Campaign,
  CampaignPlanInput,
  SetupIntentResponse,
} from '@ringcast/shared-types';
import { api } from './client';

/** The signed-in user's card, credit, subscriptions and invoices (GET /api/billing). */
export const fetchBilling = () => api.get<BillingOverview>('/api/billing');

/** A SetupIntent for a new card; the card form confirms it with the provider. */
export const createSetupIntent = () => api.post<SetupIntentResponse>('/api/billing/setup-intent');

/** Makes the confirmed SetupIntent's card the default; open invoices are paid with it at once. */
export const savePaymentMethod = (setupIntentId: string) =>
  api.post<unknown>('/api/billing/payment-method', { setupIntentId });

/**
 * The campaign a billing action answers with, whether the server sends it bare or as
 * `{ campaign }`; undefined when it sends neither (the push brings the change then).
 */
function campaignOf(answer: unknown): Campaign | undefined {
  if (!answer || typeof answer !== 'object') return undefined;
  const wrapped = (answer as { campaign?: unknown }).campaign;
  const found = wrapped && typeof wrapped === 'object' ? wrapped : answer;
  return typeof (found as Campaign).id === 'number' && typeof (found as Campaign).status === 'string'
    ? (found as Campaign)
    : undefined;
}

/** More calls at once (prorated, invoiced now), fewer from the next period; overage on or off. */
export const changePlan = async (campaignId: number, input: CampaignPlanInput) =>
  campaignOf(await api.put<unknown>(`/api/campaigns/${campaignId}/plan`, input));

/** Cancels at the period's end: the campaign dials until then, with no fee. */
export const cancelSubscription = async (campaignId: number) =>
  campaignOf(await api.post<unknown>(`/api/campaigns/${campaignId}/cancel`));

/** Undoes a cancellation before the period ends. */
export const resumeSubscription = async (campaignId: number) =>
  campaignOf(await api.post<unknown>(`/api/campaigns/${campaignId}/resume`));

/** Sandbox mode only: moves a user's Stripe test clock forward; answers once its webhooks are applied. */
export const advanceBillingClock = (userId: number, days: number) =>
  api.post<BillingClockResponse>('/api/admin/sandbox/billing-clock', { userId, days });
