import { useState } from 'react';
import { Collapse } from 'antd';
import { usePageMeta } from '../../../components/usePageMeta';
import { FaqList } from '../../../components/public/FaqList';
import { useAuthStore } from '../../../stores/authStore';
import { FULL_FAQ } from '../../public/content/faq';
import { SupportForm } from './SupportForm';
import { TicketList } from './TicketList';

// The long FAQ starts closed so the ticket list stays in view.
const OPEN_AT_START = ['support', 'tickets'];

export function HelpPage() {
  usePageMeta({
    title: 'Help | Ringcast',
    description:
      'Contact Ringcast support, read answers to common questions and follow your support tickets.',
  });
  const user = useAuthStore((s) => s.user);
  const [supportFormKey, setSupportFormKey] = useState(0);
  if (!user) return null;

  return (
    <>
      <header className="rc-page-header">
        <h1 className="rc-page-title">Help & Support</h1>
      </header>
      <Collapse
        defaultActiveKey={OPEN_AT_START}
        size="large"
        items={[
          {
            key: 'support',
            label: 'Support',
            children: (
              <SupportForm
                key={supportFormKey}
                user={user}
                onCreated={() => setSupportFormKey((k) => k + 1)}
              />
            ),
          },
          { key: 'faq', label: 'FAQ', children: <FaqList items={FULL_FAQ} /> },
          { key: 'tickets', label: 'Tickets', children: <TicketList /> },
        ]}
      />
    </>
  );
}
