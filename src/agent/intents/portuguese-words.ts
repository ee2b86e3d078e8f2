/**
 * Portuguese as Brazilian and Portuguese households mix it into English: "desliga a TV",
 * "liga a luz da cozinha", "fecha a cortina", "pausa the kitchen speaker rapidinho", "desliga a
 * TV daqui a 30 minutos", "pode turn on the hallway light". The words become the English words
 * the lexicon knows, after the marks are dropped ("também" is "tambem"), and a noun's "da" place
 * is put the English way (`inEnglishOrder`, as for Spanish). Only in a message that says a word
 * no English (nor Spanish) message has: "a", "o", "e" and "da" are other words elsewhere.
 */
import { inEnglishOrder } from './spanish-words.js';

/** Verbs of switching and of asking ("liga": switch on; "pode": can you). */
const VERBS: Record<string, string[]> = {
  liga: ['turn', 'on'],
  ligar: ['turn', 'on'],
  ligue: ['turn', 'on'],
  acende: ['turn', 'on'],
  acender: ['turn', 'on'],
  acenda: ['turn', 'on'],
  desliga: ['turn', 'off'],
  desligar: ['turn', 'off'],
  desligue: ['turn', 'off'],
  apaga: ['turn', 'off'],
  apagar: ['turn', 'off'],
  apague: ['turn', 'off'],
  abre: ['open'],
  abrir: ['open'],
  abra: ['open'],
  fecha: ['close'],
  fechar: ['close'],
  feche: ['close'],
  tranca: ['lock'],
  trancar: ['lock'],
  tranque: ['lock'],
  destranca: ['unlock'],
  destrancar: ['unlock'],
  aumenta: ['turn', 'up'],
  aumentar: ['turn', 'up'],
  aumente: ['turn', 'up'],
  abaixa: ['turn', 'down'],
  abaixar: ['turn', 'down'],
  diminui: ['turn', 'down'],
  diminuir: ['turn', 'down'],
  pausa: ['pause'],
  pausar: ['pause'],
  desfaz: ['undo'],
  desfazer: ['undo'],
  coloca: ['put'],
  colocar: ['put'],
  poe: ['put'],
  pode: ['please'],
  poderia: ['please'],
};

/** Nouns of the home and its rooms. */
const NOUNS: Record<string, string[]> = {
  luz: ['light'],
  luzes: ['lights'],
  lampada: ['lamp'],
  abajur: ['lamp'],
  ventilador: ['fan'],
  cortina: ['curtains'],
  cortinas: ['curtains'],
  persiana: ['blinds'],
  persianas: ['blinds'],
  porta: ['door'],
  portao: ['door'],
  garagem: ['garage'],
  cozinha: ['kitchen'],
  sala: ['living', 'room'],
  quarto: ['bedroom'],
  banheiro: ['bathroom'],
  escritorio: ['office'],
  corredor: ['hallway'],
  varanda: ['porch'],
  aquecedor: ['heater'],
  termostato: ['thermostat'],
  chaleira: ['kettle'],
  cafeteira: ['coffee', 'machine'],
  aspirador: ['vacuum'],
  alarme: ['alarm'],
  televisao: ['tv'],
  temperatura: ['temperature'],
  cena: ['scene'],
  musica: ['music'],
};

/** The little words, states, feelings and times. */
const WORDS: Record<string, string[]> = {
  a: ['the'],
  o: ['the'],
  os: ['the'],
  da: ['of', 'the'],
  do: ['of', 'the'],
  das: ['of', 'the'],
  dos: ['of', 'the'],
  de: ['of'],
  na: ['in', 'the'],
  em: ['in'],
  e: ['and'],
  obrigado: ['thanks'],
  obrigada: ['thanks'],
  valeu: ['thanks'],
  agora: ['now'],
  rapidinho: ['now'],
  ja: ['now'],
  tambem: ['too'],
  ta: ['ok'],
  ne: [],
  gente: [],
  nossa: ['oh'],
  cade: ['where', 'is'],
  esta: ['is'],
  nao: ['not'],
  ligado: ['on'],
  ligada: ['on'],
  desligado: ['off'],
  desligada: ['off'],
  aberta: ['open'],
  aberto: ['open'],
  fechada: ['closed'],
  fechado: ['closed'],
  trancada: ['locked'],
  trancado: ['locked'],
  frio: ['cold'],
  calor: ['hot'],
  quente: ['hot'],
  muito: ['very'],
  mais: ['more'],
  menos: ['less'],
  tudo: ['all'],
  todas: ['all'],
  todos: ['all'],
  minutos: ['minutes'],
  minuto: ['minute'],
  horas: ['hours'],
  hora: ['hour'],
  graus: ['degrees'],
  um: ['1'],
  uma: ['1'],
  dois: ['2'],
  duas: ['2'],
  tres: ['3'],
  cinco: ['5'],
  dez: ['10'],
  vinte: ['20'],
  trinta: ['30'],
  quarenta: ['40'],
  cinquenta: ['50'],
  sessenta: ['60'],
  setenta: ['70'],
  oitenta: ['80'],
  noventa: ['90'],
  cem: ['100'],
};

/** Whole phrases: said together they mean more than their words. */
const PHRASES: [RegExp, string][] = [
  [/\bpor favor(zinho)?\b/g, 'please'],
  // ("desliga todas as luzes menos a da cozinha": all but, an exception)
  [/\b(todas|todos|tudo)\b(.{0,40}?)\bmenos\b/g, '$1$2 except'],
  [/\bpor cento\b/g, 'percent'],
  [/\bdaqui a\b/g, 'in'],
  [/\bdaqui (?=\d)/g, 'in '],
  [/\bmeia hora\b/g, 'half an hour'],
  [/\bbom dia\b/g, 'good morning'],
  [/\bboa noite\b/g, 'good night'],
  [/\bque horas sao\b/g, 'what time is it'],
  [/\bque dia e hoje\b/g, 'what day is it today'],
  [/\bum pouco\b/g, 'a bit'],
  [/\bcaixa de som\b/g, 'speaker'],
  [/\barvore de natal\b/g, 'christmas tree'],
  [/\bde novo\b/g, 'again'],
  [/\bcomo estava\b/g, 'as it was'],
];

/** Words no English nor Spanish message has: one of them and the message's Portuguese is read. */
const PORTUGUESE_ONLY = new Set(
  `liga ligar ligue desliga desligar desligue acende acender acenda fecha fechar feche tranca
   trancar destranca aumenta aumente abaixa diminui pausar desfaz desfazer coloca pode poderia
   lampada abajur persiana persianas portao garagem cozinha quarto banheiro corredor varanda
   aquecedor chaleira aspirador alarme televisao obrigado obrigada valeu agora rapidinho tambem
   ne cade ligado ligada desligado desligada aberta aberto fechada fechado trancada minutos
   graus dois duas cinquenta oitenta daqui porta cortina nossa`.split(/\s+/),
);

/** Whether a message says Portuguese: a word of it that no English or Spanish message has. */
export function saysPortuguese(words: readonly string[]): boolean {
  return words.some((w) => PORTUGUESE_ONLY.has(w));
}

/** The message's words with Portuguese read as English (most messages have none). */
export function portugueseAsEnglish(words: string[], spoken = saysPortuguese(words)): string[] {
  if (!spoken) return words;
  let said = words.join(' ');
  for (const [re, out] of PHRASES) said = said.replace(re, out);
  const read = said
    .split(' ')
    .filter((w) => w.length > 0)
    .flatMap((w) => VERBS[w] ?? NOUNS[w] ?? WORDS[w] ?? [w]);
  return inEnglishOrder(read);
}
