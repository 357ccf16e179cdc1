import { Descriptions, Tag } from 'antd';
import type { AnalysisField, CallRecord } from '@ringcast/shared-types';
import {
  analysisStateOf,
  formatAnalysisValue,
  SENTIMENT_COLORS,
  sentimentLabel,
} from '../analysis/analysisValues';

/** The fields to show: the campaign's, then any the analysis has that the campaign no longer does. */
function shownFields(fields: readonly AnalysisField[], values: Record<string, unknown>): AnalysisField[] {
  const known = new Set(fields.map((f) => f.key));
  const former = Object.keys(values)
    .filter((key) => !known.has(key))
    .map((key): AnalysisField => ({
      key,
      name: key.replace(/_/g, ' '),
      description: '',
      type: 'text',
      choices: null,
    }));
  return [...fields, ...former];
}

/**
 * What the model made of the call: each of the campaign's fields (or "Not said"), the caller's
 * sentiment and whether the call met the goal, with why. While the analysis is awaited it says so;
 * a call that gets none (nobody answered, a machine) has no section.
 */
export function CallAnalysis({ call, fields }: { call: CallRecord; fields: readonly AnalysisField[] }) {
  const state = analysisStateOf(call);
  if (state === 'none') return null;
  const analysis = call.analysis;
  return (
    <section className="rc-call-drawer-section" aria-labelledby="rc-call-drawer-analysis">
      <h3 id="rc-call-drawer-analysis">Analysis</h3>
      {state === 'pending' && (
        <p className="rc-call-drawer-muted" role="status">
          {call.endedAt ? 'Analysing…' : 'The call is analysed once it ends.'}
        </p>
      )}
      {state === 'failed' && <p className="rc-call-drawer-muted">The analysis could not be made.</p>}
      {state === 'done' && analysis && (
        <Descriptions
          size="small"
          column={1}
          bordered
          items={[
            ...shownFields(fields, analysis.fields).map((field) => {
              const shown = formatAnalysisValue(field, analysis.fields[field.key]);
              return {
                key: `field-${field.key}`,
                label: field.name,
                children: (
                  <span
                    data-analysis-field={field.key}
                    className={shown ? undefined : 'rc-call-drawer-muted'}
                  >
                    {shown ?? 'Not said'}
                  </span>
                ),
              };
            }),
            {
              key: 'sentiment',
              label: 'Sentiment',
              children: (
                <Tag color={SENTIMENT_COLORS[analysis.sentiment]} data-sentiment={analysis.sentiment}>
                  {sentimentLabel(analysis.sentiment)}
                </Tag>
              ),
            },
            {
              key: 'goal',
              label: 'Goal met',
              children: (
                <span data-goal-met={analysis.successEvaluation.met ? 'yes' : 'no'}>
                  {analysis.successEvaluation.met ? 'Yes' : 'No'} — {analysis.successEvaluation.reason}
                </span>
              ),
            },
          ]}
        />
      )}
    </section>
  );
}
