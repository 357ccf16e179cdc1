import { useEffect, useState } from 'react';
import { Button, InputNumber, Tag } from 'antd';
import { advanceBillingClock } from '../../../api/billing';
import { showRequestError } from '../../../api/errorPolicy';
import { fetchPaymentsConfig } from '../../../api/payments';
import { toast } from '../../../components/toast/toastStore';
import { formatDateTime } from '../components/format';

/** Whether payments run on the Stripe sandbox, asked once per page load. */
let stripeSandbox: Promise<boolean> | null = null;
const isStripeSandbox = () =>
  (stripeSandbox ??= fetchPaymentsConfig().then(
    (config) => config.sandbox,
    () => {
      stripeSandbox = null;
      return false;
    },
  ));

/**
 * "Sandbox: advance billing by days": moves the user's Stripe test clock forward, so renewals,
 * failed payments and cancellations happen as Stripe would make them. Only in sandbox mode; the
 * answer comes once the resulting webhooks are applied, and the screens update by their pushes.
 */
export function BillingClockControl({ userId }: { userId: number }) {
  const [sandbox, setSandbox] = useState(false);
  const [days, setDays] = useState<number | null>(30);
  const [pending, setPending] = useState(false);
  const [frozenTime, setFrozenTime] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void isStripeSandbox().then((on) => live && setSandbox(on));
    return () => {
      live = false;
    };
  }, []);
  if (!sandbox) return null;

  const advance = async () => {
    if (!days || pending) return;
    setPending(true);
    try {
      const answer = await advanceBillingClock(userId, days);
      setFrozenTime(answer.frozenTime);
      toast({
        title: 'Billing Clock Advanced',
        description: `Billing now reads ${formatDateTime(answer.frozenTime)}.`,
      });
    } catch (err) {
      showRequestError(err, { title: 'Error', fallback: 'The billing clock could not be advanced.' });
    } finally {
      setPending(false);
    }
  };

  return (
    <section className="rc-admin-billing-clock" aria-label="Sandbox billing clock">
      <p>
        <Tag color="gold">Sandbox</Tag> Advance billing by days
      </p>
      <div className="rc-admin-billing-clock-row">
        <InputNumber
          aria-label="Days"
          min={1}
          max={366}
          precision={0}
          value={days}
          onChange={(value) => setDays(value)}
          disabled={pending}
        />
        <Button type="primary" loading={pending} disabled={!days} onClick={() => void advance()}>
          Advance
        </Button>
      </div>
      {frozenTime && (
        <p className="rc-admin-row-sub">
          Billing clock: <time dateTime={frozenTime}>{formatDateTime(frozenTime)}</time>
        </p>
      )}
    </section>
  );
}
