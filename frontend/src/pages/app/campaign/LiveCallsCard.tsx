import { useEffect } from 'react';
import { Alert, Card, Spin, Tag } from 'antd';
import { callResultLabelOf } from '@ringcast/shared-types';
import {
  calledPartyName,
  formatCallTime,
  partyPhone,
  summaryText,
} from '../../../components/calls/callFormat';
import { InboundTag } from '../../../components/calls/InboundTag';
import { Transcript } from '../../../components/calls/Transcript';
import { useLiveCallsStore, type LiveConversation } from '../../../stores/liveCallsStore';
import { isLiveCall } from '../../../stores/transcriptTurns';

function ConversationView({
  conversation: { call, turns },
  agentName,
}: {
  conversation: LiveConversation;
  agentName: string | null;
}) {
  const party = calledPartyName(call);
  const live = isLiveCall(call);
  const headingId = `rc-live-call-${call.id}`;
  return (
    <article className="rc-live-call" data-call-status={call.status} aria-labelledby={headingId}>
      <header className="rc-live-call-header">
        <h3 id={headingId} className="rc-live-call-name">
          {party} <span className="rc-live-call-number">{partyPhone(call)}</span>
        </h3>
        <InboundTag call={call} />
        {live ? (
          <Tag color={call.status === 'in_progress' ? 'green' : 'blue'}>
            {call.status === 'in_progress' ? 'On the line' : 'Ringing'}
          </Tag>
        ) : (
          <span className="rc-live-call-ended">
            Ended{call.endedAt && <> {formatCallTime(call.endedAt)}</>}
          </span>
        )}
      </header>
      {(call.status !== 'ringing' || turns.length > 0) && (
        <Transcript
          turns={turns}
          agentName={agentName}
          live={live}
          label={`Transcript of the call with ${party}`}
          emptyText={live ? 'Nothing said yet.' : 'Nothing was said on this call.'}
        />
      )}
      {!live && (
        <dl className="rc-live-call-result">
          <div>
            <dt>Outcome</dt>
            <dd>{callResultLabelOf(call) ?? '—'}</dd>
          </div>
          <div>
            <dt>Summary</dt>
            <dd className={call.summary ? undefined : 'rc-live-call-muted'}>{summaryText(call)}</dd>
          </div>
        </dl>
      )}
    </article>
  );
}

/**
 * The campaign's calls on the line with their transcripts as they are spoken, and the last few to
 * finish with their outcome and summary.
 */
export function LiveCallsCard({ campaignId, agentName }: { campaignId: number; agentName: string | null }) {
  const show = useLiveCallsStore((s) => s.show);
  const conversations = useLiveCallsStore((s) => s.conversations);
  const status = useLiveCallsStore((s) => s.status);
  useEffect(() => show(campaignId), [show, campaignId]);
  const onTheLine = conversations.filter((c) => isLiveCall(c.call)).length;

  return (
    <Card
      title={<h2 className="rc-campaign-heading">Live calls</h2>}
      extra={<span className="rc-live-calls-count">{onTheLine} on the line</span>}
      className="rc-live-calls"
    >
      <section aria-label="Live calls">
        {status === 'error' && conversations.length === 0 ? (
          <Alert type="error" showIcon title="Could not load the live calls." />
        ) : status !== 'ready' && conversations.length === 0 ? (
          <Spin style={{ display: 'block', margin: '16px auto' }} />
        ) : conversations.length === 0 ? (
          <p className="rc-live-calls-empty">No calls on the line right now.</p>
        ) : (
          <div className="rc-live-calls-list">
            {conversations.map((conversation) => (
              <ConversationView
                key={conversation.call.id}
                conversation={conversation}
                agentName={agentName}
              />
            ))}
          </div>
        )}
      </section>
    </Card>
  );
}
