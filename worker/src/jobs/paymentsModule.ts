/**
 * The payments code, loaded with the first payment job: the Stripe SDK alone is ~20 MB of memory,
 * which a worker busy parsing prospect files should not carry.
 */
export const paymentsModule = () => import('@ringcast/backend/payments');
