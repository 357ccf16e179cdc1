import { Descriptions, Drawer, Empty, Segmented } from 'antd';
import { useState } from 'react';
import type { SandboxMail } from '@ringcast/shared-types';

/**
 * One caught message: who, what, when, the HTML version in a sandboxed frame (no scripts, no
 * forms, no navigation of this page: sandbox="" allows nothing) or the text, and its links.
 */
export function MailView({ mail, onClose }: { mail: SandboxMail | null; onClose: () => void }) {
  const [view, setView] = useState<'html' | 'text'>('html');
  const showHtml = view === 'html' && Boolean(mail?.html);
  return (
    <Drawer
      open={Boolean(mail)}
      onClose={onClose}
      title={mail?.subject || '(no subject)'}
      size="min(720px, 100vw)"
    >
      {mail && (
        <div className="rc-outbox-mail">
          <Descriptions size="small" column={1}>
            <Descriptions.Item label="To">{mail.to.join(', ')}</Descriptions.Item>
            <Descriptions.Item label="From">{mail.from}</Descriptions.Item>
            <Descriptions.Item label="Received">
              {new Date(mail.createdAt).toLocaleString()}
            </Descriptions.Item>
          </Descriptions>
          {mail.html && (
            <Segmented
              value={view}
              onChange={(value) => setView(value as 'html' | 'text')}
              options={[
                { label: 'HTML', value: 'html' },
                { label: 'Text', value: 'text' },
              ]}
            />
          )}
          {showHtml ? (
            <iframe
              className="rc-outbox-frame"
              title={`Message: ${mail.subject}`}
              sandbox=""
              srcDoc={mail.html ?? ''}
            />
          ) : (
            <pre className="rc-outbox-text">{mail.text}</pre>
          )}
          <section aria-label="Links">
            <h3 className="rc-admin-card-title">Links</h3>
            {mail.links.length ? (
              <ul className="rc-outbox-links">
                {mail.links.map((link) => (
                  <li key={link}>
                    <a href={link} target="_blank" rel="noopener noreferrer">
                      {link}
                    </a>
                  </li>
                ))}
              </ul>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No links" />
            )}
          </section>
        </div>
      )}
    </Drawer>
  );
}
