import {
  BadConfig,
  BadPayload,
  payload,
  readText,
  str,
  template,
  type Config,
  type Template,
} from './config.js';

interface Source {
  topic: string;
  on: string;
  off: string;
  template: Template | undefined;
  value: boolean | undefined;
}

/**
 * An entity's availability from `availability_topic` or the `availability` list, combined as
 * `availability_mode` says (`latest` by default, `all`, `any`). Until a topic has spoken the
 * entity counts as unavailable, as in HA.
 */
export class Availability {
  private readonly sources: Source[] = [];
  private readonly mode: 'all' | 'any' | 'latest';
  private latest: boolean | undefined;

  constructor(c: Config) {
    const mode = str(c, 'availability_mode') ?? 'latest';
    if (mode !== 'all' && mode !== 'any' && mode !== 'latest')
      throw new BadConfig(`availability_mode ${mode} is unknown`);
    this.mode = mode;
    const single = str(c, 'availability_topic');
    if (single) {
      this.sources.push({
        topic: single,
        on: payload(c, 'payload_available', 'online'),
        off: payload(c, 'payload_not_available', 'offline'),
        template: template(c, 'availability_template'),
        value: undefined,
      });
    }
    if (c.availability !== undefined) {
      if (!Array.isArray(c.availability)) throw new BadConfig('availability must be a list');
      for (const a of c.availability) {
        if (typeof a !== 'object' || a === null)
          throw new BadConfig('an availability entry is not an object');
        const e = a as Config;
        const topic = str(e, 'topic');
        if (!topic) throw new BadConfig('an availability entry has no topic');
        this.sources.push({
          topic,
          on: payload(e, 'payload_available', 'online'),
          off: payload(e, 'payload_not_available', 'offline'),
          template: template(e, 'value_template'),
          value: undefined,
        });
      }
    }
  }

  get configured() {
    return this.sources.length > 0;
  }

  get topics(): string[] {
    return [...new Set(this.sources.map((s) => s.topic))];
  }

  get available(): boolean {
    if (this.mode === 'latest') return this.latest === true;
    if (this.mode === 'all') return this.sources.every((s) => s.value === true);
    return this.sources.some((s) => s.value === true);
  }

  /** A message on an availability topic; true when it changed something. */
  update(topic: string, text: string): boolean {
    let changed = false;
    for (const s of this.sources) {
      if (s.topic !== topic) continue;
      if (text === '') continue;
      const v = readText(text, s.template);
      const next = v === s.on ? true : v === s.off ? false : undefined;
      if (next === undefined)
        throw new BadPayload(
          `availability ${JSON.stringify(text.slice(0, 80))} is neither ${s.on} nor ${s.off}`,
        );
      s.value = next;
      this.latest = next;
      changed = true;
    }
    return changed;
  }
}
