import { useState } from 'react';
import { useAdminUsersStore } from '../../../stores/adminStores';
import { ListFrame } from '../components/ListFrame';
import { useAdminList } from '../components/useAdminList';
import { UserRow } from './UserRow';
import { UserDialog } from './UserDialog';

/** Every account, newest first, each opening a dialog with its details. */
export function UsersTab({ q }: { q: string }) {
  const list = useAdminList(useAdminUsersStore, q);
  const [openId, setOpenId] = useState<number | null>(null);
  const open = list.items.find((user) => user.id === openId) ?? null;

  return (
    <>
      <ListFrame
        noun="users"
        one="user"
        q={q}
        count={list.items.length}
        emptyText="No users found."
        onPage={list.setPage}
        onRetry={() => void list.refresh()}
        {...list}
      >
        <ul className="rc-admin-rows" aria-label="Users">
          {list.items.map((user) => (
            <UserRow key={user.id} user={user} onOpen={() => setOpenId(user.id)} />
          ))}
        </ul>
      </ListFrame>
      <UserDialog user={open} onClose={() => setOpenId(null)} />
    </>
  );
}
