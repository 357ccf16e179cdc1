import { useState } from 'react';
import { Alert, Button, Input, Popconfirm, Table, type TableColumnsType } from 'antd';
import { DeleteOutlined, SearchOutlined } from '@ant-design/icons';
import { formatPhone, type DoNotCallEntry } from '@ringcast/shared-types';
import { showRequestError } from '../../api/errorPolicy';
import { fetchDoNotCall, removeDoNotCall, type DoNotCallScope } from '../../api/doNotCall';
import { toast } from '../toast/toastStore';
import { usePagedList } from '../usePagedList';
import { DoNotCallAddForm } from './DoNotCallAddForm';
import { DoNotCallUpload } from './DoNotCallUpload';
import './doNotCall.css';

const PAGE_SIZE = 20;

const SOURCE_LABELS: Record<DoNotCallEntry['source'], string> = {
  key_press: 'Asked during a call (key press)',
  agent: 'Asked during a call',
  manual: 'Added by hand',
  upload: 'Uploaded',
  admin: 'Added by an admin',
};

const formatDate = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' }).format(
    new Date(iso),
  );

/**
 * A do-not-call list with its search, add, remove and upload: the customer's own on /account,
 * the platform's in /admin (where `q` comes from the page's search box).
 */
export function DoNotCallList({ scope, q: outerQ }: { scope: DoNotCallScope; q?: string }) {
  const [ownQ, setOwnQ] = useState('');
  const q = outerQ ?? ownQ;
  const list = usePagedList(
    (page) => fetchDoNotCall(scope, { q, page, pageSize: PAGE_SIZE }),
    `${scope}|${q}`,
  );
  const [removing, setRemoving] = useState<string | null>(null);
  // A new form after each addition: empty, and not showing the last submit's checks.
  const [added, setAdded] = useState(0);

  const remove = async (phoneNumber: string) => {
    setRemoving(phoneNumber);
    try {
      await removeDoNotCall(scope, phoneNumber);
      toast({ title: 'Number Removed', description: `${phoneNumber} may be called again.` });
      await list.reload();
    } catch (err) {
      showRequestError(err, { title: 'Error', fallback: 'Could not remove the number.' });
    } finally {
      setRemoving(null);
    }
  };

  const columns: TableColumnsType<DoNotCallEntry> = [
    {
      title: 'Number',
      key: 'number',
      render: (_, e) => <span data-phone={e.phoneNumber}>{formatPhone(e.phoneNumber)}</span>,
    },
    { title: 'Reason', key: 'reason', render: (_, e) => e.reason ?? '—' },
    { title: 'How', key: 'source', render: (_, e) => SOURCE_LABELS[e.source] },
    {
      title: 'Added',
      key: 'added',
      render: (_, e) => <time dateTime={e.createdAt}>{formatDate(e.createdAt)}</time>,
    },
    {
      title: '',
      key: 'remove',
      align: 'right',
      render: (_, e) => (
        <Popconfirm
          title="Remove this number?"
          description="It may be called again."
          okText="Remove"
          onConfirm={() => remove(e.phoneNumber)}
        >
          <Button
            size="small"
            icon={<DeleteOutlined />}
            loading={removing === e.phoneNumber}
            aria-label={`Remove ${e.phoneNumber}`}
          >
            Remove
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <section className="rc-dnc" aria-label="Do-not-call list">
      <p className="rc-dnc-hint">
        Numbers here are never called by any of{' '}
        {scope === 'own' ? 'your campaigns' : "the platform's campaigns"}, even with a call already queued.
      </p>
      <div className="rc-dnc-tools">
        <DoNotCallAddForm
          key={added}
          scope={scope}
          onAdded={() => {
            setAdded((n) => n + 1);
            void list.reload();
          }}
        />
        <DoNotCallUpload scope={scope} onUploaded={() => void list.reload()} />
      </div>
      {outerQ === undefined && (
        <Input.Search
          className="rc-dnc-search"
          allowClear
          aria-label="Search do-not-call numbers"
          placeholder="Search by number or reason"
          prefix={<SearchOutlined aria-hidden />}
          onSearch={(text) => setOwnQ(text.trim())}
        />
      )}
      {list.status === 'error' ? (
        <Alert type="error" showIcon title="Could not load the do-not-call list." />
      ) : (
        <Table<DoNotCallEntry>
          size="small"
          rowKey="phoneNumber"
          columns={columns}
          dataSource={list.items}
          loading={list.status === 'loading'}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: q ? 'No numbers match.' : 'No numbers on the list yet.' }}
          pagination={{
            current: list.page,
            pageSize: PAGE_SIZE,
            total: list.total,
            showSizeChanger: false,
            showTotal: (n) => `${n.toLocaleString('en-US')} number${n === 1 ? '' : 's'}`,
            onChange: list.setPage,
          }}
        />
      )}
    </section>
  );
}
