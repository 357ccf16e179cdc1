import { usePageMeta } from '../../../components/usePageMeta';

export function AccountPage() {
  usePageMeta({
    title: 'Account | Ringcast',
    description: 'Manage your Ringcast profile, Twilio configuration and prospect lists.',
  });

  return (
    <header className="rc-page-header">
      <h1 className="rc-page-title">Account Settings</h1>
    </header>
  );
}
