import type {
  ChatCompletionChunk,
  ChatCompletionMessageFunctionToolCall,
} from 'openai/resources/chat/completions';

type ToolCallDelta = NonNullable<ChatCompletionChunk.Choice['delta']['tool_calls']>[number];

/**
 * A streamed reply's tool calls put back together, as OpenAI streams them: each call's id, type
 * and name in its first piece (by `index`), then its arguments in pieces.
 */
export class StreamedToolCalls {
  private readonly byIndex = new Map<number, ChatCompletionMessageFunctionToolCall>();

  add(deltas: ToolCallDelta[] | undefined): void {
    for (const delta of deltas ?? []) {
      let call = this.byIndex.get(delta.index);
      if (!call) {
        call = { id: '', type: 'function', function: { name: '', arguments: '' } };
        this.byIndex.set(delta.index, call);
      }
      if (delta.id) call.id = delta.id;
      if (delta.function?.name) call.function.name += delta.function.name;
      if (delta.function?.arguments) call.function.arguments += delta.function.arguments;
    }
  }

  /** The complete calls, in the order the model made them. */
  calls(): ChatCompletionMessageFunctionToolCall[] {
    return [...this.byIndex.entries()].sort(([a], [b]) => a - b).map(([, call]) => call);
  }
}
