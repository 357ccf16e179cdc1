import { usePageMeta } from '../../components/usePageMeta';
import { AdminDashboard } from './AdminDashboard';
import { useAdminGuard } from './useAdminGuard';

/**
 * /admin (spec §2, §6): only for an admin in the admin email domain. Anyone else gets the
 * 'Unauthorized' toast, goes to / after 0.5 s, and sees nothing meanwhile; no admin data is read
 * for them.
 */
export function AdminPage() {
  usePageMeta({
    title: 'Admin | Ringcast',
    description: 'Ringcast administration: users, campaigns, payments and support tickets.',
  });
  const access = useAdminGuard();
  if (!access?.allowed) return null;
  return <AdminDashboard />;
}
