/**
 * What the agent remembers of one conversation (a `conversation_id`) for a few minutes: the
 * last thing acted on or asked about (for "it", "them", "and the bedroom too"), a question it
 * asked back ("which one?"), and a rule or command waiting for "yes".
 */
import type { Clock } from '../../clock.js';
import type { Reading, Referent } from './reading.js';

export const CONVERSATION_TTL_MS = 5 * 60_000;

export interface Conversation {
  referent?: Referent | undefined;
  /** The referent before the last one ("turn them both off" after two turns). */
  earlier?: Referent | undefined;
  /** A reading that stopped at "which one?"; the answer picks among its candidates. */
  pending?: Reading | undefined;
  /** The last one-shot timer set in this conversation ("cancel that"). */
  lastTimer?: string | undefined;
  touched: number;
}

/** Conversations by id, forgotten after CONVERSATION_TTL_MS without a message. */
export class Conversations {
  private readonly items = new Map<string, Conversation>();

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs = CONVERSATION_TTL_MS,
  ) {}

  get(id: string): Conversation {
    const now = this.clock.now();
    if (this.items.size > 1000)
      for (const [k, c] of this.items) if (now - c.touched > this.ttlMs) this.items.delete(k);
    let c = this.items.get(id);
    if (!c || now - c.touched > this.ttlMs) {
      c = { touched: now };
      this.items.set(id, c);
    }
    c.touched = now;
    return c;
  }
}
