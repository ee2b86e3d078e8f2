/**
 * Acoustic confidence of a grammar transcript: a likelihood ratio against an unconstrained
 * decode of the same audio. The grammar pass forces any speech into some command; a free
 * phone loop (pocketsphinx `-allphone`) takes the best-scoring phones with no grammar at all.
 * When the speech really is the command, the grammar path scores nearly as well as the phone
 * loop; when it is something else, the forced path fits much worse. The "fit" is how much
 * worse the grammar path scores per frame of its words, in units of the phone loop's own
 * average cost per frame: 0 is as good as the phone loop, -1 is a frame's worth worse. Dividing
 * by the phone loop's cost makes it comparable across voices: a synthetic or accented voice
 * that matches the acoustic model poorly scores badly on both paths (espeak-ng's raw
 * differences are twice flite's for correct commands), and a raw threshold that keeps every
 * espeak-ng command accepted flite's out-of-grammar speech (bench/RESULTS.md).
 */

/**
 * The candidate least fit at which a grammar transcript that the language-model pass did not
 * confirm would still be accepted (`PocketsphinxOptions.minFit`; the engine does not use it by
 * default). Chosen on the development set of bench/voice.ts over 15 voices: out-of-grammar
 * speech forced into a command fit no better than -2.0, a wrong command no better than -1.6;
 * correct commands the LM pass garbled spread from -0.3 to below -3. On the held-out set it
 * won 10 espeak-ng commands and let 7 more out-of-grammar phrases through (bench/RESULTS.md):
 * a near miss differing in one name ("bathroom fan" → "bedroom fan") fits well overall.
 */
export const MIN_FIT = -1.25;

/** One entry of pocketsphinx's `-backtrace yes` output: a word (or phone) and its frames. */
export interface Segment {
  word: string;
  start: number;
  end: number;
  /** Acoustic score of the segment (scaled log likelihood). */
  ascr: number;
}

// "word start end pprob ascr lscr lback", one line per word, after a header line
const ROW = /^(\S+)\s+(\d+)\s+(\d+)\s+[\d.]+\s+(-?\d+)\s+-?\d+\s+-?\d+\s*$/;

/** The segments of every backtrace in a pocketsphinx log (one per VAD segment). */
export function parseBacktrace(log: string): Segment[] {
  const out: Segment[] = [];
  for (const line of log.split('\n')) {
    const m = ROW.exec(line);
    if (m) out.push({ word: m[1]!, start: Number(m[2]), end: Number(m[3]), ascr: Number(m[4]) });
  }
  return out;
}

/** Silence, noise and sentence markers: no word of the command. */
export function isFiller(word: string): boolean {
  return /^(<.*>|\[.*\]|\(NULL\)|\+.*\+|SIL)$/.test(word);
}

/**
 * Acoustic fit of the grammar path against the phone loop over the same audio (see the top of
 * this file). Frames the grammar had to call silence or noise while the phone loop heard
 * phones count against it (the score difference includes them, the word frames it is divided
 * by do not), so speech squeezed into a short command ("tell me a joke" → "no") fits badly.
 * Undefined when the grammar heard no word.
 */
export function acousticFit(grammar: Segment[], phones: Segment[]): number | undefined {
  const wordFrames = grammar.filter((s) => !isFiller(s.word)).reduce((n, s) => n + s.end - s.start + 1, 0);
  if (wordFrames === 0) return undefined;
  const frames = Math.max(
    1,
    phones.reduce((n, s) => n + s.end - s.start + 1, 0),
  );
  const sum = (segs: Segment[]) => segs.reduce((a, s) => a + s.ascr, 0);
  const loss = (sum(grammar) - sum(phones)) / wordFrames;
  // the phone loop's cost per frame (at least 1: its scores are relative to the best senone)
  const unit = Math.max(1, -sum(phones) / frames);
  return loss / unit;
}
