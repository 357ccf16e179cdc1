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

/**
 * The mail sandbox's catch (sandbox mode only): every message Ringcast sent, newest first, for the
 * address in the search box or the latest 100 of all. A row opens the message.
 */
export function OutboxTab({ q }: { q: string }) {
  const { messages, error, refresh } = useSandboxMail(q);
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
        it here. {q.trim() ? `Messages to ${q.trim()}.` : 'The latest 100 messages.'}
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
