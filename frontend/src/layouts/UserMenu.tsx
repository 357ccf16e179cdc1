import { Avatar, Dropdown } from 'antd';
import type { MenuProps } from 'antd';
import { LogoutOutlined, QuestionCircleOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import type { User } from '@ringcast/shared-types';
import { useAuthStore } from '../stores/authStore';

function displayName(user: User): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
}

function initials(user: User): string {
  const letters = [user.firstName, user.lastName].map((part) => part?.trim().charAt(0) ?? '').join('');
  return (letters || user.email.charAt(0)).toUpperCase();
}

const items: MenuProps['items'] = [
  { key: 'account', label: 'Account', icon: <UserOutlined /> },
  { key: 'support', label: 'Support', icon: <QuestionCircleOutlined /> },
  { type: 'divider' },
  { key: 'logout', label: 'Log out', icon: <LogoutOutlined /> },
];

/** The avatar button and its menu: who is signed in, Account, Support and Log out. */
export function UserMenu({ user }: { user: User }) {
  const navigate = useNavigate();
  const logout = useAuthStore((s) => s.logout);

  const onClick: MenuProps['onClick'] = async ({ key }) => {
    if (key === 'account') navigate('/account');
    else if (key === 'support') navigate('/help');
    else if (key === 'logout' && (await logout())) navigate('/', { replace: true });
  };

  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{ items, onClick }}
      popupRender={(menu) => (
        <div className="rc-user-menu">
          <div className="rc-user-menu-header">
            <div className="rc-user-menu-name">{displayName(user)}</div>
            <div className="rc-user-menu-email">{user.email}</div>
          </div>
          {menu}
        </div>
      )}
    >
      <button type="button" className="rc-avatar-button" aria-label="Open user menu">
        <Avatar src={user.profileImageUrl || undefined} alt={displayName(user)}>
          {initials(user)}
        </Avatar>
      </button>
    </Dropdown>
  );
}
