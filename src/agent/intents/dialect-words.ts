/**
 * Words of other Englishes and of chat, one by one, as the standard English words the lexicon
 * knows — Scots, Geordie and Northern English, Jamaican Creole and West African Pidgin, Tagalog
 * verbs of switching, Swahili and Sheng, Dutch, chat shorthand. Words that need the words around
 * them are read by `dialectPhrases` (dialects.ts).
 */

/** "pleeease", "pleaseee", "plsss": please, drawn out (as a word, and in whole messages). */
export const DRAWN_OUT_PLEASE = String.raw`ple+a+s+e*|ple+[sz]e*|pl[sz]{2,}`;
const DRAWN_OUT_WORD = new RegExp(`^(?:${DRAWN_OUT_PLEASE})$`);

/** English verbs Tagalog "paki-" asks for, written joined: "pakilock", "pakion". */
const PAKI_VERBS = new Set('lock unlock on off open close set start stop pause play dim'.split(' '));

/** One word as standard English words (itself when it is one). */
export function asEnglish(t: string): string[] {
  if (t !== 'please' && DRAWN_OUT_WORD.test(t)) return ['please'];
  // ("pakilock naman po ng back door": Tagalog "paki-", please, on an English verb)
  if (t.startsWith('paki') && PAKI_VERBS.has(t.slice(4))) return ['please', t.slice(4)];
  return (
    SHORTHAND[t] ??
    DIALECT[t] ??
    CREOLE[t] ??
    TAGALOG[t] ??
    SWAHILI[t] ??
    DUTCH[t] ??
    HINDI[t] ??
    ARABIC[t] ??
    AFRIKAANS[t] ?? [t]
  );
}

/**
 * Afrikaans words South Africans carry into English ("put the stoep light on", "switch on the
 * koffie machine", "ons gaan nou slaap, good night", "izit?"): only words that are no English
 * word ("die", "sit", "net" are left).
 */
/**
 * Levantine Arabic as Lebanese and Yemeni-American households write it in Latin letters
 * (Arabizi, "3" and "7" for letters English lacks): "tfi the garage light", "sakker the garage
 * door", "iftah the blinds", "ishal el lamp", "min fadlak", "shway brighter", "halla'". Only words
 * no English message has; "el" (the) and "w" (and) are read beside them (`dialects.ts`).
 */
const ARABIC: Record<string, string[]> = {
  tfi: ['turn', 'off'],
  tafi: ['turn', 'off'],
  taffi: ['turn', 'off'],
  sakker: ['close'],
  sakkir: ['close'],
  sakir: ['close'],
  iftah: ['open'],
  efta7: ['open'],
  fta7: ['open'],
  shaghel: ['turn', 'on'],
  shaghil: ['turn', 'on'],
  sha3el: ['turn', 'on'],
  ishal: ['turn', 'on'],
  ish3al: ['turn', 'on'],
  fadlak: ['please'],
  fadlik: ['please'],
  fadlek: ['please'],
  shukran: ['thanks'],
  shokran: ['thanks'],
  khalas: [],
  yalla: [],
  yallah: [],
  halla: ['now'],
  halla2: ['now'],
  hala2: ['now'],
  shway: ['a', 'bit'],
  shwayy: ['a', 'bit'],
  shwaye: ['a', 'bit'],
  shwayye: ['a', 'bit'],
  yani: [],
  ya3ni: [],
  la2: ['no'],
  // Singapore and Malaysia: "kopi machine on already or not?"
  kopi: ['coffee'],
  // Welsh English: "is it cwtchy in the lounge yet" (cosy and warm)
  cwtchy: ['warm'],
  shu: ['what'],
  // ("el bab", the door: "bab" is Brummie "babe" too, left to the particles)
  el: ['the'],
};

const AFRIKAANS: Record<string, string[]> = {
  stoep: ['porch'],
  koffie: ['coffee'],
  ligte: ['lights'],
  asseblief: ['please'],
  dankie: ['thanks'],
  // Welsh "diolch" (thanks), "diolch yn fawr" said with it
  diolch: ['thanks'],
  baie: ['very'],
  ons: ['we'],
  gaan: ['going'],
  nou: ['now'],
  slaap: ['sleep'],
  lekker: ['nice'],
  izit: ['is', 'it'],
  ja: ['yes'],
  sommer: [],
};

/**
 * Hindi (and a few Kannada) words Indian speakers mix into English ("kettle on karo jaldi",
 * "bedroom ka fan chal raha hai kya", "awaaz kam karo", "floor lamp bees percent pe rakho"):
 * the little words, what is asked of, numbers and times. Only words that are no English word;
 * the verbs of doing ("karo", "band karo", "chalu") and "kya" closing a question are read with
 * the words around them (`dialectPhrases`).
 */
const HINDI: Record<string, string[]> = {
  jaldi: ['now'],
  // "achha ab band kar do": ok, now
  ab: ['now'],
  achha: ['ok'],
  acha: ['ok'],
  accha: ['ok'],
  // "movie night lagao": put it on
  lagao: ['on'],
  lagado: ['on'],
  lagaiye: ['on'],
  abhi: ['now'],
  turant: ['now'],
  hai: [],
  hain: [],
  tha: [],
  ka: [],
  ke: [],
  nahi: ['not'],
  nahin: ['not'],
  kitna: ['how', 'much'],
  kitni: ['how', 'much'],
  kitne: ['how', 'many'],
  koi: ['any'],
  aur: ['and'],
  bhi: ['too'],
  thoda: ['a', 'bit'],
  // Urdu spellings of Karachi and Lahore: "thora dim", "awaz barhao" (raise the sound),
  // "garage ka darwaza" (the garage door), "zara" and "meherbani karke" (kindly), "batao" (tell
  // me), "sab" (all), "ghar" (home)
  thora: ['a', 'bit'],
  thori: ['a', 'bit'],
  awaz: ['volume'],
  barhao: ['up'],
  barha: ['up'],
  darwaza: ['door'],
  darwazay: ['door'],
  zara: [],
  meherbani: ['please'],
  batao: ['tell', 'me'],
  sab: ['all'],
  ghar: ['home'],
  kr: [],
  zyada: ['more'],
  kam: ['down'],
  awaaz: ['volume'],
  aawaz: ['volume'],
  roshni: ['light'],
  batti: ['light'],
  pankha: ['fan'],
  // Gujarati: "pankho chalu karo" (the fan on), "bahu garmi che" (very hot, its "garmi" below), "su che" (what
  // is), "bas bas" (enough), "kem cho" (how are you)
  pankho: ['fan'],
  pakha: ['fan'],
  bahu: ['very'],
  che: ['is'],
  su: ['what'],
  bas: [],
  kem: ['how'],
  cho: ['are', 'you'],
  neeche: ['down'],
  niche: ['down'],
  upar: ['up'],
  aadha: ['half'],
  ghanta: ['hour'],
  ghante: ['hours'],
  roz: ['every', 'day'],
  rozana: ['every', 'day'],
  subah: ['morning'],
  shaam: ['evening'],
  raat: ['night'],
  baje: ['oclock'],
  rakho: ['set'],
  pe: ['to'],
  galti: ['mistake'],
  yahan: ['here'],
  yaha: ['here'],
  wahan: ['there'],
  bahar: ['outside'],
  andar: ['inside'],
  wala: [],
  wali: [],
  wale: [],
  andhera: ['dark'],
  bahut: ['very'],
  garmi: ['hot'],
  thand: ['cold'],
  raha: [],
  se: [],
  chal: ['running'],
  rahi: [],
  rahe: [],
  hua: [],
  hui: [],
  // numbers ("do", "char" are English words and are left)
  ek: ['one'],
  teen: ['three'],
  paanch: ['five'],
  chhe: ['six'],
  saat: ['seven'],
  aath: ['eight'],
  nau: ['nine'],
  das: ['ten'],
  pandrah: ['fifteen'],
  bees: ['twenty'],
  pachees: ['twenty', 'five'],
  tees: ['thirty'],
  chaalis: ['forty'],
  chalis: ['forty'],
  pachaas: ['fifty'],
  pachas: ['fifty'],
  // Korean as Korean-American grandparents mix it in: "kitchen bul kkeo" (light, switch off),
  // "bul kyeo" (switch on)
  bul: ['light'],
  kkeo: ['off'],
  kkeojwo: ['off'],
  kyeo: ['on'],
  kyeojwo: ['on'],
  // Kannada: "swalpa kitchen fan on maadi" (a little, do)
  swalpa: ['a', 'bit'],
  maadi: [],
  madi: [],
};

/**
 * Words of Scots and Northern English (and an Australian one), as standard English: "switch the
 * big light aff", "turn it doon", "on wi it", "up tae 21", "the wan by the bed", "have we left
 * owt on", "every arvo at five".
 */
const DIALECT: Record<string, string[]> = {
  // Hawaiʻi Pidgin: "brah", "bruddah" (who is spoken to), "fo' me", "da kine" (the thing), "ova"
  // Appalachian and Southern "young'un" (the child)
  youngun: ['kid'],
  younguns: ['kids'],
  brah: [],
  bruddah: [],
  braddah: [],
  bradda: [],
  fo: ['for'],
  kine: ['thing'],
  // an "-er" said and written "-a": "wheneva", "ova", "afta", "lata"
  wheneva: ['whenever'],
  neva: ['never'],
  eva: ['ever'],
  ova: ['over'],
  afta: ['after'],
  lata: ['later'],
  aff: ['off'],
  // "would ye?", "if ye'd be good enough" (Irish and Scots "you")
  ye: ['you'],
  yed: ['you', 'would'],
  doon: ['down'],
  wi: ['with'],
  tae: ['to'],
  wan: ['one'],
  hoose: ['house'],
  // Scots negations and words of asking: "if it's nae bother", "if you dinnae mind", "that
  // wasnae what I meant", "I'd be awfy grateful", "a wee bit mair", "gie it ten minutes"
  nae: ['no'],
  dinnae: ['do', 'not'],
  didnae: ['did', 'not'],
  cannae: ['cannot'],
  wasnae: ['was', 'not'],
  isnae: ['is', 'not'],
  disnae: ['does', 'not'],
  doesnae: ['does', 'not'],
  wouldnae: ['would', 'not'],
  couldnae: ['could', 'not'],
  willnae: ['will', 'not'],
  havnae: ['have', 'not'],
  havenae: ['have', 'not'],
  awfy: ['very'],
  wee: ['little'],
  mair: ['more'],
  gie: ['give'],
  aye: ['yes'],
  mibbe: ['maybe'],
  // "dae the away yin", "pit the light on": do, put ("yin", one, in said-is.ts)
  dae: ['do'],
  pit: ['put'],
  // "kettle oan", "pit them aw aff", "wid ye open the garage door fur us", "tae ma bed"
  oan: ['on'],
  aw: ['all'],
  wid: ['would'],
  fur: ['for'],
  // isiZulu as Durban households mix it in: "ngicela vala the curtains manje" (please close
  // them now), "cisha the telly" (switch off), "khanyisa the porch light" (switch on), "vula"
  // (open), "hhayi" (no), "yebo" (yes)
  ngicela: ['please'],
  vala: ['close'],
  vula: ['open'],
  uvule: ['open'],
  cisha: ['turn', 'off'],
  ucishe: ['turn', 'off'],
  khanyisa: ['turn', 'on'],
  ukhanyise: ['turn', 'on'],
  // "ngitshele" (tell me)
  ngitshele: ['tell', 'me'],
  ungitshele: ['tell', 'me'],
  manje: ['now'],
  hhayi: ['no'],
  yebo: ['yes'],
  gogo: ['granny'],
  // Somali as Minneapolis households mix it in: "walaal" (brother, sister: who is spoken to),
  // "fadlan" (please), "haye" (okay), "maya" (no), "hadda" (now), "hooyo"/"aabo" (mum, dad)
  walaal: [],
  fadlan: ['please'],
  haye: ['okay'],
  hadda: ['now'],
  hooyo: ['mum'],
  aabo: ['dad'],
  // Irish "the light beyant in the garage" (over there), "'tis fierce dark" (very)
  beyant: [],
  fierce: ['very'],
  // Luganda as Kampala households mix it in: "nyabo" (madam), "ssebo" (sir), "bambi" (please),
  // "wama" (okay) — whom a request is said to, and how kindly
  nyabo: [],
  ssebo: [],
  sebo: [],
  bambi: ['please'],
  wama: ['okay'],
  // Doric and Scots of the north-east: "ony chance", "affa caul", "movie nicht wi the bairns",
  // "twenty-twa", "canna see fae here", "ilka nicht", "efter my shower", "is the tree still
  // gaun", "the sun gings doon", "it's baltic"
  ony: ['any'],
  affa: ['very'],
  caul: ['cold'],
  nicht: ['night'],
  bairn: ['kid'],
  bairns: ['kids'],
  twa: ['two'],
  canna: ['cannot'],
  fae: ['from'],
  ilka: ['every'],
  efter: ['after'],
  gaun: ['going'],
  goin: ['going'],
  gings: ['goes'],
  baltic: ['freezing'],
  // Yorkshire: "would tha mind", "summat", "how nithering is it", "gerrit locked"
  tha: ['you'],
  thee: ['you'],
  summat: ['something'],
  nithering: ['freezing'],
  nithered: ['freezing'],
  gerrit: ['get', 'it'],
  owt: ['anything'],
  // "it's reet cold", "that's not reet", "nay, too bright"
  reet: ['right'],
  nay: ['no'],
  nowt: ['nothing'],
  naw: ['no'],
  // Geordie: "is sam hyem yet", "is the telly still gannin", "the lectric", "whit time is it
  // hinny", "is the back door snecked", "neet neet"
  hyem: ['home'],
  ootside: ['outside'],
  oot: ['out'],
  noo: ['now'],
  gan: ['go'],
  gannin: ['going'],
  whit: ['what'],
  snecked: ['locked'],
  neet: ['night'],
  lectric: ['light'],
  cannit: ['cannot'],
  divvent: ['do', 'not'],
  howay: [],
  hinny: [],
  // West Country: "would 'ee turn the kettle on", "lock 'un", "'tis proper parky in here",
  // "put 'un back how 'twas", "I'll do it dreckly" (later, some time)
  ee: ['you'],
  un: ['it'],
  tis: ['it', 'is'],
  twas: ['it', 'was'],
  twill: ['it', 'will'],
  parky: ['cold'],
  dreckly: ['later'],
  // New Zealand: "close the garage door chur" (thanks), "time for moe" (sleep), "the whare"
  // (house)
  chur: ['thanks'],
  moe: ['sleep'],
  whare: ['house'],
  // Chicago and the Northeast: "would yous mind …" ("da" is chat's, SHORTHAND); Polish
  // "ojej" (oh dear), "babcia" and "dziadek" (grandma, grandpa)
  yous: ['you'],
  youse: ['you'],
  ojej: ['oh'],
  babcia: ['grandma'],
  dziadek: ['grandpa'],
  // Australian: "every arvo at five"
  arvo: ['afternoon'],
  arvos: ['afternoons'],
  kinda: [],
  sorta: [],
};

/**
 * Words of Jamaican Creole and West African Pidgin as English ("tun off di porch light inna
 * half hour", "mek di vacuum start", "wetin you fit do"): the article, the verbs and the little
 * words; "am" after a verb is "it", "wah time" is "what time" and a last "den" "then"
 * (`dialectPhrases`).
 */
const CREOLE: Record<string, string[]> = {
  tun: ['turn'],
  // Jamaican "tun it dung likkle", "di back door", "how cold it deh outside", "wah yuh can do"
  dung: ['down'],
  // Shona: "ndapota batidza the kettle" (please, switch on), "bvisa" (off), "vhura" (open),
  // "vhara" (close), "dzese" (all), "muno" (in here), "maita basa" (thank you)
  ndapota: ['please'],
  batidza: ['turn', 'on'],
  bvisa: ['turn', 'off'],
  vhura: ['open'],
  vhara: ['close'],
  dzese: ['all'],
  muno: ['in', 'here'],
  zvakanaka: ['ok'],
  maita: ['thanks'],
  mangwanani: [],
  // Cantonese "mh goi" (please; "hoi" and "saan", open and close, are read in dialects.ts)
  mh: [],
  goi: [],
  deh: ['is'],
  wha: ['what'],
  // "tun awn di porch lite", "sen di likkle robot vacuum back", "anyting a move inna di
  // hallway?", "every mawnin", "inna yah" (in here)
  awn: ['on'],
  sen: ['send'],
  likkle: ['little'],
  anyting: ['anything'],
  ting: ['thing'],
  mawnin: ['morning'],
  yah: ['here'],
  mek: ['make'],
  fi: ['for'],
  inna: ['in'],
  wetin: ['what'],
  cyaan: ['cannot'],
  cya: ['cannot'],
  // Trinidadian: "i cyah see", "allyuh", "for meh"
  cyah: ['cannot'],
  allyuh: ['everyone'],
  nutten: ['nothing'],
  nuttin: ['nothing'],
  yuh: ['you'],
  unu: ['you'],
  waan: ['want'],
  oya: [],
  // Nigerian Pidgin: "the kettle sef" (too), "we dey comot" (we are leaving), "the guests don
  // land" (have)
  sef: ['too'],
  comot: ['leaving'],
  dey: ['are'],
  don: ['have'],
};

/**
 * Tagalog verbs of switching as Taglish speakers mix them into English ("pakisara the garage
 * door", "patayin mo na yung tv"): the request as English words; "paki-" is "please".
 */
const TAGALOG: Record<string, string[]> = {
  pakisara: ['please', 'close'],
  isara: ['close'],
  pakibukas: ['please', 'open'],
  buksan: ['open'],
  pakipatay: ['please', 'turn', 'off'],
  patayin: ['turn', 'off'],
  pakisindi: ['please', 'turn', 'on'],
  sindihan: ['turn', 'on'],
  pakihinaan: ['please', 'turn', 'down'],
  pakilakasan: ['please', 'turn', 'up'],
  pakibuksan: ['please', 'open'],
  paki: ['please'],
  ibalik: ['put', 'it', 'back'],
  // the little words: "ang", "ng", "yung" (the), "mo" (you), "ako" (I), "salamat" (thanks),
  // "sige" (ok), "tapos" (then), "lahat" (all), "mga" (the plural's mark)
  ang: ['the'],
  ng: ['the'],
  yung: ['the'],
  mo: [],
  ako: ['i'],
  salamat: ['thanks'],
  sige: ['ok'],
  tapos: ['then'],
  lahat: ['all'],
  mga: [],
  ba: [],
  mali: ['oops'],
  // "ang lamig dito" (so cold here), "ang init" (so hot)
  lamig: ['cold'],
  init: ['hot'],
  // things and places: "ilaw" (light), "dito" (here), "sala" (living room)
  ilaw: ['lights'],
  dito: ['here'],
  sala: ['living', 'room'],
  kusina: ['kitchen'],
  kwarto: ['bedroom'],
  banyo: ['bathroom'],
  garahe: ['garage'],
  // times: "tuwing umaga" (every morning), "mamayang gabi" (tonight)
  tuwing: ['every'],
  umaga: ['morning'],
  hapon: ['afternoon'],
  gabi: ['night'],
  mamaya: ['later'],
};

/**
 * Swahili and Sheng words Kenyan speakers mix into English ("tafadhali washa kettle", "zima tv
 * na washa floor lamp", "fungua curtains za bedroom", "weka away"): the verbs of switching, the
 * little words, "please" and "now". Words that are English too ("na", "ya", "pia") are left to
 * the lexicon and `dialectPhrases`.
 */
const SWAHILI: Record<string, string[]> = {
  washa: ['turn', 'on'],
  zima: ['turn', 'off'],
  fungua: ['open'],
  funga: ['close'],
  ifunge: ['close', 'it'],
  ifungue: ['open', 'it'],
  iwashe: ['turn', 'it', 'on'],
  izime: ['turn', 'it', 'off'],
  weka: ['set'],
  tafadhali: ['please'],
  sasa: [],
  // "volume juu kidogo" (up a bit), "kwa thirty" (to thirty), "maze" (mate), "ngapi" (how many)
  juu: ['up'],
  zaidi: ['more'],
  kidogo: ['a', 'bit'],
  kwa: ['to'],
  maze: [],
  ngapi: ['how', 'many'],
  basi: [],
  haraka: ['now'],
  za: ['of'],
  hii: ['this'],
  hiyo: ['that'],
  ile: ['that'],
  tuanze: ['start'],
  anza: ['start'],
  rudisha: ['put', 'back'],
  vile: ['as'],
  ilikuwa: ['it', 'was'],
  aki: [],
  kila: ['every'],
  siku: ['day'],
};

/**
 * Dutch words Dutch speakers leave in their English ("Kettle aan.", "Curtains dicht.", "Tv uit");
 * "op slot"/"on slot" (locked), "X out" (off) and "over half an hour" (in) are read with the
 * words around them (`dialectPhrases`).
 */
const DUTCH: Record<string, string[]> = {
  aan: ['on'],
  uit: ['off'],
  dicht: ['closed'],
};

/** Chat shorthand, written out: "is the tv on rn", "can u turn it off pls". */
const SHORTHAND: Record<string, string[]> = {
  rn: ['right', 'now'],
  tonite: ['tonight'],
  tnite: ['tonight'],
  // "gn 😴", "gnight all", "nvm close it", "ls timers", "exam szn"
  gn: ['good', 'night'],
  gnight: ['good', 'night'],
  gnite: ['good', 'night'],
  nvm: ['never', 'mind'],
  ls: ['list'],
  szn: ['season'],
  u: ['you'],
  ur: ['your'],
  pls: ['please'],
  plz: ['please'],
  pliz: ['please'],
  plis: ['please'],
  thx: ['thanks'],
  thnx: ['thanks'],
  thanx: ['thanks'],
  tnx: ['thanks'],
  // "movie nyt", "evry morning", "porch lyt"
  nyt: ['night'],
  evry: ['every'],
  lyt: ['light'],
  // Philadelphia's "jawn": any thing ("coffee jawn on", "that porch jawn, flip it on")
  jawn: ['thing'],
  jawns: ['things'],
  // Dublin's "yoke" (any thing: "the lamp yoke", "the good night yoke") and "gaff" (the house)
  yoke: ['thing'],
  yokes: ['things'],
  gaff: ['house'],
  tmrw: ['tomorrow'],
  tmr: ['tomorrow'],
  b4: ['before'],
  cuz: ['because'],
  bc: ['because'],
  r: ['are'],
  k: ['ok'],
  // "q: back door locked?": a question marked as one
  q: [],
  dat: ['that'],
  wat: ['what'],
  // "wen sam gets home …"
  wen: ['when'],
  da: ['the'],
  ty: ['thanks'],
  // "pause the tv brb": be right back
  brb: [],
  // the commonest slip of a fast thumb
  teh: ['the'],
  // a "g" dropped without its apostrophe: "in the mornin", "this evenin"
  mornin: ['morning'],
  evenin: ['evening'],
  x: [],
  xx: [],
  xxx: [],
  ong: [],
  lowkey: [],
  highkey: [],
  deadass: [],
  finna: ['is', 'going', 'to'],
  bout: ['about'],
  gud: ['good'],
  gd: ['good'],
  xmas: ['christmas'],
  wot: ['what'],
  wats: ['what', 'is'],
  wots: ['what', 'is'],
  dis: ['this'],
  // a voice transcript's or a fast thumb's words run together: "turnoff the mirror light"
  turnoff: ['turn', 'off'],
  turnon: ['turn', 'on'],
  switchoff: ['switch', 'off'],
  switchon: ['switch', 'on'],
  // "turn the tv backlight on rq": real quick
  rq: ['quick'],
  // said only to soften: "kinda dark in here ngl"
  ngl: [],
  tbh: [],
  fr: [],
  imo: [],
};

/**
 * How a word may be written as an accent says it, each spelling back to the standard one, in
 * order of trust: a non-rhotic "r" written as "h" after its vowel (Boston "staht", "dinnah
 * pahty", "gahage dooah", "heah", "tuhn", "pohch"), and "th" said "t" or "d" (Hawaiʻi and
 * Caribbean "tirty", "tanks", "den"). Each rule's spellings are candidates; a caller keeps the
 * one that is a known word, and only when one alone is.
 */
export function accentSpellings(tok: string): string[][] {
  const rules: string[][] = [];
  if (/[aeiou]h(?![aeiouy])/.test(tok) && tok.length >= 3) {
    // ("dooah", "flooah": the "r" after a long o), ("heah", "theah": the "re" of here, there)
    if (/o+ah$/.test(tok)) rules.push([tok.replace(/o+ah$/, 'oor'), tok.replace(/o+ah$/, 'or')]);
    if (tok.endsWith('eah')) rules.push([`${tok.slice(0, -3)}ere`]);
    rules.push(rhoticAll(tok));
  }
  if (/^[td][^h]/.test(tok) && tok.length >= 3 && TH_WORDS.has(`th${tok.slice(1)}`))
    rules.push([`th${tok.slice(1)}`]);
  return rules;
}

/** The words a "th" said "t" or "d" is read back into: small words, never a thing's ("tank"). */
const TH_WORDS = new Set(
  'the then them they there these those this that thanks think thing things'.split(' '),
);

/** Every spelling with each vowel + "h" (before no vowel) read back with its "r". */
function rhoticAll(tok: string): string[] {
  const at = /([aeiou])h(?![aeiouy])/.exec(tok);
  if (!at) return [tok];
  const head = tok.slice(0, at.index);
  const tails = rhoticAll(tok.slice(at.index + 2));
  const vowels = at[1] === 'a' ? ['ar', 'er', 'or'] : at[1] === 'u' ? ['ur', 'ir', 'er'] : [`${at[1]}r`];
  return vowels.flatMap((v) => tails.map((t) => head + v + t));
}
