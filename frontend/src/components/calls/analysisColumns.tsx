import { Tag, type TableColumnsType } from 'antd';
import { FilterFilled } from '@ant-design/icons';
import type { AnalysisField, CallRecord } from '@ringcast/shared-types';
import type { CallFilters } from '../../api/calls';
import { analysisFilterValue, type AnalysisFieldFilter } from '../analysis/analysisFilterQuery';
import { formatAnalysisValue, SENTIMENT_COLORS, sentimentLabel } from '../analysis/analysisValues';
import { AnalysisFilterDropdown } from './AnalysisFilterDropdown';

const dash = '—';

/** Text answers can run to a sentence: their columns keep this width, the rest shown on hover. */
const TEXT_COLUMN_WIDTH = 200;

/**
 * The call log's columns for a campaign's analysis: one per field (its name as the header, the
 * value or "—" where not said or not analysed, a filter in its header), then the sentiment.
 */
export function analysisColumns(
  fields: readonly AnalysisField[],
  filters: CallFilters,
  onFilter: (key: string, filter: AnalysisFieldFilter | null) => void,
): TableColumnsType<CallRecord> {
  const columns: TableColumnsType<CallRecord> = fields.map((field) => {
    const current = filters.analysis?.[field.key];
    const active = current !== undefined && analysisFilterValue(current) !== null;
    const text = field.type === 'text';
    return {
      title: field.name,
      key: `analysis.${field.key}`,
      align: field.type === 'number' ? 'right' : undefined,
      ...(text && { width: TEXT_COLUMN_WIDTH, ellipsis: { showTitle: false } }),
      onHeaderCell: () => ({ title: field.description }),
      filtered: active,
      filterIcon: (filtered: boolean) => (
        <FilterFilled
          aria-label={`Filter by ${field.name}`}
          style={{ color: filtered ? '#4f46e5' : undefined }}
        />
      ),
      filterDropdown: ({ close }) => (
        <AnalysisFilterDropdown
          // A new dropdown state whenever the filter changed elsewhere (Clear filters).
          key={JSON.stringify(current ?? null)}
          field={field}
          value={current}
          onApply={(filter) => onFilter(field.key, filter)}
          close={close}
        />
      ),
      render: (_, call) => {
        const shown = formatAnalysisValue(field, call.analysis?.fields[field.key]);
        return (
          <span data-analysis-field={field.key} title={text && shown ? shown : undefined}>
            {shown ?? dash}
          </span>
        );
      },
    };
  });
  columns.push({
    title: 'Sentiment',
    key: 'sentiment',
    render: (_, call) =>
      call.analysis ? (
        <Tag color={SENTIMENT_COLORS[call.analysis.sentiment]} data-sentiment={call.analysis.sentiment}>
          {sentimentLabel(call.analysis.sentiment)}
        </Tag>
      ) : (
        dash
      ),
  });
  return columns;
}
