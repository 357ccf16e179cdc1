import { Descriptions } from 'antd';
import { SILENCE_GAP_MS, type CallRecord } from '@ringcast/shared-types';
import { analysisStateOf } from '../analysis/analysisValues';
import { formatMs, interruptionsLine, responseTimeLine } from './callQualityFormat';

const dash = '—';

/** A figure with the line under it saying what it counts. */
function Figure({ value, counts }: { value: string; counts: string }) {
  return (
    <>
      <div>{value}</div>
      <div className="rc-call-quality-counts">{counts}</div>
    </>
  );
}

/**
 * How the conversation flowed (CallQuality): our response time, the model's part of it,
 * interruptions by each side and long silences, each with what it counts. Measured with the
 * analysis: while it is awaited it says so; a call the agent never spoke on has no section.
 */
export function CallQuality({ call }: { call: CallRecord }) {
  const { quality } = call;
  const state = analysisStateOf(call);
  if (!quality && state !== 'pending') return null;
  const silenceSeconds = SILENCE_GAP_MS / 1000;
  return (
    <section className="rc-call-drawer-section" aria-labelledby="rc-call-drawer-quality">
      <h3 id="rc-call-drawer-quality">Conversation quality</h3>
      {!quality ? (
        <p className="rc-call-drawer-muted">Measured once the call is analysed.</p>
      ) : (
        <Descriptions
          size="small"
          column={1}
          bordered
          items={[
            {
              key: 'response',
              label: 'Response time',
              children: (
                <Figure
                  value={responseTimeLine(quality) ?? dash}
                  counts={`From the caller's last words to the agent's first, over ${quality.turns} ${quality.turns === 1 ? 'reply' : 'replies'}.`}
                />
              ),
            },
            {
              key: 'model',
              label: "Model's first token",
              children: (
                <Figure
                  value={
                    quality.modelFirstTokenP50Ms === null
                      ? dash
                      : `${formatMs(quality.modelFirstTokenP50Ms)} median`
                  }
                  counts="From asking the model to its first word: the part of the response time it takes."
                />
              ),
            },
            {
              key: 'interruptions',
              label: 'Interruptions',
              children: (
                <Figure
                  value={interruptionsLine(quality)}
                  counts="Replies the caller talked over; replies the agent began while the caller spoke again."
                />
              ),
            },
            {
              key: 'silences',
              label: `Silences over ${silenceSeconds} s`,
              children: (
                <Figure
                  value={String(quality.silences)}
                  counts={`Gaps longer than ${silenceSeconds} s: a slow reply, or the caller quiet that long.`}
                />
              ),
            },
          ]}
        />
      )}
    </section>
  );
}
