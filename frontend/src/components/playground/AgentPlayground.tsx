import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Card, Input, Space } from 'antd';
import { MessageOutlined, ReloadOutlined, SendOutlined, ToolOutlined } from '@ant-design/icons';
import { PLAYGROUND_MAX_MESSAGES, PLAYGROUND_MAX_TEXT, playgroundToolNote } from '@ringcast/shared-types';
import { usePlayground, type ChatMessage } from './usePlayground';
import '../calls/transcript.css';
import './playground.css';

function ChatTurn({ message, agentName }: { message: ChatMessage; agentName: string }) {
  const notes = message.toolCalls ?? [];
  return (
    <li className="rc-transcript-turn" data-speaker={message.role}>
      <div className="rc-transcript-meta">
        <span className="rc-transcript-speaker">{message.role === 'agent' ? agentName : 'You (callee)'}</span>
      </div>
      {message.text && <p className="rc-transcript-text">{message.text}</p>}
      {notes.length > 0 && (
        <ul className="rc-playground-notes" aria-label="What the agent would do on a call">
          {notes.map((call, i) => (
            <li key={i}>
              <ToolOutlined aria-hidden /> {playgroundToolNote(call)}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * "Try the agent": a chat with the campaign's agent as it would speak on the phone, the person
 * typing playing the callee. Nothing is stored and nothing is done; what the agent's tools would
 * do shows under its reply. `campaignId` gives the campaign to try (the wizard saves its draft).
 */
export function AgentPlayground({
  campaignId,
  agentName,
  headingLevel = 2,
  unavailable = null,
  startsAtOnce,
  hint,
}: {
  campaignId: () => Promise<number | null>;
  agentName: string | null;
  headingLevel?: 2 | 3;
  /** Why the agent cannot be tried yet (no answering script), shown instead of Start. */
  unavailable?: string | null;
  /** Asked once on mount: true starts the conversation at once (the wizard's reopened draft). */
  startsAtOnce?: () => boolean;
  /** A line under the introduction (the wizard: starting saves a new campaign as a draft). */
  hint?: string | null;
}) {
  const { messages, pending, ended, started, start, send, restart } = usePlayground(campaignId);
  const [text, setText] = useState('');
  const log = useRef<HTMLDivElement>(null);
  const name = agentName?.trim() || 'Agent';
  const full = messages.length >= PLAYGROUND_MAX_MESSAGES - 1;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  useEffect(() => {
    if (startsAtOnce?.()) void start();
    // Once, on mount: a panel that was asked to start while it was replaced starts here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useLayoutEffect(() => {
    const el = log.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length, pending]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const words = text.trim();
    if (!words || pending) return;
    setText('');
    if (!(await send(words))) setText(words);
  };

  return (
    <Card
      className="rc-playground"
      role="region"
      aria-labelledby="rc-playground-title"
      title={
        <Heading className="rc-playground-heading" id="rc-playground-title">
          Try the agent
        </Heading>
      }
      extra={
        started && (
          <Button icon={<ReloadOutlined />} onClick={restart} aria-label="Restart the conversation">
            Restart
          </Button>
        )
      }
    >
      <p className="rc-playground-intro">
        Chat with {name} as it would speak on the phone: you type what the person called says. Nothing is
        stored and nothing is done: no call is placed, no number goes on your do-not-call list.
      </p>
      {hint && <p className="rc-playground-intro">{hint}</p>}
      {!started ? (
        <>
          <Button
            type="primary"
            icon={<MessageOutlined />}
            loading={pending}
            disabled={Boolean(unavailable)}
            aria-describedby={unavailable ? 'rc-playground-unavailable' : undefined}
            onClick={() => void start()}
          >
            Start the conversation
          </Button>
          {unavailable && (
            <p id="rc-playground-unavailable" className="rc-playground-ended">
              {unavailable}
            </p>
          )}
        </>
      ) : (
        <>
          <div
            ref={log}
            className="rc-transcript-scroll"
            role="log"
            aria-label={`Conversation with ${name}`}
            aria-live="polite"
            tabIndex={0}
          >
            <ol className="rc-transcript-turns">
              {messages.map((message) => (
                <ChatTurn key={message.id} message={message} agentName={name} />
              ))}
            </ol>
            {pending && <p className="rc-playground-waiting">{name} is answering…</p>}
          </div>
          {ended || full ? (
            <p className="rc-playground-ended" role="status">
              {ended
                ? `${name} would hang up here. Restart to try again.`
                : 'The conversation is as long as a try can be. Restart to try again.'}
            </p>
          ) : (
            <form className="rc-playground-form" onSubmit={(e) => void onSubmit(e)}>
              <Space.Compact block>
                <Input
                  aria-label="What the callee says"
                  placeholder="Type what the callee says"
                  maxLength={PLAYGROUND_MAX_TEXT}
                  value={text}
                  onChange={(e) => setText(e.target.value)}
                />
                <Button
                  type="primary"
                  htmlType="submit"
                  icon={<SendOutlined />}
                  loading={pending}
                  disabled={!text.trim()}
                >
                  Send
                </Button>
              </Space.Compact>
            </form>
          )}
        </>
      )}
    </Card>
  );
}
