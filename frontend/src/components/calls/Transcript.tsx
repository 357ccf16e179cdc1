import { useLayoutEffect, useRef, useState } from 'react';
import { Button } from 'antd';
import { ArrowDownOutlined } from '@ant-design/icons';
import type { TranscriptTurn } from '@ringcast/shared-types';
import { formatCallDuration } from './callFormat';
import { formatMs, silenceNote } from './callQualityFormat';
import './transcript.css';

/** Within this many pixels of the end, the reader is following the newest turn. */
const FOLLOW_SLACK_PX = 24;

/** The name a turn's speaker goes by: the campaign's agent, or the person called. */
export const speakerLabel = (
  turn: { speaker: Exclude<TranscriptTurn['speaker'], 'system'> },
  agentName: string | null,
) => (turn.speaker === 'agent' ? agentName?.trim() || 'Agent' : 'Prospect');

/** A note of what happened on the line ("Transferring to Sales…"): nobody said it, so no bubble. */
function NoteTurn({ turn }: { turn: TranscriptTurn }) {
  return (
    <li className="rc-transcript-note" data-speaker="system">
      {turn.text}
    </li>
  );
}

/**
 * A call's conversation, turn by turn. While the call runs (`live`) new turns are announced to
 * screen readers and scrolled into view, unless the reader scrolled up to read an earlier one
 * ("Newest" follows again).
 */
export function Transcript({
  turns,
  agentName,
  live,
  label,
  emptyText,
}: {
  turns: TranscriptTurn[];
  agentName: string | null;
  live: boolean;
  /** Names the list, e.g. "Transcript of the call with Pat Person". */
  label: string;
  emptyText: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [following, setFollowing] = useState(true);
  const newest = turns.at(-1);

  // Runs before paint, so a followed transcript never shows a frame scrolled short of the end. A
  // finished conversation is read from its start.
  useLayoutEffect(() => {
    const el = box.current;
    if (el && live && following) el.scrollTop = el.scrollHeight;
  }, [newest?.seq, newest?.text, following, live]);

  const onScroll = () => {
    const el = box.current;
    if (el) setFollowing(el.scrollHeight - el.scrollTop - el.clientHeight <= FOLLOW_SLACK_PX);
  };

  return (
    <div className="rc-transcript">
      <div
        ref={box}
        className="rc-transcript-scroll"
        role="log"
        aria-label={label}
        aria-live={live ? 'polite' : 'off'}
        onScroll={onScroll}
        // A scrolling region must be reachable by keyboard to be read.
        tabIndex={0}
      >
        {turns.length === 0 ? (
          <p className="rc-transcript-empty">{emptyText}</p>
        ) : (
          <ol className="rc-transcript-turns" role="list" aria-label={label}>
            {turns.map((turn) =>
              turn.speaker === 'system' ? (
                <NoteTurn key={turn.seq} turn={turn} />
              ) : (
                <li key={turn.seq} className="rc-transcript-turn" data-speaker={turn.speaker}>
                  <div className="rc-transcript-meta">
                    <span className="rc-transcript-speaker">
                      {speakerLabel({ speaker: turn.speaker }, agentName)}
                    </span>
                    <span>
                      {/* A gap over SILENCE_GAP_MS before the turn: a slow reply, or a quiet prospect. */}
                      {typeof turn.silenceBeforeMs === 'number' && (
                        <span
                          className="rc-transcript-silence"
                          data-silence-ms={turn.silenceBeforeMs}
                          title="Nobody spoke for this long before these words"
                        >
                          {silenceNote(turn.silenceBeforeMs)}
                        </span>
                      )}
                      {turn.speaker === 'agent' && typeof turn.responseMs === 'number' && (
                        <span
                          className="rc-transcript-response"
                          title="The agent's response time: from the prospect's last words to its first"
                        >
                          {formatMs(turn.responseMs)}
                        </span>
                      )}
                      <time className="rc-transcript-offset" title="Time into the call">
                        {formatCallDuration(turn.offsetMs / 1000)}
                      </time>
                    </span>
                  </div>
                  <p className="rc-transcript-text">
                    {turn.text}
                    {turn.interrupted && (
                      <span className="rc-transcript-cut" title="The prospect talked over the agent here">
                        {' '}
                        (cut off)
                      </span>
                    )}
                  </p>
                </li>
              ),
            )}
          </ol>
        )}
      </div>
      {live && !following && turns.length > 0 && (
        <Button
          size="small"
          className="rc-transcript-follow"
          icon={<ArrowDownOutlined />}
          onClick={() => setFollowing(true)}
        >
          Newest
        </Button>
      )}
    </div>
  );
}
