import { Alert } from 'antd';
import { CreditCardOutlined } from '@ant-design/icons';
import { BILLING_MESSAGES } from '@ringcast/shared-types';
import { ButtonLink } from '../ButtonLink';
import { UPDATE_CARD_PATH } from './campaignBilling';
import './billing.css';

/** The "Update card" button: it opens the card form in /account's Billing section. */
export function UpdateCardButton() {
  return (
    <ButtonLink to={UPDATE_CARD_PATH} variant="primary" className="rc-update-card">
      <CreditCardOutlined aria-hidden /> {BILLING_MESSAGES.updateCard}
    </ButtonLink>
  );
}

/**
 * Why a past_due campaign does not call and what fixes it: on its card, its page and the dashboard.
 * It resumes by itself once an invoice is paid, so there is nothing else to press.
 */
export function PastDueAlert() {
  return (
    <Alert
      type="error"
      showIcon
      className="rc-past-due"
      role="alert"
      title={BILLING_MESSAGES.pastDue}
      action={<UpdateCardButton />}
    />
  );
}
