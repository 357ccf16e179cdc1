import { useEffect, useRef, useState } from 'react';
import { Alert, Card, Input, Segmented, Table, Tooltip, type TableColumnsType } from 'antd';
import {
  callResultLabelOf,
  formatPhone,
  PROSPECT_CALL_STATES,
  type CampaignProspectCounts,
  type CampaignProspectEntry,
  type ProspectCallState,
} from '@ringcast/shared-types';
import { fetchCampaignProspects, fetchProspectStateCounts } from '../../../api/campaignProspects';
import { formatCallTime } from '../../../components/calls/callFormat';
import { usePagedList } from '../../../components/usePagedList';
import { PROSPECT_STATE_LABELS, prospectWhy } from './prospectStates';
import { zoneCell } from './prospectZones';

const PAGE_SIZE = 20;
const PROSPECTS_TABLE_MIN_WIDTH = 840;
const dash = '—';

/**
 * The zone a prospect's local time is read in, by its common name; every zone the dialer holds the
 * number to on hover (the calling hours must be open in each), with a count of the other names.
 */
function ZoneName({ prospect }: { prospect: CampaignProspectEntry }) {
  const cell = zoneCell(prospect.timeZone, prospect.timeZones);
  if (!cell) return dash;
  const details = (
    <>
      {cell.othersCount > 0 && <div>Called only while the hours are open in each of:</div>}
      {cell.details.map((line) => (
        <div key={line}>{line}</div>
      ))}
    </>
  );
  return (
    <Tooltip title={details}>
      <span className="rc-prospect-zone" tabIndex={0} data-time-zone={prospect.timeZone}>
        {cell.name}
        {cell.othersCount > 0 && <span className="rc-prospect-zone-more"> +{cell.othersCount}</span>}
      </span>
    </Tooltip>
  );
}

const COLUMNS: TableColumnsType<CampaignProspectEntry> = [
  { title: 'Prospect', key: 'name', render: (_, p) => p.name ?? dash },
  {
    title: 'Number',
    key: 'number',
    render: (_, p) => <span className="rc-nowrap">{formatPhone(p.phoneNumber)}</span>,
  },
  {
    title: 'Time zone',
    key: 'zone',
    render: (_, p) => <ZoneName prospect={p} />,
  },
  {
    title: 'State',
    key: 'state',
    render: (_, p) => <span data-prospect-state={p.state}>{PROSPECT_STATE_LABELS[p.state]}</span>,
  },
  // How the latest call ended, or what it achieved: "Appointment booked", "Voicemail".
  {
    title: 'Last result',
    key: 'lastResult',
    render: (_, p) => (p.lastCall && callResultLabelOf(p.lastCall)) ?? dash,
  },
  { title: 'Attempts', dataIndex: 'attempts', key: 'attempts', align: 'right' },
  {
    title: 'Next attempt',
    key: 'next',
    render: (_, p) =>
      p.nextAttemptAt ? (
        <span className="rc-nowrap">
          {formatCallTime(p.nextAttemptAt, undefined, { seconds: false }) ?? p.nextAttemptAt}
        </span>
      ) : (
        dash
      ),
  },
  { title: 'Why', key: 'reason', render: (_, p) => prospectWhy(p) ?? dash },
];

type Filter = ProspectCallState | 'all';

/**
 * The campaign's prospects and where each stands: counts per state (each a filter), a search by
 * name or number and the table, paged on the server. `version` changes when the dialer moved, so
 * both are read again.
 */
export function ProspectsCard({ campaignId, version }: { campaignId: number; version: string }) {
  const [filter, setFilter] = useState<Filter>('all');
  const [q, setQ] = useState('');
  const [counts, setCounts] = useState<CampaignProspectCounts | null>(null);
  const state = filter === 'all' ? null : filter;
  const list = usePagedList(
    (page) => fetchCampaignProspects(campaignId, { state, q, page, pageSize: PAGE_SIZE }),
    `${campaignId}|${filter}|${q}`,
  );
  const { reload } = list;

  useEffect(() => {
    let current = true;
    fetchProspectStateCounts(campaignId)
      .then((answer) => current && setCounts(answer))
      .catch((err: unknown) => console.error('Could not load the prospect counts', err));
    return () => {
      current = false;
    };
  }, [campaignId, version]);

  // The first read is the list's own; later versions re-read the page on screen.
  const seenVersion = useRef(version);
  useEffect(() => {
    if (version === seenVersion.current) return;
    seenVersion.current = version;
    void reload();
  }, [version, reload]);

  const all = counts ? PROSPECT_CALL_STATES.reduce((sum, s) => sum + counts[s], 0) : null;
  const option = (value: Filter, label: string, count: number | null) => ({
    value,
    label: (
      <span data-filter={value}>
        {label} <strong>{count ?? dash}</strong>
      </span>
    ),
  });

  return (
    <Card title={<h2 className="rc-campaign-heading">Prospects</h2>} className="rc-campaign-prospects">
      <div className="rc-bar rc-campaign-prospects-bar">
        <div className="rc-campaign-prospects-states">
          <Segmented<Filter>
            aria-label="Prospect state"
            value={filter}
            onChange={setFilter}
            options={[
              option('all', 'All', all),
              ...PROSPECT_CALL_STATES.map((s) =>
                option(s, PROSPECT_STATE_LABELS[s], counts ? counts[s] : null),
              ),
            ]}
          />
        </div>
        <Input.Search
          allowClear
          className="rc-campaign-prospects-search"
          aria-label="Search prospects"
          placeholder="Search by name or number"
          onSearch={(text) => setQ(text.trim())}
        />
      </div>
      {list.status === 'error' ? (
        <Alert type="error" showIcon title="Could not load the prospects." />
      ) : (
        <Table<CampaignProspectEntry>
          size="small"
          rowKey="prospectId"
          aria-label="Prospects"
          columns={COLUMNS}
          dataSource={list.items}
          loading={list.status === 'loading'}
          // The table takes the card's width and wraps long cells (Why) there; below this width (a
          // phone) it scrolls inside the card instead of squeezing every column.
          scroll={{ x: PROSPECTS_TABLE_MIN_WIDTH }}
          locale={{ emptyText: 'No prospects here.' }}
          pagination={{
            current: list.page,
            pageSize: PAGE_SIZE,
            total: list.total,
            showSizeChanger: false,
            showTotal: (n) => `${n.toLocaleString('en-US')} prospect${n === 1 ? '' : 's'}`,
            onChange: list.setPage,
          }}
        />
      )}
    </Card>
  );
}
