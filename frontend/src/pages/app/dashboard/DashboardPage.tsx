import { usePageMeta } from '../../../components/usePageMeta';
import { useAuthStore } from '../../../stores/authStore';

export function DashboardPage() {
  usePageMeta({
    title: 'Dashboard | Ringcast',
    description: 'Your Ringcast campaign statistics: calls made, successful calls, success rate and cost.',
  });
  const firstName = useAuthStore((s) => s.user?.firstName?.trim());

  return (
    <>
      <header className="rc-page-header">
        <div>
          <h1 className="rc-page-title">Welcome back, {firstName || 'there'}!</h1>
          <p className="rc-page-subtitle">Manage your campaigns</p>
        </div>
      </header>
      <p className="rc-empty">No campaigns data available.</p>
    </>
  );
}
