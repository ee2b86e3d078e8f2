/**
 * A minimal client for an OpenAI-compatible chat-completions endpoint (Ollama, llama.cpp's
 * server, vLLM, LocalAI …): one request with tools, one answer. Only the fields Hearth uses are
 * read, and the answer is checked before anything trusts it.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ToolCall {
  name: string;
  arguments: string;
}
export interface Completion {
  content: string | null;
  tool_calls: ToolCall[];
}

export interface LlmClientOptions {
  /** Base URL (`http://127.0.0.1:11434/v1`) or the full `/chat/completions` URL. */
  url: string;
  model: string;
  apiKey?: string | undefined;
  timeoutMs: number;
}

const CompletionResponse = Type.Object({
  choices: Type.Array(
    Type.Object({
      message: Type.Object({
        content: Type.Optional(Type.Union([Type.String(), Type.Null()])),
        tool_calls: Type.Optional(
          Type.Union([
            Type.Null(),
            Type.Array(
              Type.Object({
                function: Type.Object({
                  name: Type.String(),
                  // Some servers send arguments as an object instead of a JSON string.
                  arguments: Type.Optional(
                    Type.Union([Type.String(), Type.Record(Type.String(), Type.Unknown())]),
                  ),
                }),
              }),
            ),
          ]),
        ),
      }),
    }),
    { minItems: 1 },
  ),
});
type CompletionResponse = Static<typeof CompletionResponse>;

export class LlmError extends Error {}

export class LlmClient {
  readonly endpoint: string;

  constructor(private readonly opts: LlmClientOptions) {
    const base = opts.url.replace(/\/+$/, '');
    this.endpoint = base.endsWith('/chat/completions') ? base : `${base}/chat/completions`;
  }

  /** The endpoint without credentials, for status and logs. */
  get displayUrl(): string {
    const u = new URL(this.endpoint);
    u.username = '';
    u.password = '';
    return u.toString();
  }

  get model(): string {
    return this.opts.model;
  }

  async complete(messages: ChatMessage[], tools: unknown[]): Promise<Completion> {
    const u = new URL(this.endpoint);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json',
    };
    if (this.opts.apiKey) headers.authorization = `Bearer ${this.opts.apiKey}`;
    else if (u.username)
      headers.authorization = `Basic ${Buffer.from(`${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}`).toString('base64')}`;
    u.username = '';
    u.password = '';
    let res: Response;
    try {
      res = await fetch(u, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          model: this.opts.model,
          messages,
          tools,
          tool_choice: 'auto',
          temperature: 0,
          stream: false,
        }),
        signal: AbortSignal.timeout(this.opts.timeoutMs),
      });
    } catch (err) {
      const e = err as Error;
      throw new LlmError(
        e.name === 'TimeoutError'
          ? `no answer within ${this.opts.timeoutMs} ms`
          : `cannot reach the endpoint: ${e.cause instanceof Error ? e.cause.message : e.message}`,
      );
    }
    const text = await res.text().catch(() => '');
    if (!res.ok) throw new LlmError(`HTTP ${res.status}${text ? `: ${text.slice(0, 200)}` : ''}`);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new LlmError('the answer is not JSON');
    }
    if (!Value.Check(CompletionResponse, body)) throw new LlmError('the answer is not a chat completion');
    const message = body.choices[0]!.message;
    return {
      content: message.content ?? null,
      tool_calls: (message.tool_calls ?? []).map((c) => ({
        name: c.function.name,
        arguments:
          typeof c.function.arguments === 'string'
            ? c.function.arguments
            : JSON.stringify(c.function.arguments ?? {}),
      })),
    };
  }
}
