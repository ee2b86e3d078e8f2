/**
 * Scores the Home agent's understanding on its own development set (test/agent/devset/):
 * per kind with the shared scorer, plus the number of wrong actions — an action (not a
 * question, not a question back) on a device the gold does not name, or on any device where
 * the gold says decline. A command whose target holds no device acts on nothing.
 *
 * Run: npx tsx bench/agent-devset.ts [all|both|dev|heldout|heldout2 … heldout160] [--errors N]
 * (default all; both = dev + heldout; --errors N also prints up to N misses per set, for a set
 * used in development only; needs ../shared/tools/score-intents.mjs; HEARTH_SHARED_DIR
 * overrides the place of ../shared)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { IntentEngine } from '../src/agent/intents/engine.js';
import { nluLine } from '../src/agent/intents/nlu-output.js';
import { registryFromFixtures } from '../src/agent/intents/registry.js';
import { Understanding } from '../src/agent/understanding/understand.js';
import { targetEntities } from '../src/agent/plan.js';

const dir = resolve(import.meta.dirname, '../test/agent/devset');
const shared = process.env.HEARTH_SHARED_DIR ?? resolve(import.meta.dirname, '../../shared');
const args = process.argv.slice(2);
const errorsAt = args.indexOf('--errors');
const errors = errorsAt >= 0 ? (args.splice(errorsAt, 2)[1] ?? '0') : '0';
const which = args[0] ?? 'all';
const ALL = [
  'dev',
  'heldout',
  'heldout2',
  'heldout3',
  'heldout4',
  'heldout5',
  'heldout6',
  'heldout7',
  'heldout8',
  'heldout9',
  'heldout10',
  'heldout11',
  'heldout12',
  'heldout13',
  'heldout14',
  'heldout15',
  'heldout16',
  'heldout17',
  'heldout18',
  'heldout19',
  'heldout20',
  'heldout21',
  'heldout22',
  'heldout23',
  'heldout24',
  'heldout25',
  'heldout26',
  'heldout27',
  'heldout28',
  'heldout29',
  'heldout30',
  'heldout31',
  'heldout32',
  'heldout33',
  'heldout34',
  'heldout35',
  'heldout36',
  'heldout37',
  'heldout38',
  'heldout39',
  'heldout40',
  'heldout41',
  'heldout42',
  'heldout43',
  'heldout44',
  'heldout45',
  'heldout46',
  'heldout47',
  'heldout48',
  'heldout49',
  'heldout50',
  'heldout51',
  'heldout52',
  'heldout53',
  'heldout54',
  'heldout55',
  'heldout56',
  'heldout57',
  'heldout58',
  'heldout59',
  'heldout60',
  'heldout61',
  'heldout62',
  'heldout63',
  'heldout64',
  'heldout65',
  'heldout66',
  'heldout67',
  'heldout68',
  'heldout69',
  'heldout70',
  'heldout71',
  'heldout72',
  'heldout73',
  'heldout74',
  'heldout75',
  'heldout76',
  'heldout77',
  'heldout78',
  'heldout79',
  'heldout80',
  'heldout81',
  'heldout82',
  'heldout83',
  'heldout84',
  'heldout85',
  'heldout86',
  'heldout87',
  'heldout88',
  'heldout89',
  'heldout90',
  'heldout91',
  'heldout92',
  'heldout93',
  'heldout94',
  'heldout95',
  'heldout96',
  'heldout97',
  'heldout98',
  'heldout99',
  'heldout100',
  'heldout101',
  'heldout102',
  'heldout103',
  'heldout104',
  'heldout105',
  'heldout106',
  'heldout107',
  'heldout108',
  'heldout109',
  'heldout110',
  'heldout111',
  'heldout112',
  'heldout113',
  'heldout114',
  'heldout115',
  'heldout116',
  'heldout117',
  'heldout118',
  'heldout119',
  'heldout120',
  'heldout121',
  'heldout122',
  'heldout123',
  'heldout124',
  'heldout125',
  'heldout126',
  'heldout127',
  'heldout128',
  'heldout129',
  'heldout130',
  'heldout131',
  'heldout132',
  'heldout133',
  'heldout134',
  'heldout135',
  'heldout136',
  'heldout137',
  'heldout138',
  'heldout139',
  'heldout140',
  'heldout141',
  'heldout142',
  'heldout143',
  'heldout144',
  'heldout145',
  'heldout146',
  'heldout147',
  'heldout148',
  'heldout149',
  'heldout150',
  'heldout151',
  'heldout152',
  'heldout153',
  'heldout154',
  'heldout155',
  'heldout156',
  'heldout157',
  'heldout158',
  'heldout159',
  'heldout160',
];
const sets = which === 'all' ? ALL : which === 'both' ? ['dev', 'heldout'] : [which];

interface Gold {
  id: string;
  text: string;
  intent: string | null;
  slots: Record<string, string | number>;
  context?: { area?: string };
  history?: { text: string }[];
  tags?: string[];
}

const QUESTIONS = new Set([
  'HassGetState',
  'HassClimateGetTemperature',
  'HassGetCurrentTime',
  'HassGetCurrentDate',
]);
const isAction = (intent: string | null) =>
  !!intent && !QUESTIONS.has(intent) && !intent.startsWith('Hearth');
const lower = (v: unknown) => String(v).toLowerCase();

/** The entities each part's slots point at ("1.name" → part 1), resolved in the registry. */
function devices(intent: string | null, slots: Record<string, string | number>): Set<string>[] {
  const intents = (intent ?? '').split('+');
  return intents.map((it, i) => {
    const part: Record<string, string | number> = {};
    for (const [k, v] of Object.entries(slots)) {
      const m = /^(\d+)\.(.+)$/.exec(k);
      if (intents.length === 1 && !m) part[k] = v;
      else if (m && Number(m[1]) === i + 1) part[m[2]!] = v;
    }
    const ids =
      typeof part.name === 'string'
        ? reg.entities.filter((e) => lower(e.name) === lower(part.name)).map((e) => e.entity_id)
        : targetEntities({ intent: it, slots: part, entity_ids: [], fuzzy: false }, reg);
    return new Set(ids);
  });
}

/** One part's slots of a compound ("2.name" → name), or all of a single command's. */
function partSlots(slots: Record<string, string | number>, k: number, parts: number) {
  if (parts === 1) return slots;
  const out: Record<string, string | number> = {};
  for (const [key, v] of Object.entries(slots)) {
    const m = /^(\d+)\.(.+)$/.exec(key);
    if (m && Number(m[1]) === k + 1) out[m[2]!] = v;
  }
  return out;
}

/** What an action does to its device, coarsely: on, off, up, down, set, next. */
function effect(intent: string, slots: Record<string, string | number>): string {
  const step = slots.brightness_step ?? slots.temperature_step ?? slots.volume_step;
  if (step === 'up' || step === 'down') return step;
  if (intent === 'HassLightSet' && slots.brightness === 0) return 'off';
  if (['HassTurnOn', 'HassVacuumStart', 'HassMediaUnpause'].includes(intent)) return 'on';
  if (['HassTurnOff', 'HassMediaPause', 'HassVacuumReturnToBase'].includes(intent)) return 'off';
  if (intent === 'HassMediaNext') return 'next';
  return 'set';
}

/** The level a light or a player is set to, as a percentage (brightness, volume). */
function level(slots: Record<string, string | number>): number | undefined {
  const v = slots.brightness ?? slots.volume_level;
  return typeof v === 'number' ? v : undefined;
}

/**
 * Whether two actions agree: the same effect; a value set by the same intent; or on with up,
 * off with down, and a light turned on with one set to a level.
 */
function compatible(
  a: { intent: string; effect: string; level?: number },
  b: { intent: string; effect: string; level?: number },
): boolean {
  if (a.effect === b.effect) return true;
  // a low level asked for and a step up given, or a high one and a step down: the opposite
  // ("make the lamp really dim like ten percent" brightening it)
  const [step, set] = a.effect === 'set' ? [b, a] : [a, b];
  if (set.effect === 'set' && set.level !== undefined && step.intent === set.intent) {
    if (step.effect === 'up' && set.level <= 30) return false;
    if (step.effect === 'down' && set.level >= 70) return false;
  }
  const pair = new Set([a.effect, b.effect]);
  if (pair.has('set'))
    return a.intent === b.intent || (pair.has('on') && [a.intent, b.intent].includes('HassLightSet'));
  return (pair.has('on') && pair.has('up')) || (pair.has('off') && pair.has('down'));
}

const reg = registryFromFixtures([join(dir, 'home.json')]);
const u = new Understanding(new IntentEngine(reg));
const tmp = mkdtempSync(join(tmpdir(), 'hearth-devset-'));
for (const set of sets) {
  const gold = readFileSync(join(dir, `${set}.jsonl`), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Gold);
  const preds = gold.map((g) => ({
    id: g.id,
    text: g.text,
    ...nluLine(
      u,
      g.text,
      g.context?.area ?? null,
      (g.history ?? []).map((h) => h.text),
    ),
  }));
  const predFile = join(tmp, `${set}.pred.jsonl`);
  writeFileSync(predFile, preds.map((p) => JSON.stringify(p)).join('\n') + '\n');
  const out = execFileSync(
    'node',
    [join(shared, 'tools/score-intents.mjs'), join(dir, `${set}.jsonl`), predFile, '--errors', errors],
    {
      encoding: 'utf8',
    },
  );
  // a wrong action: acting where the gold declines, or on a device the gold does not name
  const wrong: string[] = [];
  const wrongEffect: string[] = [];
  gold.forEach((g, i) => {
    const p = preds[i]!;
    if (!p.intent || p.ask || !p.intent.split('+').some(isAction)) return;
    const want = g.intent ? devices(g.intent, g.slots) : [];
    const got = devices(p.intent, p.slots);
    const bad = got.some(
      (set, k) => isAction(p.intent!.split('+')[k] ?? null) && [...set].some((id) => !want[k]?.has(id)),
    );
    // a command recognised on a place without such a device acts on nothing (the agent says
    // there is none): it is a missed decline, counted by the scorer, not an action
    const acts = got.some((set, k) => isAction(p.intent!.split('+')[k] ?? null) && set.size > 0);
    if (acts && (g.intent === null || bad)) wrong.push(`${g.text} → ${p.intent} ${JSON.stringify(p.slots)}`);
    // the right device but the wrong effect: an action where a question was asked, or the
    // opposite of what was asked ("up in the office?" raising the heater, "dim" for brighter)
    else if (acts && g.intent) {
      const gotParts = p.intent.split('+');
      const wantParts = g.intent.split('+');
      const off = gotParts.some((it, k) => {
        if (!isAction(it) || (got[k]?.size ?? 0) === 0) return false;
        const want = wantParts[k];
        if (!want || !isAction(want)) return true;
        return !compatible(
          {
            intent: it,
            effect: effect(it, partSlots(p.slots, k, gotParts.length)),
            level: level(partSlots(p.slots, k, gotParts.length)),
          },
          {
            intent: want,
            effect: effect(want, partSlots(g.slots, k, wantParts.length)),
            level: level(partSlots(g.slots, k, wantParts.length)),
          },
        );
      });
      if (off) wrongEffect.push(`${g.text} → ${p.intent} ${JSON.stringify(p.slots)} (want ${g.intent})`);
    }
  });
  const tagBlock = errors === '0' ? out.slice(out.indexOf('tag ')) : out;
  console.log(`== ${set} (${gold.length} items) ==`);
  console.log(tagBlock.trim());
  console.log(`wrong_actions=${wrong.length}`);
  for (const w of wrong) console.log(`  wrong: ${w}`);
  console.log(`wrong_effects=${wrongEffect.length}`);
  for (const w of wrongEffect) console.log(`  wrong effect: ${w}`);
}
