let loaded: Promise<typeof import('@ringcast/backend/payments')> | undefined;
/** The payments code, with the Stripe SDK; loaded once (see warmUp.ts). */
export const paymentsModule = () => (loaded ??= import('@ringcast/backend/payments'));
