import { Tag } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import type { AdminUser } from '@ringcast/shared-types';
import { personName } from '../components/format';

/** Name, email, company and the 'Stripe Customer' / 'Admin' badges; opens the detail dialog. */
export function UserRow({ user, onOpen }: { user: AdminUser; onOpen: () => void }) {
  return (
    <li data-user-id={user.id}>
      <button
        type="button"
        className="rc-admin-row"
        onClick={onOpen}
        aria-label={`${personName(user)}, ${user.email}`}
      >
        <span className="rc-admin-row-main">
          <span className="rc-admin-row-title">{personName(user)}</span>
          <span className="rc-admin-row-sub">{user.email}</span>
          {user.companyName && <span className="rc-admin-row-sub">{user.companyName}</span>}
        </span>
        <span className="rc-admin-badges">
          {user.stripeCustomerId && <Tag color="purple">Stripe Customer</Tag>}
          {user.isAdmin && <Tag color="geekblue">Admin</Tag>}
        </span>
        <RightOutlined className="rc-admin-row-chevron" aria-hidden />
      </button>
    </li>
  );
}
