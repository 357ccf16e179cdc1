import { usePageMeta } from '../../../components/usePageMeta';

export function HelpPage() {
  usePageMeta({
    title: 'Help | Ringcast',
    description:
      'Contact Ringcast support, read answers to common questions and follow your support tickets.',
  });

  return (
    <header className="rc-page-header">
      <h1 className="rc-page-title">Help & Support</h1>
    </header>
  );
}
