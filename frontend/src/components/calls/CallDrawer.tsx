import { Alert, Descriptions, Drawer, Spin } from 'antd';
import {
  callResultLabelOf,
  callEndingLabelOf,
  formatDollars,
  type AnalysisField,
} from '@ringcast/shared-types';
import { useCallDrawerStore } from '../../stores/callDrawerStore';
import { isLiveCall } from '../../stores/transcriptTurns';
import {
  CALL_STATUS_LABELS,
  calledPartyName,
  formatCallDuration,
  formatCallTime,
  partyPhone,
  summaryText,
} from './callFormat';
import { CallAnalysis } from './CallAnalysis';
import { CallQuality } from './CallQuality';
import { CallRecordingPlayer } from './CallRecordingPlayer';
import { CallTransfer } from './CallTransfer';
import { InboundTag } from './InboundTag';
import { Transcript } from './Transcript';

const dash = '—';

const NO_FIELDS: AnalysisField[] = [];

/**
 * The drawer a call log row opens: the call's facts, its transfer and recording when it has them,
 * its summary, what its analysis found (the campaign's `analysisFields`) and how the conversation
 * flowed, and its transcript, live while it runs.
 */
export function CallDrawer({
  agentName,
  analysisFields = NO_FIELDS,
}: {
  agentName: string | null;
  analysisFields?: AnalysisField[];
}) {
  const call = useCallDrawerStore((s) => s.call);
  const turns = useCallDrawerStore((s) => s.turns);
  const status = useCallDrawerStore((s) => s.status);
  const close = useCallDrawerStore((s) => s.close);
  const party = call ? calledPartyName(call) : '';
  const number = call ? partyPhone(call) : '';
  const inbound = call?.direction === 'inbound';

  return (
    <Drawer
      open={call !== null}
      onClose={close}
      size="min(560px, 100vw)"
      title={call && `Call ${inbound ? 'from' : 'with'} ${party}, ${number}`}
      extra={call && <InboundTag call={call} />}
      className="rc-call-drawer"
    >
      {call && (
        <>
          {status === 'error' && (
            <Alert type="error" showIcon title="Could not load the call's transcript." />
          )}
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: 'status', label: 'Status', children: CALL_STATUS_LABELS[call.status] },
              { key: 'outcome', label: 'Outcome', children: callResultLabelOf(call) ?? dash },
              // What the caller asked to pass on with a call back (after a transfer nobody took, say).
              ...(call.callbackNote
                ? [{ key: 'message', label: 'Message left', children: call.callbackNote }]
                : []),
              { key: 'ended', label: 'Ended', children: callEndingLabelOf(call) ?? dash },
              { key: 'duration', label: 'Duration', children: formatCallDuration(call.durationSeconds) },
              { key: 'cost', label: 'Cost', children: formatDollars(call.cost) },
              // Which version of the campaign's agent spoke (its page lists the versions).
              { key: 'agent', label: 'Agent version', children: call.agentVersion ?? dash },
              {
                key: 'time',
                label: inbound ? 'Received' : 'Placed',
                children: (
                  <time dateTime={call.createdAt}>{formatCallTime(call.createdAt) ?? call.createdAt}</time>
                ),
              },
            ]}
          />
          {call.transfer && <CallTransfer transfer={call.transfer} />}
          {call.recording && (
            <CallRecordingPlayer
              // A new recording (another call's) starts its own player.
              key={`${call.id}-${call.recording.url}`}
              callId={call.id}
              recording={call.recording}
              party={party}
            />
          )}
          <section className="rc-call-drawer-section" aria-labelledby="rc-call-drawer-summary">
            <h3 id="rc-call-drawer-summary">Summary</h3>
            <p className={call.summary ? undefined : 'rc-call-drawer-muted'}>{summaryText(call)}</p>
          </section>
          <CallAnalysis call={call} fields={analysisFields} />
          <CallQuality call={call} />
          <section className="rc-call-drawer-section" aria-labelledby="rc-call-drawer-transcript">
            <h3 id="rc-call-drawer-transcript">Transcript</h3>
            {status === 'loading' && turns.length === 0 ? (
              <Spin />
            ) : (
              <Transcript
                turns={turns}
                agentName={agentName}
                live={isLiveCall(call)}
                label={`Transcript of the call with ${party}`}
                emptyText={isLiveCall(call) ? 'Nothing said yet.' : 'Nothing was said on this call.'}
              />
            )}
          </section>
        </>
      )}
    </Drawer>
  );
}
