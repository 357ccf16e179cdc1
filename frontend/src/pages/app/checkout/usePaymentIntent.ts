import { useCallback, useEffect, useState } from 'react';
import {
  ERROR_CODES,
  type Coupon,
  type CreatePaymentIntentResponse,
  type PaymentsConfig,
} from '@ringcast/shared-types';
import { ApiError } from '../../../api/client';
import { requestFailureOf } from '../../../api/errorPolicy';
import * as paymentsApi from '../../../api/payments';
import { toastIntentFailed } from './checkoutToasts';

export interface ReadyIntent {
  config: PaymentsConfig;
  clientSecret: string;
  paymentIntentId: string;
  /** What will be charged, in cents, as the server priced it (after the coupon, once applied). */
  amountCents: number;
  currency: string;
  coupon: Coupon | null;
}

export type IntentState =
  | { status: 'loading' }
  /** Creation failed: the 'Error' toast has shown and, as the spec says, the spinner stays. */
  | { status: 'failed' }
  /** No such campaign among the user's (404). */
  | { status: 'missing' }
  /** Paid for already, or a payment for it is under way (409), in the server's words. */
  | { status: 'paid'; message?: string }
  /** The draft lacks what a campaign needs (409), listed in the server's words. */
  | { status: 'incomplete'; message?: string }
  | ({ status: 'ready' } & ReadyIntent);

type Prepared = [PaymentsConfig, CreatePaymentIntentResponse];

// One request per campaign at a time: a remounted page (React's development double effects, a
// quick back and forth) joins the request under way instead of asking for a second intent.
const pending = new Map<number, Promise<Prepared>>();

function prepare(campaignId: number, amountDollars: number): Promise<Prepared> {
  let request = pending.get(campaignId);
  if (!request) {
    request = Promise.all([
      paymentsApi.fetchPaymentsConfig(),
      paymentsApi.createPaymentIntent({ campaignId, amount: amountDollars }),
    ]).finally(() => pending.delete(campaignId));
    pending.set(campaignId, request);
  }
  return request;
}

/**
 * The payment intent's lifecycle on the checkout page: created (with how the server takes cards)
 * when the page opens, then a coupon may change its amount once.
 */
export function usePaymentIntent(campaignId: number, amountDollars: number) {
  const [state, setState] = useState<IntentState>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    prepare(campaignId, amountDollars).then(
      ([config, intent]) => {
        if (!live) return;
        setState({
          status: 'ready',
          config,
          clientSecret: intent.clientSecret,
          paymentIntentId: intent.paymentIntentId,
          amountCents: intent.amount,
          currency: intent.currency,
          coupon: intent.coupon,
        });
      },
      (err: unknown) => {
        if (!live) return;
        const failure = requestFailureOf(err);
        if (failure === 'missing') return setState({ status: 'missing' });
        if (failure === 'conflict' && err instanceof ApiError)
          return setState({
            status: err.serverCode === ERROR_CODES.campaignIncomplete ? 'incomplete' : 'paid',
            message: err.serverMessage,
          });
        toastIntentFailed(err);
        setState({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [campaignId, amountDollars]);

  /** Applies a coupon to the ready intent; rejects with the ApiError when the server refuses it. */
  const applyCoupon = useCallback(
    async (couponCode: string): Promise<Coupon> => {
      if (state.status !== 'ready') throw new Error('The payment is not ready yet.');
      const applied = await paymentsApi.applyCoupon(couponCode, state.paymentIntentId);
      const { coupon, amount } = applied;
      // A coupon on a subscription replaces its first invoice, so the card form switches to the
      // new invoice's intent when the server names one.
      const replaced =
        applied.clientSecret && applied.paymentIntentId
          ? { clientSecret: applied.clientSecret, paymentIntentId: applied.paymentIntentId }
          : {};
      setState((s) => (s.status === 'ready' ? { ...s, ...replaced, coupon, amountCents: amount } : s));
      return coupon;
    },
    [state],
  );

  return { intent: state, applyCoupon };
}
