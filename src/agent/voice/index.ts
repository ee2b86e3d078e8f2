/**
 * The voice pipeline: WAV → transcript (first available engine: Wyoming if configured, then
 * the built-in pocketsphinx) → the same chat pipeline as typed text (source `voice`). Speech
 * that no engine is sure about never reaches the agents, so nothing acts on it.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { UserRole } from '../../store/index.js';
import { Errors } from '../../errors.js';
import type { StatusBoard } from '../../status.js';
import type { ChatOutput, ChatService } from '../chat.js';
import type { IntentEngine } from '../intents/engine.js';
import type { IntentRegistry } from '../intents/registry.js';
import type { EngineStatus, SttEngine } from './engine.js';
import { PocketsphinxEngine, type PocketsphinxOptions } from './pocketsphinx.js';
import { parseWav, toSpeechPcm, WavError } from './wav.js';
import { WyomingEngine } from './wyoming.js';

export type { SttEngine, SttResult, EngineStatus } from './engine.js';
export { PocketsphinxEngine } from './pocketsphinx.js';
export { WyomingEngine } from './wyoming.js';

export const NOT_CAUGHT = 'Sorry, I did not catch that.';

export interface VoiceOutput extends ChatOutput {
  transcript: string;
}

export interface VoiceOptions {
  dataDir: string;
  chat: ChatService;
  engine: IntentEngine;
  registry: () => IntentRegistry;
  /** Calls back on entity/area/scene changes (the grammar is rebuilt, debounced). */
  onChange?: (listener: () => void) => void;
  status: StatusBoard;
  log: Logger;
  /** `tcp://host:port` of a Wyoming speech-to-text server (HEARTH_WYOMING_STT). */
  wyomingStt?: string | undefined;
  /** Overrides for the built-in engine (tests point `binary` at a missing file). */
  pocketsphinx?: Partial<Pick<PocketsphinxOptions, 'binary' | 'modelDir' | 'espeak' | 'timeoutMs'>>;
}

export class VoiceService {
  readonly engines: SttEngine[] = [];
  readonly pocketsphinx: PocketsphinxEngine;

  constructor(private readonly opts: VoiceOptions) {
    if (opts.wyomingStt) this.engines.push(new WyomingEngine(opts.wyomingStt));
    this.pocketsphinx = new PocketsphinxEngine({
      ...opts.pocketsphinx,
      workDir: join(opts.dataDir, 'voice'),
      registry: opts.registry,
      agree: (a, b) => sameCommand(opts.engine, a, b),
      log: opts.log,
    });
    this.engines.push(this.pocketsphinx);
    opts.onChange?.(() => this.pocketsphinx.invalidate());
    opts.status.set('voice', async () => {
      const engines = await this.statuses();
      return { available: engines.some((e) => e.available), engines };
    });
  }

  /** Stops the built-in engine's grammar rebuilds (see `PocketsphinxEngine.stop`). */
  stop(): Promise<void> {
    return this.pocketsphinx.stop();
  }

  statuses(): Promise<EngineStatus[]> {
    return Promise.all(this.engines.map((e) => e.status()));
  }

  async handle(
    wav: Buffer,
    input: { conversation_id?: string | undefined; area?: string | undefined },
    user: { id: string; role: UserRole },
  ): Promise<VoiceOutput> {
    let pcm: Int16Array;
    try {
      pcm = toSpeechPcm(parseWav(wav));
    } catch (err) {
      if (err instanceof WavError) throw Errors.validation(err.message, { field: 'body' });
      throw err;
    }
    const engine = await this.pick();
    const started = Date.now();
    let stt;
    try {
      stt = await engine.transcribe(pcm);
    } catch (err) {
      this.opts.log.warn({ engine: engine.name, err }, 'speech-to-text failed');
      throw Errors.unavailable(
        `The ${engine.name} speech-to-text engine failed: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    this.opts.log.info(
      {
        engine: engine.name,
        transcript: stt.text,
        rejected: stt.rejected,
        passes: stt.passes,
        ms: Date.now() - started,
      },
      'voice transcript',
    );
    if (!stt.text) {
      return {
        transcript: '',
        reply: NOT_CAUGHT,
        intent: null,
        actions: [],
        conversation_id: input.conversation_id ?? randomUUID(),
      };
    }
    const out = await this.opts.chat.chat(
      { text: stt.text, conversation_id: input.conversation_id, area: input.area },
      user,
      'voice',
    );
    return { transcript: stt.text, ...out };
  }

  private async pick(): Promise<SttEngine> {
    const statuses = await this.statuses();
    const i = statuses.findIndex((s) => s.available);
    if (i < 0) {
      throw Errors.unavailable(
        'No speech-to-text engine is available. Install the built-in one with `apt-get install pocketsphinx pocketsphinx-en-us`, or set HEARTH_WYOMING_STT=tcp://host:port to use a Wyoming server.',
        { engines: statuses },
      );
    }
    return this.engines[i]!;
  }
}

/** Words that carry no command: the LM pass may garble them without voiding agreement. */
const FILLER = new Set(['the', 'turn', 'switch', 'set', 'to', 'what', 'is', 'in', 'please', 'activate']);

/**
 * The agreement check between the grammar pass (`a`) and the language-model pass (`b`): they
 * mean the same command (intent, targets, values), or every word of `a` that carries the
 * command (names, on/off, numbers) appears in `b` in the same order. The small LM often
 * garbles a filler word of a correct command ("the on the kitchen light"); out-of-grammar
 * speech loses a name or verb ("unlock the window" → "unlock the front").
 */
export function sameCommand(engine: IntentEngine, a: string, b: string): boolean {
  const norm = (s: string) =>
    s
      .toLowerCase()
      .replace(/\b(the|please)\b/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  if (norm(a) === norm(b)) return true;
  const key = a.split(' ').filter((w) => !FILLER.has(w));
  const heard = b.split(' ');
  let at = 0;
  for (const w of heard) if (at < key.length && w === key[at]) at++;
  if (key.length >= 2 && at === key.length) return true;
  const ra = engine.recognize(a);
  const rb = engine.recognize(b);
  if (!ra.intent || ra.intent !== rb.intent) return false;
  return JSON.stringify([ra.entity_ids, ra.slots]) === JSON.stringify([rb.entity_ids, rb.slots]);
}
