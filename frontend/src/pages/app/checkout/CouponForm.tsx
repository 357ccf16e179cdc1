import { useState, type FormEvent } from 'react';
import { Button, Input } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { applyCouponSchema, validateInput, type Coupon } from '@ringcast/shared-types';
import { errorProps } from '../../../components/form/FormField';
import { couponDiscountText } from './couponText';
import { toastCouponApplied, toastCouponInvalid } from './checkoutToasts';

interface CouponFormProps {
  /** The coupon on the payment already, if any: then the field and button stay disabled. */
  applied: Coupon | null;
  /** Applies the code; rejects with the server's refusal. */
  onApply: (couponCode: string) => Promise<Coupon>;
  /** While a card payment is under way. */
  disabled?: boolean;
}

const couponCodeSchema = applyCouponSchema.pick(['couponCode']);

/** "Coupon WELCOME10 applied: 10% off" */
function appliedText(coupon: Coupon) {
  const off = couponDiscountText(coupon);
  return `Coupon ${coupon.name?.trim() || coupon.id} applied${off ? `: ${off}` : ''}`;
}

/** The optional coupon: a non-blank code (Apply waits for one), applied once (spec §4, §5). */
export function CouponForm({ applied, onApply, disabled = false }: CouponFormProps) {
  const [code, setCode] = useState(applied?.id ?? '');
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const locked = applied !== null || disabled;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (locked || pending) return;
    const checked = await validateInput(couponCodeSchema, { couponCode: code });
    if (!checked.ok) return setError(checked.fields.couponCode ?? checked.message);
    setError(undefined);
    setPending(true);
    try {
      toastCouponApplied(await onApply(checked.value.couponCode));
    } catch (err) {
      toastCouponInvalid(err);
    } finally {
      setPending(false);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Coupon">
      <div className="rc-field">
        <label htmlFor="checkout-coupon" className="rc-field-label">
          Coupon Code (optional)
        </label>
        <div className="rc-checkout-coupon-row">
          <Input
            id="checkout-coupon"
            autoComplete="off"
            spellCheck={false}
            placeholder="Enter a coupon code"
            maxLength={100}
            value={code}
            disabled={locked}
            onChange={(e) => {
              setCode(e.target.value);
              if (error) setError(undefined);
            }}
            {...errorProps('checkout-coupon', error)}
          />
          <Button htmlType="submit" disabled={locked || !code.trim()} loading={pending}>
            Apply
          </Button>
        </div>
        {error && (
          <div id="checkout-coupon-error" className="rc-field-error">
            {error}
          </div>
        )}
        {applied && (
          <div className="rc-checkout-coupon-applied">
            <CheckCircleFilled aria-hidden /> {appliedText(applied)}
          </div>
        )}
      </div>
    </form>
  );
}
