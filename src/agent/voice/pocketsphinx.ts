/**
 * The built-in engine: Debian's pocketsphinx 0.8 CLI (`pocketsphinx_continuous`) with a
 * grammar generated from the registry. Two passes per utterance run in parallel: the JSGF
 * grammar (accurate, but forces any speech into some command) and a trigram LM over the same
 * sentences; the transcript is accepted only when both mean the same command (voice.md:
 * this rejected 12/12 out-of-domain utterances and kept 40/40 flite commands). All CLI flags
 * live here, because a later pocketsphinx (5.x) has a different CLI.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { delimiter, isAbsolute, join } from 'node:path';
import type { Logger } from 'pino';
import type { IntentRegistry } from '../intents/registry.js';
import { dictText, pronounce } from './dictionary.js';
import type { EngineStatus, SttEngine, SttResult } from './engine.js';
import { buildArpa, buildGrammar, slotPhrases, wordsOf, type SpeechGrammar } from './grammar.js';
import { writeWav } from './wav.js';

export const DEFAULT_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';
const BEAMS = ['-beam', '1e-80', '-pbeam', '1e-80', '-wbeam', '1e-60'];

export interface PocketsphinxOptions {
  workDir: string;
  registry: () => IntentRegistry;
  /** Whether two transcripts mean the same command (the agreement check). */
  agree: (grammarText: string, lmText: string) => boolean;
  binary?: string;
  modelDir?: string;
  espeak?: string;
  timeoutMs?: number;
  log?: Logger;
  /**
   * Which passes' dictionaries get the cot–caught `accentVariants`. Default both: with the
   * variants in the grammar pass only, the LM pass does not hear "off" said with AA and the
   * agreement check rejects it (espeak-ng en-us 29 → 21/40 exact; bench/RESULTS.md).
   */
  accentVariants?: 'none' | 'grammar' | 'both';
}

interface Built {
  registry: IntentRegistry;
  grammar: SpeechGrammar;
  gram: string;
  dict: string;
  lmDict: string;
  lm: string;
  missing: string[];
}

export class PocketsphinxEngine implements SttEngine {
  readonly name = 'pocketsphinx';
  private built: Promise<Built> | undefined;
  private rebuildTimer: NodeJS.Timeout | undefined;

  constructor(private readonly opts: PocketsphinxOptions) {}

  get binary(): string {
    return this.opts.binary ?? 'pocketsphinx_continuous';
  }
  get modelDir(): string {
    return this.opts.modelDir ?? DEFAULT_MODEL_DIR;
  }

  async status(): Promise<EngineStatus> {
    const bin = await findExecutable(this.binary);
    if (!bin)
      return {
        name: this.name,
        available: false,
        detail: `${this.binary} not found; install it with: apt-get install pocketsphinx pocketsphinx-en-us`,
      };
    const model =
      (await exists(join(this.modelDir, 'en-us', 'mdef'))) &&
      (await exists(join(this.modelDir, 'cmudict-en-us.dict')));
    if (!model)
      return {
        name: this.name,
        available: false,
        detail: `model not found in ${this.modelDir}; install it with: apt-get install pocketsphinx-en-us`,
      };
    const b = this.built ? await this.built.catch(() => undefined) : undefined;
    const gram = b
      ? `; grammar ${b.grammar.version}: ${b.grammar.sentences.length} sentences, ${b.grammar.words.length} words${b.missing.length ? `, left out (no pronunciation): ${b.missing.join(', ')}` : ''}`
      : '';
    return { name: this.name, available: true, detail: `${bin} with ${this.modelDir}${gram}` };
  }

  /** Registry changed: rebuild the grammar soon (debounced, so a burst of changes builds once). */
  invalidate(delayMs = 500): void {
    if (this.rebuildTimer) clearTimeout(this.rebuildTimer);
    this.rebuildTimer = setTimeout(() => {
      this.rebuildTimer = undefined;
      void this.grammar().catch(() => undefined);
    }, delayMs);
    this.rebuildTimer.unref();
  }

  /** The grammar files for the current registry (rebuilt when the registry snapshot changed). */
  async grammar(): Promise<Built> {
    const reg = this.opts.registry();
    const current = this.built ? await this.built.catch(() => undefined) : undefined;
    if (current?.registry === reg) return current;
    const next = this.build(reg);
    this.built = next;
    return next;
  }

  private async build(reg: IntentRegistry): Promise<Built> {
    const slots = slotPhrases(reg);
    const pron = await pronounce(wordsOf(slots), join(this.modelDir, 'cmudict-en-us.dict'), this.opts.espeak);
    const grammar = buildGrammar(slots, (w) => pron.lines.has(w));
    await mkdir(this.opts.workDir, { recursive: true });
    const base = join(this.opts.workDir, `home-${grammar.version}`);
    const files = { gram: `${base}.gram`, dict: `${base}.dict`, lmDict: `${base}.lm.dict`, lm: `${base}.lm` };
    const variants = this.opts.accentVariants ?? 'both';
    await atomicWrite(files.gram, grammar.jsgf);
    await atomicWrite(files.dict, dictText(grammar.words, pron.lines, variants !== 'none'));
    await atomicWrite(files.lmDict, dictText(grammar.words, pron.lines, variants === 'both'));
    await atomicWrite(files.lm, buildArpa(grammar.sentences));
    this.opts.log?.info(
      {
        version: grammar.version,
        sentences: grammar.sentences.length,
        words: grammar.words.length,
        guessed: pron.guessed,
        missing: pron.missing,
      },
      'voice grammar built',
    );
    return { registry: reg, grammar, ...files, missing: pron.missing };
  }

  async transcribe(pcm: Int16Array): Promise<SttResult> {
    const g = await this.grammar();
    const wav = join(this.opts.workDir, `utt-${randomUUID()}.wav`); // the CLI skips the header only for *.wav names
    await writeFile(wav, writeWav(pcm));
    try {
      const common = ['-infile', wav, '-hmm', join(this.modelDir, 'en-us'), '-logfn', '/dev/null'];
      const [grammarText, lmText] = await Promise.all([
        this.decode([...common, '-dict', g.dict, '-jsgf', g.gram, ...BEAMS]),
        this.decode([...common, '-dict', g.lmDict, '-lm', g.lm]),
      ]);
      const passes = { grammar: grammarText, lm: lmText };
      if (!grammarText) return { text: '', rejected: 'nothing recognised', passes };
      if (!this.opts.agree(grammarText, lmText))
        return { text: '', rejected: 'the grammar and language-model passes disagree', passes };
      return { text: grammarText, passes };
    } finally {
      await rm(wav, { force: true });
    }
  }

  private decode(args: string[]): Promise<string> {
    return new Promise((resolve, reject) => {
      execFile(
        this.binary,
        args,
        { timeout: this.opts.timeoutMs ?? 15_000, maxBuffer: 1 << 20 },
        (err, stdout) => {
          if (err) reject(new Error(`${this.binary} failed: ${err.message}`));
          // one line per VAD segment; a command split by a pause is still one command
          else
            resolve(
              stdout
                .split('\n')
                .map((l) => l.trim())
                .filter(Boolean)
                .join(' '),
            );
        },
      );
    });
  }
}

async function atomicWrite(path: string, text: string): Promise<void> {
  const tmp = `${path}.${randomUUID()}.tmp`;
  await writeFile(tmp, text);
  await rename(tmp, path);
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path, constants.R_OK);
    return true;
  } catch {
    return false;
  }
}

/** The executable's full path (a name is looked up on PATH), or undefined. */
export async function findExecutable(name: string): Promise<string | undefined> {
  const candidates =
    isAbsolute(name) || name.includes('/')
      ? [name]
      : (process.env.PATH ?? '')
          .split(delimiter)
          .filter(Boolean)
          .map((d) => join(d, name));
  for (const c of candidates) {
    try {
      await access(c, constants.X_OK);
      return c;
    } catch {
      /* next */
    }
  }
  return undefined;
}
