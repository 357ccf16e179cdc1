import { usePageMeta } from '../../../components/usePageMeta';

export function CheckoutPage() {
  usePageMeta({
    title: 'Checkout | Ringcast',
    description: 'Complete the payment for your Ringcast campaign securely.',
  });

  return (
    <header className="rc-page-header">
      <h1 className="rc-page-title">Complete Your Payment</h1>
    </header>
  );
}
