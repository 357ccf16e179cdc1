import { Button } from 'antd';
import { formatCents } from '@ringcast/shared-types';

/** The submit button of either card form: the amount to pay, then 'Processing...' (spec §4). */
export function PayButton({
  amountCents,
  processing,
  disabled = false,
}: {
  amountCents: number;
  processing: boolean;
  /** Not ready to take the card yet (the provider's form is still loading). */
  disabled?: boolean;
}) {
  return (
    <Button
      type="primary"
      size="large"
      htmlType="submit"
      className="rc-checkout-pay"
      disabled={processing || disabled}
      loading={processing}
    >
      {processing ? 'Processing...' : `Pay ${formatCents(amountCents)}`}
    </Button>
  );
}
