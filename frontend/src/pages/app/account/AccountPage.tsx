import { useState } from 'react';
import { Collapse } from 'antd';
import { usePageMeta } from '../../../components/usePageMeta';
import { useAuthStore } from '../../../stores/authStore';
import { ProfileForm } from './ProfileForm';
import { TwilioForm } from './TwilioForm';
import { ProspectsSection } from './ProspectsSection';
import { TestNumbersCard } from './TestNumbersCard';
import { NotificationsCard } from './NotificationsCard';
import { IntegrationsSection } from './integrations/IntegrationsSection';
import { BillingSection } from './billing/BillingSection';
import { DoNotCallList } from '../../../components/doNotCall/DoNotCallList';

const SECTIONS = [
  'profile',
  'billing',
  'notifications',
  'integrations',
  'twilio',
  'test-numbers',
  'prospects',
  'do-not-call',
];

export function AccountPage() {
  usePageMeta({
    title: 'Account | Ringcast',
    description:
      'Manage your Ringcast profile, billing, email notifications, webhooks, Twilio configuration, test numbers, prospect lists and do-not-call list.',
  });
  const user = useAuthStore((s) => s.user);
  const [twilioFormKey, setTwilioFormKey] = useState(0);
  if (!user) return null;

  return (
    <>
      <header className="rc-page-header">
        <h1 className="rc-page-title">Account Settings</h1>
      </header>
      <Collapse
        defaultActiveKey={SECTIONS}
        size="large"
        items={[
          { key: 'profile', label: 'Profile', children: <ProfileForm user={user} /> },
          { key: 'billing', label: 'Billing', children: <BillingSection /> },
          { key: 'notifications', label: 'Notifications', children: <NotificationsCard /> },
          { key: 'integrations', label: 'Integrations', children: <IntegrationsSection /> },
          {
            key: 'twilio',
            label: 'Twilio',
            children: (
              <TwilioForm key={twilioFormKey} user={user} onSaved={() => setTwilioFormKey((k) => k + 1)} />
            ),
          },
          { key: 'test-numbers', label: 'Test numbers', children: <TestNumbersCard /> },
          { key: 'prospects', label: 'Prospects', children: <ProspectsSection /> },
          { key: 'do-not-call', label: 'Do-not-call', children: <DoNotCallList scope="own" /> },
        ]}
      />
    </>
  );
}
