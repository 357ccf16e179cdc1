import type { ReactNode } from 'react';
import { Alert, Button, Pagination, Spin } from 'antd';

interface ListFrameProps {
  /** "users", "campaigns": used in the count line and the messages. */
  noun: string;
  /** "user", "campaign": the count line for exactly one. */
  one: string;
  q: string;
  total: number;
  count: number;
  status: 'idle' | 'ready' | 'error';
  loading: boolean;
  error: string | null;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onRetry: () => void;
  /** The spec's empty-state text, when there is one. */
  emptyText: string;
  children: ReactNode;
}

/** What every admin list shares: first-load spinner, error, empty state, count and pages. */
export function ListFrame(props: ListFrameProps) {
  const { noun, q, total, count, status, loading, error, page, pageSize, onPage, onRetry } = props;
  const retry = (
    <Button size="small" onClick={onRetry}>
      Retry
    </Button>
  );

  if (status === 'idle') return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (status === 'error')
    return (
      <Alert type="error" showIcon title={`Could not load the ${noun}.`} description={error} action={retry} />
    );

  return (
    <Spin spinning={loading} delay={200}>
      {error && (
        <Alert
          type="warning"
          showIcon
          title={`Could not refresh the ${noun}.`}
          action={retry}
          style={{ marginBottom: 12 }}
        />
      )}
      {count === 0 ? (
        <p className="rc-empty">
          {props.emptyText}
          {q.trim() && <span className="rc-admin-empty-search"> Searched for "{q.trim()}".</span>}
        </p>
      ) : (
        <>
          <p className="rc-admin-count" aria-live="polite">
            {total.toLocaleString('en-US')} {total === 1 ? props.one : noun}
            {q.trim() ? ` matching "${q.trim()}"` : ''}
          </p>
          {props.children}
        </>
      )}
      {total > pageSize && (
        <Pagination
          className="rc-admin-pagination"
          current={page}
          pageSize={pageSize}
          total={total}
          showSizeChanger={false}
          onChange={(next) => {
            onPage(next);
            // A new page starts at its first row, not where the last one was left.
            window.scrollTo({ top: 0, behavior: 'smooth' });
          }}
          size="small"
        />
      )}
    </Spin>
  );
}
