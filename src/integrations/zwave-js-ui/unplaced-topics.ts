/**
 * Value topics no known node explains. A live one is news of a change only getNodes explains
 * (a rename, a moved node, a value added later, a node interviewed late); all are replayed
 * after the next discovery; one that discovery still could not explain (a node Hearth
 * refused) is no news when it comes again.
 */

/** Topics remembered of each sort, at most (the oldest go first, or all at once). */
const MAX_REMEMBERED_TOPICS = 2_000;

export interface UnplacedValue {
  payload: Buffer;
  live: boolean;
}

export class UnplacedTopics {
  /** Topic below the prefix → its last payload, replayed after the next discovery. */
  private readonly pending = new Map<string, UnplacedValue>();
  /** Live topics a discovery could not explain. */
  private readonly unexplained = new Set<string>();

  /** Remembers a topic for replay; returns whether it is news (live, and not explained before). */
  remember(rest: string, payload: Buffer, live: boolean): boolean {
    if (this.pending.size >= MAX_REMEMBERED_TOPICS) this.pending.delete(this.pending.keys().next().value!);
    this.pending.set(rest, { payload, live: live || this.pending.get(rest)?.live === true });
    // Retained leftovers (old names) and topics the last discovery could not explain are no news.
    return live && !this.unexplained.has(rest);
  }

  /** The remembered topics, handed over (and forgotten) for replay after a discovery. */
  takeAll(): [string, UnplacedValue][] {
    const all = [...this.pending];
    this.pending.clear();
    return all;
  }

  /** A live topic the discovery just made still does not explain. */
  unexplainedAfterDiscovery(rest: string) {
    if (this.unexplained.size >= MAX_REMEMBERED_TOPICS) this.unexplained.clear();
    this.unexplained.add(rest);
  }
}
