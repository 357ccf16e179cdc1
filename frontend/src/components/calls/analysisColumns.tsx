import { Tag, type TableColumnsType } from 'antd';
import { FilterFilled } from '@ant-design/icons';
import type { AnalysisField, CallRecord } from '@ringcast/shared-types';
import type { CallFilters } from '../../api/calls';
import { analysisFilterValue, type AnalysisFieldFilter } from '../analysis/analysisFilterQuery';
import { formatAnalysisValue, SENTIMENT_COLORS, sentimentLabel } from '../analysis/analysisValues';
import { AnalysisFilterDropdown } from './AnalysisFilterDropdown';

const dash = '—';

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
      onHeaderCell: () => ({ title: field.description }),
      // Controlled, so the header's filter icon follows the store (Clear filters, another page's).
      filteredValue: active ? [analysisFilterValue(current)!] : null,
      // The header's trigger has no name of its own: its icon gives it one (antd colours it when active).
      filterIcon: () => <FilterFilled aria-label={`Filter by ${field.name}`} />,
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
          <span
            data-analysis-field={field.key}
            // Text answers can run to a sentence: cut to the column's width, whole on hover.
            className={text ? 'rc-call-analysis-text' : undefined}
            title={text && shown ? shown : undefined}
          >
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
