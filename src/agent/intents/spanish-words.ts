/**
 * Spanish as bilingual (Spanglish) households mix it into English: "prende la luz del garage",
 * "apágame el arbolito", "ponle la mirror light al cincuenta por ciento", "súbele al termostato",
 * "turn off las luces please". The words become the English words the lexicon knows, after the
 * marks are dropped ("apágala" is "apagala"). Only words that are no English word are read
 * ("la" is left to the particles, "once" stays "once", "media" is read only in "media hora").
 * A Spanish noun before its adjective or its "de" place is put the English way ("la luz grande
 * de la sala" → "the big light of the living room").
 */

/** Verbs of switching, with the pronoun they end in ("apágala": turn it off; "ponme": put). */
const VERBS: Record<string, string[]> = {
  prende: ['turn', 'on'],
  prender: ['turn', 'on'],
  prendes: ['turn', 'on'],
  prendeme: ['turn', 'on'],
  prendele: ['turn', 'on'],
  prendan: ['turn', 'on'],
  enciende: ['turn', 'on'],
  encender: ['turn', 'on'],
  enciendes: ['turn', 'on'],
  prendela: ['turn', 'it', 'on'],
  prendelo: ['turn', 'it', 'on'],
  prendelos: ['turn', 'them', 'on'],
  prendelas: ['turn', 'them', 'on'],
  enciendela: ['turn', 'it', 'on'],
  enciendelo: ['turn', 'it', 'on'],
  apaga: ['turn', 'off'],
  apagar: ['turn', 'off'],
  apagas: ['turn', 'off'],
  apagame: ['turn', 'off'],
  apagale: ['turn', 'off'],
  apaguen: ['turn', 'off'],
  apague: ['turn', 'off'],
  apagala: ['turn', 'it', 'off'],
  apagalo: ['turn', 'it', 'off'],
  apagalos: ['turn', 'them', 'off'],
  apagalas: ['turn', 'them', 'off'],
  abre: ['open'],
  abrir: ['open'],
  abreme: ['open'],
  abrela: ['open', 'it'],
  abrelo: ['open', 'it'],
  cierra: ['close'],
  cerrar: ['close'],
  cierrame: ['close'],
  cierrala: ['close', 'it'],
  cierralo: ['close', 'it'],
  subele: ['turn', 'up'],
  sube: ['turn', 'up'],
  subir: ['turn', 'up'],
  bajale: ['turn', 'down'],
  bajar: ['turn', 'down'],
  pon: ['put'],
  ponle: ['put'],
  ponme: ['put', 'on'],
  ponlo: ['set', 'it'],
  ponla: ['set', 'it'],
  poner: ['put'],
  pausa: ['pause'],
  pausale: ['pause'],
  regresalo: ['put', 'it', 'back'],
  regresala: ['put', 'it', 'back'],
  deshaz: ['undo'],
  deshacer: ['undo'],
};

/** Nouns of the home and its rooms. */
const NOUNS: Record<string, string[]> = {
  luz: ['light'],
  // (Cuban and Caribbean Spanish: "la luz del portal", the porch light)
  portal: ['porch'],
  luces: ['lights'],
  foco: ['light'],
  focos: ['lights'],
  tele: ['tv'],
  lampara: ['lamp'],
  lamparita: ['lamp'],
  abanico: ['fan'],
  ventilador: ['fan'],
  cocina: ['kitchen'],
  sala: ['living', 'room'],
  cuarto: ['bedroom'],
  recamara: ['bedroom'],
  habitacion: ['bedroom'],
  dormitorio: ['bedroom'],
  bano: ['bathroom'],
  cama: ['bed'],
  puerta: ['door'],
  puertas: ['doors'],
  cortinas: ['curtains'],
  persianas: ['blinds'],
  termostato: ['thermostat'],
  calefaccion: ['heating'],
  cochera: ['garage'],
  arbolito: ['tree'],
  arbol: ['tree'],
  navidad: ['christmas'],
  crismas: ['christmas'],
  cafetera: ['coffee', 'machine'],
  tetera: ['kettle'],
  bocina: ['speaker'],
  alarma: ['alarm'],
  oficina: ['office'],
  escritorio: ['desk'],
  espejo: ['mirror'],
  pasillo: ['hallway'],
  aspiradora: ['vacuum'],
  temperatura: ['temperature'],
  volumen: ['volume'],
  escena: ['scene'],
};

/** The little words, states, feelings, numbers and times. */
const WORDS: Record<string, string[]> = {
  el: ['the'],
  los: ['the'],
  las: ['the'],
  del: ['of', 'the'],
  al: ['the'],
  de: ['of'],
  dejo: ['left'],
  quiero: ['i', 'want'],
  ay: [],
  en: ['in'],
  y: ['and'],
  mis: ['my'],
  porfa: ['please'],
  porfis: ['please'],
  porfavor: ['please'],
  favorcito: ['please'],
  gracias: ['thanks'],
  ahorita: ['now'],
  ahora: ['now'],
  tantito: ['a', 'bit'],
  poquito: ['a', 'bit'],
  poco: ['a', 'bit'],
  mas: ['more'],
  menos: ['less'],
  muy: ['very'],
  aqui: ['here'],
  aca: ['here'],
  afuera: ['outside'],
  abajo: ['downstairs'],
  arriba: ['upstairs'],
  todas: ['all'],
  todos: ['all'],
  prendida: ['on'],
  prendido: ['on'],
  prendidas: ['on'],
  prendidos: ['on'],
  encendida: ['on'],
  encendido: ['on'],
  apagada: ['off'],
  apagado: ['off'],
  apagadas: ['off'],
  apagados: ['off'],
  abierta: ['open'],
  abierto: ['open'],
  cerrada: ['closed'],
  cerrado: ['closed'],
  calor: ['hot'],
  frio: ['cold'],
  oscuro: ['dark'],
  fuerte: ['loud'],
  grados: ['degrees'],
  minutos: ['minutes'],
  hora: ['hour'],
  horas: ['hours'],
  cuando: ['when'],
  cada: ['every'],
  dias: ['days'],
  noche: ['night'],
  sol: ['sun'],
  que: ['what'],
  cual: ['which'],
  cuantos: ['how', 'many'],
  cuantas: ['how', 'many'],
  // ("está muy fuerte": it is — "this" is "esta" too, but as a state told, "it is")
  esta: ['it', 'is'],
  estan: ['are'],
  hace: ['it', 'is'],
  grande: ['big'],
  // who is spoken to, and words that only soften
  mijo: [],
  mija: [],
  mijito: [],
  mijita: [],
  andale: [],
  oye: [],
  pues: [],
  // numbers ("uno", "once" and "dos" are left: English words or too short to be sure of)
  tres: ['3'],
  cuatro: ['4'],
  cinco: ['5'],
  seis: ['6'],
  siete: ['7'],
  ocho: ['8'],
  nueve: ['9'],
  diez: ['10'],
  doce: ['12'],
  trece: ['13'],
  catorce: ['14'],
  quince: ['15'],
  dieciseis: ['16'],
  diecisiete: ['17'],
  dieciocho: ['18'],
  diecinueve: ['19'],
  veintiuno: ['21'],
  veintidos: ['22'],
  veintitres: ['23'],
  veinticuatro: ['24'],
  veinticinco: ['25'],
  veintiseis: ['26'],
  veintisiete: ['27'],
  veintiocho: ['28'],
  veintinueve: ['29'],
  veinte: ['20'],
  treinta: ['30'],
  cuarenta: ['40'],
  cincuenta: ['50'],
  sesenta: ['60'],
  setenta: ['70'],
  ochenta: ['80'],
  noventa: ['90'],
  cien: ['100'],
};

/** Whole phrases: said together they mean more than their words. */
const PHRASES: [RegExp, string][] = [
  [/\bpor favor(cito)?\b/g, 'please'],
  [/\bhazme el favor de\b/g, 'please'],
  [/\bpor ciento\b/g, 'percent'],
  [/\ben media hora\b/g, 'in half an hour'],
  [/\bmedia hora\b/g, 'half an hour'],
  [/\bbuenas noches\b/g, 'good night'],
  [/\bbuenos dias\b/g, 'good morning'],
  [/\btodos los dias\b/g, 'every day'],
  [/\btodas las noches\b/g, 'every night'],
  [/\btodas las mananas\b/g, 'every morning'],
  [/\bcada dia\b/g, 'every day'],
  [/\bcuando se (?:meta|mete|oculta|ponga|pone) el sol\b/g, 'at sunset'],
  [/\bse (?:meta|mete|oculta|ponga|pone) el sol\b/g, 'sunset'],
  [/\bsalga el sol\b/g, 'sunrise'],
  [/\bcierra con llave\b/g, 'lock'],
  [/\bcomo estaba\b/g, 'as it was'],
  [/\bno se oye\b/g, 'i cannot hear'],
  [/\bno veo nada\b/g, 'i cannot see'],
  [/\bay no\b/g, 'oh no'],
  [/\b(?:ya )?me voy a dormir\b/g, 'i am going to bed'],
  [/\bnos vamos\b/g, 'we are going'],
  [/\b(?:ya )?me dio frio\b/g, 'i got cold'],
  [/\bse me olvido\b/g, 'i forgot'],
  [/\botra vez\b/g, 'again'],
  [/\bya es tarde\b/g, 'it is late'],
  [/\bdejo (?=prendid|encendid|abiert)/g, 'left '],
  // "¿me apagas …": the "me" of a request made for oneself
  [/^me (?=apag|prend|enciend|abr|cierr|pon|sub|baj)/g, ''],
  // "ponlo en away": put it on
  [/\bpon(?:lo|la|le)? en\b/g, 'put on'],
  // "la del baño", "la de la sala": the one in the …
  [/\b(?:la|el|los|las) (?=del\b|de la\b|de los\b|de las\b)/g, 'the one '],
  // "al cincuenta por ciento": to; "súbele al termostato": the
  [
    /\bal (?=\d|(?:veint[a-z]*|treinta|cuarenta|cincuenta|sesenta|setenta|ochenta|noventa|cien|diez|doce|trece|catorce|quince|dieci[a-z]+)\b)/g,
    'to ',
  ],
  [
    /\ba (?=\d|(?:veint[a-z]*|treinta|cuarenta|cincuenta|sesenta|setenta|ochenta|noventa|cien|diez|doce|trece|catorce|quince|dieci[a-z]+)\b)/g,
    'to ',
  ],
  // "setenta y cinco": tens and units
  [
    /\b(veinte|treinta|cuarenta|cincuenta|sesenta|setenta|ochenta|noventa) y (uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve)\b/g,
    '$1_$2',
  ],
];

const UNITS: Record<string, number> = {
  uno: 1,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  ocho: 8,
  nueve: 9,
};
const TENS: Record<string, number> = {
  veinte: 20,
  treinta: 30,
  cuarenta: 40,
  cincuenta: 50,
  sesenta: 60,
  setenta: 70,
  ochenta: 80,
  noventa: 90,
};

/** Spanish words also written in English messages ("el", "y", "sol", "mas"): they mark nothing alone. */
const ALSO_ENGLISH = new Set(
  'el los las de del al en y mas sol esta que cada poco aca todos todas grande noche hora horas dias mis tres seis diez ay oye pues'.split(
    ' ',
  ),
);
/** Spanish words no English message has: one of them and the message's Spanish is read. */
const SPANISH_ONLY = new Set([
  ...[...Object.keys(VERBS), ...Object.keys(NOUNS), ...Object.keys(WORDS)].filter(
    (w) => !ALSO_ENGLISH.has(w),
  ),
  ...'se veo nada voy dormir es tarde buenas buenos noches favor por vez otra ya'.split(' '),
]);
// ("ya" alone is chat English "you": it marks a message only beside another Spanish word)
SPANISH_ONLY.delete('ya');
SPANISH_ONLY.delete('por');

/** The message's words with Spanish read as English (most messages have none and pass as they are). */
export function spanishAsEnglish(words: string[]): string[] {
  let said = words.join(' ');
  if (!words.some((w) => SPANISH_ONLY.has(w))) return words;
  for (const [re, out] of PHRASES) said = said.replace(re, out);
  const read = said.split(' ').flatMap((w) => {
    const tens = /^([a-z]+)_([a-z]+)$/.exec(w);
    if (tens) return [String(TENS[tens[1]!]! + UNITS[tens[2]!]!)];
    return VERBS[w] ?? NOUNS[w] ?? WORDS[w] ?? [w];
  });
  return inEnglishOrder(read);
}

/** Nouns a Spanish "de" place may follow, Spanish said or English kept ("el fan de la cocina"). */
const ENGLISH_NOUNS = 'light lights lamp fan tv door doors curtains blinds speaker tree heater one'.split(
  ' ',
);
/** The nouns a "de" place may follow: the Spanish nouns as read, and the English ones kept. */
const NOUNS_READ = new Set([...Object.values(NOUNS).map((n) => n[n.length - 1]!), ...ENGLISH_NOUNS]);
/** Places said "in the …" in English: "the light in the garage". */
const ROOMS = new Set('kitchen bedroom bathroom garage office hallway living'.split(' '));

/**
 * "light big" → "big light", "light of the garage" → "light in the garage", "tree of
 * christmas" → "christmas tree", "the one of the bathroom" → "the one in the bathroom": a
 * Spanish noun's adjective and "de" put the English way.
 */
export function inEnglishOrder(words: string[]): string[] {
  const out = words.slice();
  for (let i = 0; i < out.length - 1; i++) {
    if (!NOUNS_READ.has(out[i]!)) continue;
    // the noun said with its adjective after it: "light big"
    if (out[i + 1] === 'big') out.splice(i, 2, 'big', out[i]!);
    const start = i;
    const of = out[i] === 'big' ? i + 2 : i + 1;
    if (out[of] !== 'of' && out[of] !== 'de') continue;
    const k = ['the', 'la'].includes(out[of + 1] ?? '') ? of + 2 : of + 1;
    const place = out[k];
    if (!place || !/^[a-z]+$/.test(place) || STOP.has(place)) continue;
    const length = place === 'living' && out[k + 1] === 'room' ? 2 : 1;
    const noun = out.slice(start, of);
    out.splice(
      start,
      k + length - start,
      ...(ROOMS.has(place)
        ? [...noun, 'in', 'the', ...out.slice(k, k + length)]
        : [...out.slice(k, k + length), ...noun]),
    );
    i = start + noun.length;
  }
  return out;
}
/** Words that are no place after "de". */
const STOP = new Set('please now and to in at on a an the it that'.split(' '));
