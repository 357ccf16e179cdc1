import { Descriptions, Modal, Tag } from 'antd';
import type { AdminUser } from '@ringcast/shared-types';
import { formatDateTime, orDash, personName } from '../components/format';
import { BillingClockControl } from './BillingClockControl';

/** A user's details; the Twilio token arrives masked from the server and is shown as such. */
export function UserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return (
    <Modal
      open={user !== null}
      onCancel={onClose}
      footer={null}
      title={user ? personName(user) : ''}
      destroyOnHidden
    >
      {user && (
        <>
          <div className="rc-admin-badges" style={{ justifyContent: 'flex-start', marginBottom: 12 }}>
            {user.stripeCustomerId && <Tag color="purple">Stripe Customer</Tag>}
            {user.isAdmin && <Tag color="geekblue">Admin</Tag>}
          </div>
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'email', label: 'Email', children: user.email },
              { key: 'company', label: 'Company', children: orDash(user.companyName) },
              { key: 'phone', label: 'Phone', children: orDash(user.phoneNumber) },
              { key: 'stripe', label: 'Stripe Customer ID', children: orDash(user.stripeCustomerId) },
              { key: 'sid', label: 'Twilio SID', children: orDash(user.twilioAccountSid) },
              { key: 'token', label: 'Twilio Auth Token', children: orDash(user.twilioAuthToken) },
              { key: 'twilioPhone', label: 'Twilio Phone', children: orDash(user.twilioPhoneNumber) },
              { key: 'created', label: 'Created', children: formatDateTime(user.createdAt) },
            ]}
          />
          <BillingClockControl userId={user.id} />
        </>
      )}
    </Modal>
  );
}
