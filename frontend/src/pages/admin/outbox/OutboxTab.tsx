import { Alert, Button, Spin, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { SandboxMail } from '@ringcast/shared-types';
import { MailView } from './MailView';
import { useSandboxMail } from './useSandboxMail';
import './outbox.css';

const COLUMNS: TableColumnsType<SandboxMail> = [
  { title: 'To', key: 'to', render: (_, mail) => mail.to.join(', ') },
  { title: 'Subject', key: 'subject', render: (_, mail) => mail.subject || '(no subject)' },
  {
    title: 'Received',
    key: 'createdAt',
    render: (_, mail) => new Date(mail.createdAt).toLocaleString(),
  },
];

const ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether a message matches search text that is not a whole address: part of a recipient or the subject. */
const mentions = (mail: SandboxMail, text: string) =>
  mail.to.some((address) => address.includes(text)) || mail.subject.toLowerCase().includes(text);

/**
 * The mail sandbox's catch (sandbox mode only): every message Ringcast sent, newest first. A whole
 * address in the search box asks the server for that address's messages; other text narrows the
 * latest 100 by recipient or subject. A row opens the message.
 */
export function OutboxTab({ q }: { q: string }) {
  const text = q.trim().toLowerCase();
  const address = ADDRESS.test(text) ? text : '';
  const { messages: read, error, refresh } = useSandboxMail(address);
  const messages = read && !address && text ? read.filter((mail) => mentions(mail, text)) : read;
  const [open, setOpen] = useState<SandboxMail | null>(null);

  const problem = error && (
    <Alert
      type="error"
      showIcon
      title={messages ? 'Could not refresh the outbox.' : 'Could not load the outbox.'}
      description={error}
      action={
        <Button size="small" onClick={refresh}>
          Retry
        </Button>
      }
    />
  );
  if (!messages) return problem || <Spin style={{ display: 'block', margin: '48px auto' }} />;

  return (
    <div className="rc-admin-outbox">
      <p className="rc-admin-muted">
        Sandbox mode: no email leaves this server. The mail sandbox keeps what Ringcast sends, so you can read
        it here. {address ? `Messages to ${address}.` : 'The latest 100 messages.'}
      </p>
      {problem}
      <Table<SandboxMail>
        size="small"
        rowKey="id"
        columns={COLUMNS}
        dataSource={messages}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: 'No messages yet' }}
        onRow={(mail) => ({ onClick: () => setOpen(mail), className: 'rc-outbox-row' })}
        aria-label="Outbox"
      />
      <MailView mail={open} onClose={() => setOpen(null)} />
    </div>
  );
}
