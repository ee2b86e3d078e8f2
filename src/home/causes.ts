/**
 * Names for the causes recorded with each state change ("who or what did this"): the history
 * stores `{type, id}`; a person reads "Alice", "automation Evening lights", "scene Movie Night".
 * Each part that owns a kind of cause answers for its own ids; unknown ids stay unnamed.
 */
export interface CauseRef {
  type: string;
  id: string | null;
  /** The person an agent acted for. */
  user_id?: string;
}

export interface NamedCause extends CauseRef {
  name: string | null;
}

/** One lookup per cause type; async because people live in the store. */
export type CauseNameLookups = Partial<
  Record<string, (id: string) => string | null | Promise<string | null>>
>;

export class CauseNames {
  constructor(private readonly lookups: CauseNameLookups) {}

  /** Names every distinct cause among `causes` once (a logbook page repeats the same few). */
  async nameAll<T extends CauseRef>(
    causes: T[],
  ): Promise<(T & { name: string | null; user_name?: string | null })[]> {
    const names = new Map<string, Promise<string | null>>();
    const key = (type: string, id: string | null) => `${type}\u0000${id ?? ''}`;
    const ask = (type: string, id: string | null) => {
      const k = key(type, id);
      if (names.has(k)) return;
      const lookup = id === null ? undefined : this.lookups[type];
      names.set(k, lookup ? Promise.resolve(lookup(id!)).catch(() => null) : Promise.resolve(null));
    };
    for (const c of causes) {
      ask(c.type, c.id);
      if (c.user_id) ask('user', c.user_id);
    }
    const resolved = new Map<string, string | null>();
    for (const [k, p] of names) resolved.set(k, await p);
    return causes.map((c) => ({
      ...c,
      name: resolved.get(key(c.type, c.id)) ?? null,
      ...(c.user_id ? { user_name: resolved.get(key('user', c.user_id)) ?? null } : {}),
    }));
  }
}
