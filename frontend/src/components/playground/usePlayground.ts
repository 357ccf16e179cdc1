import { useCallback, useRef, useState } from 'react';
import type { PlaygroundMessage, PlaygroundToolCall } from '@ringcast/shared-types';
import { playAgentTurn } from '../../api/playground';
import { showRequestError } from '../../api/errorPolicy';

/** A message of the playground's chat; the agent's carry what its tools would have done. */
export interface ChatMessage extends PlaygroundMessage {
  id: number;
  toolCalls?: PlaygroundToolCall[];
}

/**
 * The playground's conversation, kept in the page only: each message sends the whole chat so far
 * (the server keeps nothing). `campaignId` gives the campaign to try, saving it first if needed,
 * or null when this panel is going away (a new campaign reopened as a draft, whose panel starts).
 */
export function usePlayground(campaignId: () => Promise<number | null>) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [pending, setPending] = useState(false);
  const [ended, setEnded] = useState(false);
  const nextId = useRef(0);
  /** Bumped by Restart, so a reply still on its way to a restarted chat is dropped. */
  const round = useRef(0);

  const ask = useCallback(
    async (chat: ChatMessage[]): Promise<boolean> => {
      const started = round.current;
      setPending(true);
      try {
        const id = await campaignId();
        if (id === null) return true;
        const sent = chat.map(({ role, text }) => ({ role, text }));
        const answer = await playAgentTurn(id, sent);
        if (round.current !== started) return true;
        const reply = answer.reply.trim();
        // A reply of tool calls only (rare) still shows what they would do.
        const agent: ChatMessage[] =
          reply || answer.toolCalls.length
            ? [{ id: nextId.current++, role: 'agent', text: reply, toolCalls: answer.toolCalls }]
            : [];
        setMessages([...chat, ...agent]);
        setEnded(answer.ended);
        return true;
      } catch (err) {
        if (round.current === started)
          showRequestError(err, { title: 'The agent did not answer', fallback: 'Please try again.' });
        return false;
      } finally {
        if (round.current === started) setPending(false);
      }
    },
    [campaignId],
  );

  /** The agent's opening: what a call starts with. */
  const start = useCallback(() => ask([]), [ask]);

  /** The callee's words; false when they were not answered (the caller keeps them to send again). */
  const send = useCallback(
    async (text: string) => {
      const callee: ChatMessage = { id: nextId.current++, role: 'callee', text };
      const chat = [...messages.filter((m) => m.text), callee];
      setMessages([...messages, callee]);
      const answered = await ask(chat);
      if (!answered) setMessages(messages);
      return answered;
    },
    [ask, messages],
  );

  const restart = useCallback(() => {
    round.current++;
    setMessages([]);
    setEnded(false);
    setPending(false);
  }, []);

  return { messages, pending, ended, started: messages.length > 0, start, send, restart };
}
