/**
 * The built-in engine: Debian's pocketsphinx 0.8 CLI with a grammar generated from the
 * registry. Two passes per utterance run in parallel: the JSGF grammar (accurate, but forces
 * any speech into some command) and a trigram LM over the same sentences. The grammar
 * transcript is accepted when both mean the same command. Optionally (`minFit`, off by
 * default), when they do not — the small LM garbles much correct speech: "lock the front
 * door" → "lock the off" — a third pass decodes the audio with a free phone loop and the
 * transcript is still accepted if the grammar path fits the audio nearly as well as the phone
 * loop (`confidence.ts`). Off by default because on the held-out set it let more out-of-grammar
 * near misses through than it won correct commands (bench/RESULTS.md).
 *
 * Each pass decodes the whole utterance at once (`pocketsphinx_batch`), so the cepstral mean is
 * the utterance's own, as the acoustic model was trained (its feat.params says `-cmn batch`);
 * `pocketsphinx_continuous` estimates it as it goes from a fixed starting mean, which is wrong
 * for a voice, microphone or phone line unlike the training data (bench/RESULTS.md). All CLI
 * flags live here, because a later pocketsphinx (5.x) has a different CLI.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, delimiter, dirname, isAbsolute, join } from 'node:path';
import type { Logger } from 'pino';
import type { IntentRegistry } from '../intents/registry.js';
import { acousticFit, parseBacktrace } from './confidence.js';
import { decoyCandidateWords, decoysFor, decoysIn } from './decoys.js';
import { dictText, pronounce } from './dictionary.js';
import type { EngineStatus, SttEngine, SttResult } from './engine.js';
import { buildArpa, buildGrammar, slotPhrases, wordsOf, type SpeechGrammar } from './grammar.js';
import { WAV_HEADER_BYTES, writeWav } from './wav.js';

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
  /**
   * The least acoustic fit (`confidence.ts`) at which a grammar transcript the LM pass did not
   * confirm is still accepted (the measured candidate is `MIN_FIT`). Default `Infinity`: no
   * phone-loop pass, agreement only — held out, the fit rule won espeak-ng commands but also
   * accepted more out-of-grammar near misses ("turn on the bathroom fan" → "… bedroom fan").
   * `-Infinity` accepts every grammar transcript (for measurements only).
   */
  minFit?: number;
  /**
   * Decoy names (`decoys.ts`): `grammar` (default) adds them to the grammar pass, and any
   * transcript with one (from either pass) is rejected; `both` also adds their sentences to the
   * LM — that loosened the small LM ("turn off the kitchen light" → "unlock the kitchen light")
   * and lost more correct commands (bench/RESULTS.md); `none` is this home's names only.
   */
  decoys?: 'none' | 'grammar' | 'both';
  /**
   * Decoy verbs (`decoys.ts` `DECOY_VERBS`, "dim the kitchen light") beside the decoy names,
   * rejected the same way; default on whenever decoys are. `false` measures without them.
   */
  verbDecoys?: boolean;
  /**
   * Cepstral mean normalization: `utterance` (default; `pocketsphinx_batch`, the mean of the
   * whole utterance) or `live` (`pocketsphinx_continuous`, a running mean from the model's
   * initial one: the engine before 2026-12; kept for measurement).
   */
  cmn?: 'live' | 'utterance';
}

interface Built {
  registry: IntentRegistry;
  grammar: SpeechGrammar;
  gram: string;
  dict: string;
  lmDict: string;
  lm: string;
  missing: string[];
  decoyWords: ReadonlySet<string>;
  decoyVerbWords: ReadonlySet<string>;
}

export class PocketsphinxEngine implements SttEngine {
  readonly name = 'pocketsphinx';
  private built: Promise<Built> | undefined;
  private rebuildTimer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly opts: PocketsphinxOptions) {}

  /** The CLI decoding a pass: `pocketsphinx_batch`, or `pocketsphinx_continuous` for `cmn: 'live'`. */
  get binary(): string {
    return this.opts.binary ?? (this.live ? 'pocketsphinx_continuous' : 'pocketsphinx_batch');
  }
  private get live(): boolean {
    return this.opts.cmn === 'live';
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
    if (this.stopped) return;
    if (this.rebuildTimer) clearTimeout(this.rebuildTimer);
    this.rebuildTimer = setTimeout(() => {
      this.rebuildTimer = undefined;
      void this.grammar().catch(() => undefined);
    }, delayMs);
    this.rebuildTimer.unref();
  }

  /**
   * No rebuild after this, and a build under way has finished writing: a stopped service leaves
   * its data dir alone (a backup, a restore or a second instance may use it at once).
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.rebuildTimer) clearTimeout(this.rebuildTimer);
    this.rebuildTimer = undefined;
    await this.built?.catch(() => undefined);
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
    const homeWords = wordsOf(slots);
    const decoyMode = this.opts.decoys ?? 'grammar';
    const useDecoys = decoyMode !== 'none';
    const candidates = useDecoys ? decoyCandidateWords() : [];
    const pron = await pronounce(
      [...homeWords, ...candidates],
      join(this.modelDir, 'cmudict-en-us.dict'),
      this.opts.espeak,
    );
    const guessed = new Set(pron.guessed);
    const found = useDecoys
      ? decoysFor(slots, homeWords, (w) => pron.lines.has(w) && !guessed.has(w))
      : undefined;
    const decoys =
      found && this.opts.verbDecoys === false
        ? {
            ...found,
            verbs: [],
            words: found.words.filter((w) => !found.verbWords.includes(w)),
            verbWords: [],
          }
        : found;
    const grammar = buildGrammar(slots, (w) => pron.lines.has(w), undefined, decoys);
    await mkdir(this.opts.workDir, { recursive: true });
    const base = join(this.opts.workDir, `home-${grammar.version}`);
    const files = { gram: `${base}.gram`, dict: `${base}.dict`, lmDict: `${base}.lm.dict`, lm: `${base}.lm` };
    const variants = this.opts.accentVariants ?? 'both';
    await atomicWrite(files.gram, grammar.jsgf);
    // Accent variants for this home's words only: a decoy with them stole accented speech from
    // the real names ("back door" → "attic door", "light" → "lamp"; bench/RESULTS.md).
    const plain = new Set(grammar.decoyWords);
    await atomicWrite(files.dict, dictText(grammar.words, pron.lines, variants !== 'none', plain));
    await atomicWrite(files.lmDict, dictText(grammar.words, pron.lines, variants === 'both', plain));
    await atomicWrite(
      files.lm,
      buildArpa(decoyMode === 'both' ? [...grammar.sentences, ...grammar.decoySentences] : grammar.sentences),
    );
    this.opts.log?.info(
      {
        version: grammar.version,
        sentences: grammar.sentences.length,
        decoySentences: grammar.decoySentences.length,
        words: grammar.words.length,
        guessed: pron.guessed.filter((w) => homeWords.has(w)),
        missing: pron.missing.filter((w) => homeWords.has(w)),
      },
      'voice grammar built',
    );
    return {
      registry: reg,
      grammar,
      ...files,
      missing: pron.missing.filter((w) => homeWords.has(w)),
      decoyWords: new Set(grammar.decoyWords),
      decoyVerbWords: new Set(grammar.decoyVerbWords),
    };
  }

  async transcribe(pcm: Int16Array): Promise<SttResult> {
    const g = await this.grammar();
    const wav = join(this.opts.workDir, `utt-${randomUUID()}.wav`); // pocketsphinx_continuous skips the header only for *.wav names
    await writeFile(wav, writeWav(pcm));
    try {
      const input = ['-hmm', join(this.modelDir, 'en-us')];
      const quiet = ['-logfn', '/dev/null'];
      // the grammar pass logs its backtrace (per-word frames and acoustic scores) for the fit
      const [grammarPass, lm] = await Promise.all([
        this.decode(wav, [...input, '-dict', g.dict, '-jsgf', g.gram, ...BEAMS, '-backtrace', 'yes']),
        this.decode(wav, [...input, ...quiet, '-dict', g.lmDict, '-lm', g.lm]),
      ]);
      const grammarText = grammarPass.text;
      const passes: Record<string, string> = { grammar: grammarText, lm: lm.text };
      if (!grammarText) return { text: '', rejected: 'nothing recognised', passes };
      // a name this home does not have or a verb no command has, heard by either pass: a near
      // miss, never a command
      const decoys = [
        ...new Set([...decoysIn(grammarText, g.decoyWords), ...decoysIn(lm.text, g.decoyWords)]),
      ];
      if (decoys.length) {
        passes.decoys = decoys.join(' ');
        const rejected = decoys.every((w) => g.decoyVerbWords.has(w))
          ? 'asks for something no voice command does'
          : 'names something this home does not have';
        return { text: '', rejected, passes };
      }
      if (this.opts.agree(grammarText, lm.text)) return { text: grammarText, passes };
      const minFit = this.opts.minFit ?? Infinity;
      const phoneLm = join(this.modelDir, 'en-us-phone.lm.bin');
      if (minFit === Infinity || !(await exists(phoneLm)))
        return { text: '', rejected: 'the grammar and language-model passes disagree', passes };
      // context-independent phones: the triphone loop is ~10x slower than real time here
      const phones = await this.decode(wav, [
        ...input,
        '-allphone',
        phoneLm,
        '-allphone_ci',
        'yes',
        '-backtrace',
        'yes',
      ]);
      const fit = acousticFit(parseBacktrace(grammarPass.log), parseBacktrace(phones.log));
      passes.phones = phones.text;
      passes.fit = fit === undefined ? 'none' : fit.toFixed(2);
      if (fit === undefined || fit < minFit)
        return {
          text: '',
          rejected: 'the passes disagree and the grammar transcript fits the audio poorly',
          passes,
        };
      return { text: grammarText, passes };
    } finally {
      await rm(wav, { force: true });
    }
  }

  /**
   * Runs one pass over the utterance in `wav`: its transcript and its log (stderr, unless
   * `-logfn` is given).
   */
  private async decode(wav: string, args: string[]): Promise<{ text: string; log: string }> {
    if (this.live) {
      const out = await this.run(['-infile', wav, ...args]);
      // one line per VAD segment; a command split by a pause is still one command
      const text = out.stdout
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean)
        .join(' ');
      return { text, log: out.stderr };
    }
    // pocketsphinx_batch reads `<cepdir>/<id><cepext>` for each id of a control file and writes
    // "<words> (<id> <score>)" per utterance to the -hyp file
    const dir = dirname(wav);
    const id = basename(wav, '.wav');
    // the passes of one utterance run at once: each has its own control and output file
    const pass = `${wav}.${randomUUID()}`;
    const ctl = `${pass}.ctl`;
    const hyp = `${pass}.hyp`;
    await writeFile(ctl, `${id}\n`);
    try {
      const batch = ['-adcin', 'yes', '-adchdr', String(WAV_HEADER_BYTES), '-cepdir', dir, '-cepext', '.wav'];
      const out = await this.run([...batch, '-ctl', ctl, '-hyp', hyp, '-cmn', 'batch', ...args]);
      const line = (await readFile(hyp, 'utf8')).split('\n')[0] ?? '';
      return { text: line.replace(/\s*\([^()]*\)\s*$/, '').trim(), log: out.stderr };
    } finally {
      await Promise.all([rm(ctl, { force: true }), rm(hyp, { force: true })]);
    }
  }

  private run(args: string[]): Promise<{ stdout: string; stderr: string }> {
    return new Promise((resolve, reject) => {
      execFile(
        this.binary,
        args,
        { timeout: this.opts.timeoutMs ?? 15_000, maxBuffer: 8 << 20 },
        (err, stdout, stderr) => {
          if (err) reject(new Error(`${this.binary} failed: ${err.message}`));
          else resolve({ stdout, stderr });
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
