/**
 * Bengali (and Sylheti) as British-Bangladeshi households mix it into English: "kitchen er fan
 * ta bondho koro", "bedroom er curtain kholo", "kettle on koro ar kitchen fan bondho koro",
 * "garage door khola ache?", "thermostat ta baish degree koro", "paanch minute por kettle on
 * koro". The words become the English words the lexicon knows — only in a message that says a
 * word no English message has ("koro", "kholo", "bondho", …), since "ache", "te", "o", "por"
 * and "ar" are English words or particles elsewhere.
 */

/** Words only a Bengali-speaking message has: their presence lets the others be read. */
const BENGALI_ONLY = new Set(
  `koro korun kore kholo kholen khulo khola bondho jalao jalan nibhao chalao cholche ektu komao
   barao awaj tahole ekhon abar shokal baish ekush teish chobbish pochish bish tirish gorom thanda
   koto amar ami kon ache`.split(/\s+/),
);
/** Of those, the ones that are English words too — never enough alone ("my head ache"). */
const ALSO_ENGLISH = new Set(['ache', 'ami', 'amar', 'kon', 'bish']);

const WORDS: Record<string, string[]> = {
  // "do" closing a request, as Hindi "karo": "on koro", "lock kore dao"
  koro: [],
  korun: [],
  kore: [],
  dao: [],
  // switching: "bondho" (shut: off, closed), "kholo" (open), "jalao" (light it), "nibhao" (put
  // it out), "chalao" (run it), "cholche" (is running)
  bondho: ['close'],
  kholo: ['open'],
  kholen: ['open'],
  khulo: ['open'],
  khola: ['open'],
  jalao: ['on'],
  jalan: ['on'],
  nibhao: ['off'],
  chalao: ['on'],
  cholche: ['on'],
  // "ektu kom koro" (a bit lower), "awaj ektu komao" (the sound a bit lower)
  ektu: ['a', 'bit'],
  kom: ['down'],
  komao: ['turn', 'down'],
  barao: ['turn', 'up'],
  awaj: ['volume'],
  // the little words: "er" (of: "kitchen er fan"), "ta"/"ti" (the, after its noun), "te" (in),
  // "ar" (and), "o" (too), "ache" (is: "khola ache?"), "na" (no)
  er: [],
  ta: [],
  ti: [],
  te: [],
  ar: ['and'],
  o: ['too'],
  ache: [],
  tahole: ['then'],
  ekhon: ['now'],
  abar: ['again'],
  pore: ['later'],
  por: ['after'],
  kon: ['which'],
  amar: ['my'],
  ami: ['i'],
  koto: ['how'],
  gorom: ['hot'],
  thanda: ['cold'],
  shokal: ['morning'],
  hoye: [],
  geche: [],
  khabo: [],
  ghumabo: ['sleep'],
  cha: ['tea'],
  onek: ['a', 'lot'],
  // numbers of the thermostat and the volume
  dosh: ['10'],
  bish: ['20'],
  ekush: ['21'],
  baish: ['22'],
  teish: ['23'],
  chobbish: ['24'],
  pochish: ['25'],
  tirish: ['30'],
  paanch: ['5'],
};

/** Bengali verbs a "na" after denies. */
const VERBS_DONE = new Set(
  'koro korun kore dao kholo kholen bondho jalao nibhao chalao komao barao'.split(' '),
);

/** Whether a message says Bengali: a word of it that no English message has. */
export function saysBengali(words: readonly string[]): boolean {
  return words.some((w) => BENGALI_ONLY.has(w) && !ALSO_ENGLISH.has(w));
}

/** The words as English, when the message says Bengali; else as they are. */
export function bengaliAsEnglish(words: string[]): string[] {
  if (!saysBengali(words)) return words;
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    // "kon kon timer": which (said twice for several)
    if (w === 'kon' && words[i + 1] === 'kon') continue;
    // "paanch minute por": in five minutes — "por" after the wait
    if (w === 'por' && /^(minutes?|mins?|hours?|ghonta)$/.test(words[i - 1] ?? '')) continue;
    // "garage door ta kholo na": "na" after the verb is "don't"
    if (w === 'na' && VERBS_DONE.has(words[i - 1] ?? '')) {
      out.unshift('dont');
      continue;
    }
    out.push(...(WORDS[w] ?? [w]));
  }
  // ("paanch minute por kettle on koro": the wait said before, "in" it)
  const wait = out.findIndex((w, k) => /^\d+$/.test(w) && /^(minutes?|mins?|hours?)$/.test(out[k + 1] ?? ''));
  if (wait >= 0 && out[wait - 1] !== 'in' && words.includes('por')) out.splice(wait, 0, 'in');
  return out;
}
