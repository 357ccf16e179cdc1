import { usePageMeta } from '../../components/usePageMeta';

export function AdminPage() {
  usePageMeta({
    title: 'Admin | Ringcast',
    description: 'Ringcast administration: users, campaigns, payments and support tickets.',
  });

  return (
    <header className="rc-page-header">
      <h1 className="rc-page-title">Admin Dashboard</h1>
    </header>
  );
}
