import { useEffect, useMemo, type ReactNode } from 'react';
import { Alert, Button, Table, Tag, type TableColumnsType } from 'antd';
import {
  callResultLabelOf,
  formatDollars,
  type AnalysisField,
  type CallRecord,
} from '@ringcast/shared-types';
import type { UseBoundStore, StoreApi } from 'zustand';
import { useCallDrawerStore } from '../../stores/callDrawerStore';
import type { CallLogState } from '../../stores/callLogStore';
import {
  ANSWERED_BY_LABELS,
  CALL_STATUS_LABELS,
  calledPartyName,
  formatCallDuration,
  formatCallTime,
  partyPhone,
} from './callFormat';
import { analysisColumns } from './analysisColumns';
import { CallDrawer } from './CallDrawer';
import { InboundTag } from './InboundTag';
import { CallLogFilters } from './CallLogFilters';
import './callLog.css';

const dash = '—';

const COLUMNS: TableColumnsType<CallRecord> = [
  {
    title: 'Time',
    key: 'time',
    // The viewer's clock, and under it the prospect's when their zone is known.
    render: (_, call) => {
      const theirs = call.timeZone ? formatCallTime(call.createdAt, call.timeZone) : null;
      return (
        <>
          <time dateTime={call.createdAt}>{formatCallTime(call.createdAt) ?? call.createdAt}</time>
          {theirs && (
            <div className="rc-call-their-time" title="The prospect's local time">
              {theirs}
            </div>
          )}
        </>
      );
    },
  },
  {
    title: 'Prospect',
    key: 'prospect',
    // The row opens the call; this button is the way in for a keyboard and a screen reader.
    render: (_, call) => (
      <Button
        type="link"
        className="rc-call-open"
        aria-label={`Open the call ${call.direction === 'inbound' ? 'from' : 'with'} ${call.prospectName ?? (call.test ? 'the test number' : partyPhone(call))}`}
        onClick={(event) => {
          event.stopPropagation();
          useCallDrawerStore.getState().open(call);
        }}
      >
        {call.test ? (
          <Tag className="rc-call-test">Test call</Tag>
        ) : call.direction === 'inbound' ? (
          calledPartyName(call)
        ) : (
          (call.prospectName ?? dash)
        )}
        <InboundTag call={call} />
      </Button>
    ),
  },
  // The other party's number: the one dialed, or the caller's (our own number is never shown).
  { title: 'Number', key: 'number', render: (_, call) => partyPhone(call) },
  {
    title: 'Status',
    key: 'status',
    render: (_, call) => <span data-call-status={call.status}>{CALL_STATUS_LABELS[call.status]}</span>,
  },
  {
    title: 'Answered by',
    key: 'answeredBy',
    render: (_, call) => (call.answeredBy ? ANSWERED_BY_LABELS[call.answeredBy] : dash),
  },
  {
    title: 'Duration',
    key: 'duration',
    align: 'right',
    render: (_, call) => formatCallDuration(call.durationSeconds),
  },
  { title: 'Result', key: 'result', render: (_, call) => callResultLabelOf(call) ?? dash },
  { title: 'Cost', key: 'cost', align: 'right', render: (_, call) => formatDollars(call.cost) },
];

const NO_FIELDS: AnalysisField[] = [];

/**
 * A campaign's calls, newest first, filtered and paged on the server, as its store keeps them
 * current; a row opens the call's transcript and summary. `actions` sits beside the filters (the
 * owner's CSV export); `agentName` names the agent's turns; `analysisFields` (the campaign's) are
 * columns with their filters, and the sentiment after them.
 */
export function CallLog({
  campaignId,
  useStore,
  actions,
  agentName,
  analysisFields = NO_FIELDS,
}: {
  campaignId: number;
  useStore: UseBoundStore<StoreApi<CallLogState>>;
  actions?: ReactNode;
  agentName: string | null;
  analysisFields?: AnalysisField[];
}) {
  const show = useStore((s) => s.show);
  const { items, total, page, pageSize, filters, status } = useStore();
  const setFilters = useStore((s) => s.setFilters);
  const setPage = useStore((s) => s.setPage);
  useEffect(() => show(campaignId), [show, campaignId]);
  // The drawer belongs to the log on screen: leaving the page closes it.
  useEffect(() => () => useCallDrawerStore.getState().close(), []);
  // A filter on a field the campaign no longer has would be refused: it goes with its field.
  const keys = analysisFields.map((f) => f.key).join(' ');
  useEffect(() => {
    const { filters: held, setFilters: set } = useStore.getState();
    const known = new Set(keys.split(' '));
    const gone = Object.keys(held.analysis ?? {}).filter((key) => !known.has(key));
    if (!gone.length) return;
    const analysis = Object.fromEntries(Object.entries(held.analysis!).filter(([key]) => known.has(key)));
    set({ ...held, analysis });
  }, [keys, useStore]);
  const columns = useMemo(
    () => [
      ...COLUMNS,
      ...analysisColumns(analysisFields, filters, (key, filter) => {
        const { [key]: _replaced, ...others } = filters.analysis ?? {};
        setFilters({ ...filters, analysis: filter ? { ...others, [key]: filter } : others });
      }),
    ],
    [analysisFields, filters, setFilters],
  );

  return (
    <section className="rc-call-log" aria-label="Call log">
      <div className="rc-bar rc-call-log-bar">
        <CallLogFilters filters={filters} onChange={setFilters} />
        {actions}
      </div>
      {status === 'error' ? (
        <Alert type="error" showIcon title="Could not load the calls." />
      ) : (
        <Table<CallRecord>
          size="small"
          rowKey="id"
          columns={columns}
          dataSource={items}
          loading={status === 'loading' || status === 'idle'}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: 'No calls yet.' }}
          onRow={(call) => ({ onClick: () => useCallDrawerStore.getState().open(call) })}
          pagination={{
            current: page,
            pageSize,
            total,
            showSizeChanger: false,
            showTotal: (n) => `${n.toLocaleString('en-US')} call${n === 1 ? '' : 's'}`,
            onChange: (next) => setPage(next),
          }}
        />
      )}
      <CallDrawer agentName={agentName} analysisFields={analysisFields} />
    </section>
  );
}
