import { Typography } from 'antd';
import { PublicPage } from '../../../components/public/PublicPage';
import { CONTACT_META } from '../content/pageMeta';
import { ContactForm } from './ContactForm';

const REASONS = [
  'Pricing and call volume for your business',
  'A custom inbound agent or virtual receptionist',
  'Scripts, compliance and exporting your results',
  'A walkthrough of the dashboard before you sign up',
];

export function ContactPage() {
  return (
    <PublicPage
      meta={CONTACT_META}
      title="Contact us"
      subtitle="Questions about a campaign, pricing or a custom agent? Send us a message and we'll get back to you within 24 hours."
      paddingBottom={32}
    >
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 300px), 1fr))',
          gap: 32,
          alignItems: 'start',
        }}
      >
        <div>
          <Typography.Title level={3} style={{ marginTop: 0 }}>
            Talk to the team behind your agents
          </Typography.Title>
          <Typography.Paragraph type="secondary">
            The same people who build, test and maintain Ringcast agents answer these messages. Ask us about:
          </Typography.Paragraph>
          <ul style={{ paddingLeft: 20 }}>
            {REASONS.map((reason) => (
              <li key={reason} style={{ marginBottom: 6 }}>
                {reason}
              </li>
            ))}
          </ul>
        </div>
        <ContactForm />
      </div>
    </PublicPage>
  );
}
