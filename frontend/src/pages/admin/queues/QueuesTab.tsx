import { Alert, Button, Spin, Table, type TableColumnsType, type TableProps } from 'antd';
import type { AdminJobQueue, AdminStream, AdminStreamConsumer } from '@ringcast/shared-types';
import { formatAge, formatSchedule } from './formatAge';
import { useQueueOverview } from './useQueueOverview';

/** bull-board, served by the api (not a page of this app): a full page load. */
const QUEUE_DASHBOARD_PATH = '/admin/queues';

const count = (n: number) => n.toLocaleString('en-US');

const JOB_COLUMNS: TableColumnsType<AdminJobQueue> = [
  { title: 'Job', dataIndex: 'name', key: 'name', fixed: 'left' },
  { title: 'Waiting', key: 'waiting', align: 'right', render: (_, q) => count(q.waiting) },
  { title: 'Active', key: 'active', align: 'right', render: (_, q) => count(q.active) },
  { title: 'Delayed', key: 'delayed', align: 'right', render: (_, q) => count(q.delayed) },
  { title: 'Failed', key: 'failed', align: 'right', render: (_, q) => count(q.failed) },
  { title: 'Schedule', key: 'schedule', render: (_, q) => formatSchedule(q.scheduledEveryMs) },
];

const STREAM_COLUMNS: TableColumnsType<AdminStream> = [
  { title: 'Stream', dataIndex: 'name', key: 'name', fixed: 'left' },
  { title: 'Length', key: 'length', align: 'right', render: (_, s) => count(s.length) },
  { title: 'Pending', key: 'pending', align: 'right', render: (_, s) => count(s.pending) },
  { title: 'Consumers', key: 'consumers', align: 'right', render: (_, s) => count(s.consumers.length) },
  { title: 'Oldest entry', key: 'oldest', align: 'right', render: (_, s) => formatAge(s.oldestEntryAgeMs) },
  { title: 'Failed', key: 'failed', align: 'right', render: (_, s) => count(s.failedLength) },
  { title: 'Batch size', key: 'batchSize', align: 'right', render: (_, s) => count(s.batchSize) },
  { title: 'Linger', key: 'linger', align: 'right', render: (_, s) => `${count(s.lingerMs)} ms` },
];

const CONSUMER_COLUMNS: TableColumnsType<AdminStreamConsumer> = [
  { title: 'Consumer', dataIndex: 'name', key: 'name' },
  { title: 'Pending', key: 'pending', align: 'right', render: (_, c) => count(c.pending) },
  { title: 'Idle', key: 'idle', align: 'right', render: (_, c) => formatAge(c.idleMs) },
];

/** A small table of named rows, all on one page, scrolling sideways on a narrow screen. */
function NamedRows<Row extends { name: string }>(props: TableProps<Row>) {
  return (
    <Table<Row> size="small" rowKey="name" pagination={false} scroll={{ x: 'max-content' }} {...props} />
  );
}

/** A stream's consumers, under its row: who holds the pending entries and since when it last read. */
function StreamConsumers({ stream }: { stream: AdminStream }) {
  return (
    <NamedRows<AdminStreamConsumer>
      columns={CONSUMER_COLUMNS}
      dataSource={stream.consumers}
      aria-label={`Consumers of ${stream.name}`}
    />
  );
}

/**
 * The job queues by state and the streams the workers consume, read every 5 s while the tab is
 * open; bull-board is a link away for looking into and retrying jobs.
 */
export function QueuesTab() {
  const { overview, error, readAt, retry } = useQueueOverview();

  const problem = error && (
    <Alert
      type="error"
      showIcon
      title={
        overview
          ? 'Could not refresh the queues; the figures below may be old.'
          : 'Could not load the queues.'
      }
      description={error}
      action={
        <Button size="small" onClick={retry}>
          Retry
        </Button>
      }
    />
  );
  if (!overview) return problem || <Spin style={{ display: 'block', margin: '48px auto' }} />;

  return (
    <div className="rc-admin-queues">
      <div className="rc-bar">
        <a href={QUEUE_DASHBOARD_PATH} target="_blank" rel="noopener noreferrer">
          Open the queue dashboard
        </a>
        {readAt !== null && (
          <span className="rc-admin-muted">Updated {new Date(readAt).toLocaleTimeString()}</span>
        )}
      </div>
      {problem}
      <section aria-label="Jobs">
        <h2 className="rc-admin-card-title">Jobs</h2>
        <NamedRows<AdminJobQueue> columns={JOB_COLUMNS} dataSource={overview.jobs} />
      </section>
      <section aria-label="Streams">
        <h2 className="rc-admin-card-title">Streams</h2>
        <NamedRows<AdminStream>
          columns={STREAM_COLUMNS}
          dataSource={overview.streams}
          expandable={{
            expandedRowRender: (stream) => <StreamConsumers stream={stream} />,
            rowExpandable: (stream) => stream.consumers.length > 0,
          }}
        />
      </section>
    </div>
  );
}
