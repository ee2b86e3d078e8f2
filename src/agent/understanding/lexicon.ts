/**
 * The second stage's lexicon (data only): which words carry an action, a question, a kind of
 * device or a state, and which carry no command meaning at all (fillers). A word in none of
 * these lists and not in the home's own names is "unexplained": a sentence with one is
 * declined, which is what keeps "turn on the oven" or "I read a book about lights" from
 * landing on the nearest device. Phrases are normalised like input (see intents/normalize.ts).
 */

/** What an action phrase asks for; the intent follows from the cue and the target's domain. */
export type Cue =
  | 'on'
  | 'off'
  | 'open'
  | 'close'
  | 'lock'
  | 'unlock'
  | 'arm'
  | 'disarm'
  | 'activate'
  | 'set'
  | 'up'
  | 'down'
  | 'brighter'
  | 'darker'
  | 'warmer'
  | 'cooler'
  | 'louder'
  | 'quieter'
  | 'pause'
  | 'resume'
  | 'next'
  | 'previous'
  | 'start'
  | 'dock'
  | 'volume'
  | 'brightness'
  | 'temperature';

export const CUES: Record<string, Cue> = {
  // switching
  on: 'on',
  'switch on': 'on',
  'turn on': 'on',
  'power on': 'on',
  'power up': 'on',
  'fire up': 'on',
  'light up': 'on',
  'put on': 'on',
  'get going': 'on',
  'put off': 'off',
  'close over': 'close',
  // "have the office heater come on at 8", "make the porch light come on"
  'come on': 'on',
  'go off': 'off',
  enable: 'on',
  'boot up': 'on',
  off: 'off',
  'switch off': 'off',
  // "turn of the light" is the commonest slip of all
  'turn of': 'off',
  'switch of': 'off',
  'put of': 'off',
  // "kindly extinguish the lights" (formal East and West African English); "isolate the
  // kettle" (a mine site's word for cutting the power)
  extinguish: 'off',
  isolate: 'off',
  'turn off': 'off',
  'shut off': 'off',
  'shut down': 'off',
  'power off': 'off',
  'power down': 'off',
  kill: 'off',
  'knock off': 'off',
  disable: 'off',
  deactivate: 'off',
  disengage: 'off',
  'cut off': 'off',
  // "cut on the mirror light" (the American South)
  'cut on': 'on',
  // "connect the light of the kitchen", "disconnect the tv": Portuguese "ligar"/"desligar" and
  // Spanish "conectar", as their speakers say it in English (and a device unplugged is off)
  connect: 'on',
  disconnect: 'off',
  // curtains drawn back are open; a robot vacuum sent round cleans
  'draw back': 'open',
  'draw open': 'open',
  'pull back': 'open',
  'send round': 'start',
  'send around': 'start',
  // blinds pulled down are closed, pulled up open
  'pull down': 'close',
  'pull up': 'open',
  // covers and doors
  open: 'open',
  opened: 'open',
  close: 'close',
  closed: 'close',
  shut: 'close',
  draw: 'close',
  lock: 'lock',
  locked: 'lock',
  'lock up': 'lock',
  secure: 'lock',
  unlock: 'unlock',
  unlocked: 'unlock',
  arm: 'arm',
  armed: 'arm',
  disarm: 'disarm',
  disarmed: 'disarm',
  // scenes (and anything that can be switched on)
  activate: 'activate',
  engage: 'activate',
  run: 'activate',
  trigger: 'activate',
  apply: 'activate',
  recall: 'activate',
  // "hit movie night" (a scene's button pressed)
  hit: 'activate',
  'time for': 'activate',
  'let us have': 'activate',
  'go to': 'activate',
  'switch to': 'activate',
  'cue up': 'activate',
  'queue up': 'activate',
  'kick off': 'start',
  'set the scene for': 'activate',
  // setting a value
  set: 'set',
  // "thermostat setpoint 24.5": the value a thermostat holds, said as a noun
  setpoint: 'set',
  'set point': 'set',
  make: 'set',
  put: 'set',
  change: 'set',
  adjust: 'set',
  keep: 'set',
  dim: 'darker',
  up: 'up',
  'turn up': 'up',
  'crank up': 'up',
  'bump up': 'up',
  bump: 'set',
  'set up': 'set',
  boost: 'up',
  increase: 'up',
  raise: 'up',
  lift: 'up',
  down: 'down',
  'turn down': 'down',
  decrease: 'down',
  lower: 'down',
  higher: 'up',
  // "too loud ah, smaller a bit": less of it
  smaller: 'down',
  bigger: 'up',
  drop: 'down',
  reduce: 'down',
  brighter: 'brighter',
  brighten: 'brighter',
  'too dark': 'brighter',
  dark: 'brighter',
  gloomy: 'brighter',
  'more light': 'brighter',
  'more bright': 'brighter',
  'more dark': 'darker',
  // comparatives said with "more": "TV more loud", "put the music more low", "more quiet"
  'more loud': 'louder',
  'more high': 'louder',
  'more quiet': 'quieter',
  'more low': 'quieter',
  'more soft': 'quieter',
  'more warm': 'warmer',
  'more hot': 'warmer',
  'more cold': 'cooler',
  'more cool': 'cooler',
  'less dark': 'brighter',
  'less bright': 'darker',
  'less dim': 'brighter',
  'less loud': 'quieter',
  'less quiet': 'louder',
  'less warm': 'cooler',
  'less hot': 'cooler',
  'less cold': 'warmer',
  darker: 'darker',
  dimmer: 'darker',
  'too bright': 'darker',
  bright: 'darker',
  warmer: 'warmer',
  'heat up': 'warmer',
  'warm up': 'warmer',
  cold: 'warmer',
  'too cold': 'warmer',
  chilly: 'warmer',
  freezing: 'warmer',
  nippy: 'warmer',
  parky: 'warmer',
  brisk: 'warmer',
  icy: 'warmer',
  baltic: 'warmer',
  bitter: 'warmer',
  perishing: 'warmer',
  // Yorkshire "I'm nithered", "perished"
  nithered: 'warmer',
  perished: 'warmer',
  arctic: 'warmer',
  'an icebox': 'warmer',
  'a fridge': 'warmer',
  'too cool': 'warmer',
  cooler: 'cooler',
  colder: 'cooler',
  'cool down': 'cooler',
  'too warm': 'cooler',
  'too hot': 'cooler',
  hot: 'cooler',
  warm: 'cooler',
  boiling: 'cooler',
  roasting: 'cooler',
  baking: 'cooler',
  sweltering: 'cooler',
  stuffy: 'cooler',
  toasty: 'cooler',
  louder: 'louder',
  // Dutch "harder": louder
  harder: 'louder',
  'too quiet': 'louder',
  // ("more, it's still quiet": quiet told as a complaint — "a bit quiet please" asks for it)
  'still quiet': 'louder',
  'can not hear': 'louder',
  'cannot hear': 'louder',
  'cannot see': 'brighter',
  // ("I can't hear anything": what is not heard is no device — every player is not meant)
  ...Object.fromEntries(
    ['hear', 'see'].flatMap((sense) =>
      ['anything', 'nothing', 'a thing', 'something'].flatMap((what) =>
        ['can not', 'cannot'].map((cant): [string, Cue] => [
          `${cant} ${sense} ${what}`,
          sense === 'hear' ? 'louder' : 'brighter',
        ]),
      ),
    ),
  ),
  quieter: 'quieter',
  softer: 'quieter',
  'too loud': 'quieter',
  racket: 'quieter',
  loud: 'quieter',
  // media
  pause: 'pause',
  'pause it': 'pause',
  mute: 'pause',
  resume: 'resume',
  unpause: 'resume',
  continue: 'resume',
  'carry on': 'resume',
  play: 'resume',
  next: 'next',
  skip: 'next',
  // "song change karo", "change the song", "another song"
  'change the song': 'next',
  'change this song': 'next',
  'change song': 'next',
  'song change': 'next',
  'change the track': 'next',
  'change track': 'next',
  'another song': 'next',
  'different song': 'next',
  previous: 'previous',
  'go back': 'previous',
  // vacuum and starting things
  start: 'start',
  // "start up the robot vacuum": the particle adds nothing
  'start up': 'start',
  // "make the robot vacuum start working", "start work": a vacuum's work is cleaning
  'start working': 'start',
  'start work': 'start',
  'get to work': 'start',
  clean: 'start',
  begin: 'start',
  // said formally: "initiate the robot vacuum cleaning cycle", "commence cleaning"
  initiate: 'start',
  commence: 'start',
  stop: 'off',
  dock: 'dock',
  'go home': 'dock',
  'back to charge': 'dock',
  'back to charging': 'dock',
  // "vacuum, go charge": a vacuum goes to charge only on its dock (not "charge my phone")
  'go charge': 'dock',
  'go and charge': 'dock',
  'go recharge': 'dock',
  'go and recharge': 'dock',
  // "send it to the base", "back on its dock", "back to charger": where a vacuum rests, however said
  ...Object.fromEntries(
    ['back to', 'to', 'back on', 'back onto', 'onto', 'return to', 'return back to'].flatMap((to) =>
      ['', 'the ', 'its ', 'his ', 'her '].flatMap((det) =>
        ['base', 'dock', 'charger', 'station', 'charging station', 'home base'].map(
          (place): [string, Cue] => [`${to} ${det}${place}`, 'dock'],
        ),
      ),
    ),
  ),
  // attribute nouns that make "to N" unambiguous
  volume: 'volume',
  brightness: 'brightness',
  temperature: 'temperature',
  heat: 'temperature',
  heating: 'temperature',
  // "dim" said of how it is ("it's that dim", "a bit dim in here") asks for more light
  ...Object.fromEntries(
    `a bit,too,so,very,rather,quite,that,is,its,getting,pretty,really,awfully,terribly,bit,dead`
      .split(',')
      .map((d): [string, Cue] => [`${d} dim`, 'brighter']),
  ),
};

/** Words that open a question about the home. */
export const QUESTION_WORDS = new Set([
  'is',
  'are',
  'was',
  'were',
  'did',
  'does',
  'do',
  'has',
  'have',
  'which',
  'what',
  'whats',
  'how',
  'any',
  'anything',
  'anybody',
  'anyone',
  'check',
  'tell',
  'show',
  'who',
]);

/** Words asking for a temperature rather than a state. */
export const TEMPERATURE_QUESTION = new Set([
  'temperature',
  'warm',
  'hot',
  'cold',
  'chilly',
  'degrees',
  'toasty',
  'nippy',
  'parky',
  'brisk',
  'freezing',
  'boiling',
  'icy',
  'baltic',
  'perishing',
  'warm enough',
]);

/**
 * Kinds of device by a common noun. `group` nouns name a set ("lights"); `one` nouns name a
 * single device ("lamp") or a mass that is usually one device in a room ("blinds").
 */
export interface Noun {
  domain: string;
  device_class?: string;
  /** Also matches these domains (a "light" is sometimes a switch). */
  also?: string[];
  group: boolean;
  /** What a player plays ("music"), not the player: off means pause, the place's player is meant. */
  content?: boolean;
}
const one = (domain: string, device_class?: string, also?: string[]): Noun => ({
  domain,
  group: false,
  ...(device_class ? { device_class } : {}),
  ...(also ? { also } : {}),
});
const many = (domain: string, device_class?: string): Noun => ({
  domain,
  group: true,
  ...(device_class ? { device_class } : {}),
});

export const NOUNS: Record<string, Noun> = {
  light: one('light'),
  lights: many('light'),
  lighting: many('light'),
  lamp: one('light'),
  lamps: many('light'),
  bulb: one('light'),
  fan: one('fan'),
  fans: many('fan'),
  'extractor fan': one('fan'),
  extractor: one('fan'),
  'exhaust fan': one('fan'),
  'range hood': one('fan'),
  'cooker hood': one('fan'),
  switch: one('switch'),
  plug: one('switch'),
  socket: one('switch'),
  outlet: one('switch'),
  blind: one('cover', 'blind'),
  blinds: one('cover', 'blind'),
  curtain: one('cover', 'curtain'),
  curtains: one('cover', 'curtain'),
  drapes: one('cover', 'curtain'),
  shade: one('cover', 'shade'),
  shades: one('cover', 'shade'),
  shutters: one('cover', 'shutter'),
  door: one('lock'),
  doors: many('lock'),
  lock: one('lock'),
  locks: many('lock'),
  tv: one('media_player'),
  telly: one('media_player'),
  television: one('media_player'),
  speaker: one('media_player'),
  speakers: many('media_player'),
  music: { domain: 'media_player', group: false, content: true },
  song: { domain: 'media_player', group: false, content: true },
  track: { domain: 'media_player', group: false, content: true },
  tune: { domain: 'media_player', group: false, content: true },
  programme: { domain: 'media_player', group: false, content: true },
  program: { domain: 'media_player', group: false, content: true },
  radio: one('media_player'),
  wireless: one('media_player'),
  thermostat: one('climate'),
  heater: one('climate'),
  // (American "the furnace", British "the boiler"; an "aircon" is a device of its own)
  furnace: one('climate'),
  boiler: one('climate'),
  'space heater': one('climate'),
  heating: one('climate'),
  heat: one('climate'),
  ac: one('climate'),
  vacuum: one('vacuum'),
  hoover: one('vacuum'),
  // (the brand said for any robot vacuum)
  roomba: one('vacuum'),
  cleaner: one('vacuum'),
  'vacuum cleaner': one('vacuum'),
  // ("has the vacuum machine gone back": no coffee machine; "the little robot sweeper")
  'vacuum machine': one('vacuum'),
  'hoover machine': one('vacuum'),
  sweeper: one('vacuum'),
  alarm: one('alarm_control_panel'),
  'alarm system': one('alarm_control_panel'),
  'burglar alarm': one('alarm_control_panel'),
  everything: many('*'),
  all: many('*'),
  anything: many('*'),
  anyone: many('person'),
  anybody: many('person'),
  somebody: many('person'),
  someone: many('person'),
  everyone: many('person'),
  'which of us': many('person'),
  who: many('person'),
  motion: one('binary_sensor', 'motion'),
  'something moving': one('binary_sensor', 'motion'),
  'anything moving': one('binary_sensor', 'motion'),
  movement: one('binary_sensor', 'motion'),
  humidity: one('sensor', 'humidity'),
  humid: one('sensor', 'humidity'),
  muggy: one('sensor', 'humidity'),
  steamy: one('sensor', 'humidity'),
  sticky: one('sensor', 'humidity'),
  damp: one('sensor', 'humidity'),
};

/** State words in questions ("is the fan running"), mapped to the engine's state words. */
export const STATE_QUESTION: Record<string, string> = {
  on: 'on',
  off: 'off',
  running: 'on',
  spinning: 'on',
  whirring: 'on',
  glowing: 'on',
  burning: 'on',
  going: 'on',
  lit: 'on',
  lighted: 'on',
  'closed with the key': 'locked',
  'locked with the key': 'locked',
  'lit up': 'on',
  open: 'open',
  opened: 'open',
  closed: 'closed',
  shut: 'closed',
  locked: 'locked',
  unlocked: 'unlocked',
  armed: 'armed',
  disarmed: 'disarmed',
  // ("the heating is connected?": on, as Portuguese "ligado" says it)
  connected: 'on',
  home: 'home',
  'at home': 'home',
  'back home': 'home',
  'in the house': 'home',
  in: 'home',
  away: 'away',
  out: 'away',
  playing: 'playing',
  paused: 'paused',
  docked: 'docked',
  'on its dock': 'docked',
  'in its dock': 'docked',
  'back in its dock': 'docked',
  'back on its dock': 'docked',
  'on its base': 'docked',
  'at its dock': 'docked',
  'at the dock': 'docked',
  'at its base': 'docked',
  charging: 'docked',
  cleaning: 'cleaning',
  detected: 'detected',
  // "has the hallway motion picked anything up", "did it pick anyone up", "… seen anyone",
  // "is it picking anything up", "did the motion detect anything"
  ...Object.fromEntries(
    ['anything', 'anyone', 'anybody', 'something', 'someone', 'somebody', 'movement', 'motion'].flatMap(
      (what) => [
        ...['pick', 'picked', 'picking'].flatMap((v): [string, string][] => [
          [`${v} ${what} up`, 'detected'],
          [`${v} up ${what}`, 'detected'],
        ]),
        ...['seen', 'see', 'spotted', 'spot', 'detect', 'sensed', 'sense', 'detecting', 'sensing'].map(
          (v): [string, string] => [`${v} ${what}`, 'detected'],
        ),
      ],
    ),
  ),
};

export const PRONOUNS = new Set(['it', 'them', 'that', 'those', 'this', 'these', 'they', 'one', 'ones']);

/** Opening a follow-up: the action of the last turn with a new target. */
export const FOLLOW_UP = ['and', 'also', 'too', 'as well', 'what about', 'how about', 'same for', 'and then'];

/**
 * Discourse particles of the Englishes people speak to a home (Nigerian "abeg", Singaporean
 * "lah", Indian "yaar", South African "eish", Scottish "hen", Welsh "mun", Cajun "cher"): they soften or
 * stress a sentence and never change what it asks.
 */
export const PARTICLES = `abeg biko jare sha lah leh lor meh hor sia yaar ji accha acha achha arre arey bhai
   eish ag ja boet bru bro hen mun innit oi o lads lasses gang fam yall peeps quick sharpish pronto asap
   ah lor leh hor man china po naman muna lang tayo nga din rin na pa sharp bare la ar wor ga lei bo goi
   baby babe bruh breh honey hon sugar sweetie sweety beta ba lo pet lad lass eh
   cher dawlin darlin mm mmm aight aigoo aigo ayy tse ouin wallahi wallah habibi inshallah mashallah bab basically
   yo gente fr frfr deadass liao alr bach cariad iawn bana aki maze buda msee juseyo jusaeyo juseyo
   haseyo onegai onegaishimasu sumimasen`;

/**
 * The people of a household by their family word: called ("mum, open the curtains", "Grandpa,
 * can you shut the blinds") or asking through someone ("my wife wants to know …").
 */
export const KIN = new Set(
  `wife husband partner mum mom mam mummy mommy ma mother dad daddy pa papa father son daughter kids
   kid children boys girls nan nana gran granny grandma grandmother grandpa grandad granddad grampa
   gramps grandfather brother sister sis auntie aunty uncle flatmate roommate housemate boss lola
   lolo anak kuya tita tito halmoni halmeoni halabeoji harabeoji obaachan ojiichan`.split(/\s+/),
);

/** Words with no command meaning: politeness, hedges, articles, links. */
export const FILLERS = new Set(
  `a an the my our your his her their this that these those some any all every each
   please pls plz kindly thanks thank you cheers just now right away quickly soon also too
   can could would will might may shall should must do does did be is are am was were been being
   i me we us you it its it is they them one ones there here ill
   to for of in on at by with from into onto about as so and then but or if when
   want wanted wish need like love would like id ive im
   hey hi ok okay oh oops well yes yeah yep sure alright right hmm um uh
   mind favour favor dear possible possibly able chance get got getting go going gone let lets
   sure make sure ensure check see whether still already again anymore
   bit little lot more less much way thing things stuff notch tad touch smidge position
   pop stick flick flip chuck bung crank whack blast throw
   moment yet both house properly routine sequence ambiance ambience atmosphere thx ty ta instead first actual wicked stinkin stinking bloody hella
   mode scene scenes setting settings setup arrangement everyone folks guys called named
   currently actually really very quite pretty feel feels feeling place wee awful awfully tall
   knock same na fully lol lmao haha hehe shh shush even far together exactly precisely exact
   alexa google siri hearth computer yo anywhere somewhere mate pal buddy hun darling dude boss chief guv bruv
   leave left leaving bed out heading
   turn turned switch switched set send get have bring time
   ${PARTICLES}`
    .split(/\s+/)
    .filter((w) => w.length > 0),
);

/** Words that open an undo, a time question, a help request, timers. */
export const UNDO_PHRASES = [
  'undo',
  'put it back',
  'revert',
  'change it back',
  'undo that',
  'take that back',
  // "Kindly reverse what you have just done."
  'reverse that',
  'reverse it',
  'reverse what you have just done',
  'reverse what you just did',
];
export const HELP_PHRASES = [
  'what can you do',
  'what are you able to do',
  'what you are able to do',
  'what you can do',
  'what sort of things can you do',
  'what kind of things can you do',
  'what things can you do',
  'what can i say',
  'help',
  'what do you understand',
  'how do i use you',
];

/** Multi-word fillers, matched before single words ("make sure" is not "make"). */
export const FILLER_PHRASES = [
  // "right away" is now, not the Away scene
  'right away',
  'straight away',
  // a reason that changes nothing: "lock it anyway to be safe"
  'to be safe',
  'quick one',
  // "pause it so I can answer the door": answering is no command on the door
  'answer the door',
  'would you ever',
  // "in that case, please lock it": what was just said is the reason
  'in that case',
  'go on and',
  'like to know',
  'thanks a million',
  'thanks a lot',
  'go ahead and',
  'real quick',
  'do one thing',
  'from work',
  'from school',
  'on with it',
  'be so good as to',
  'be so kind as to',
  'be good enough to',
  'be kind enough to',
  'do you happen to know',
  'do you know',
  'would you know',
  'quick question',
  'for a moment',
  'for a minute',
  // (read with its "not" already set aside, as every sentence is)
  'if it is a problem',
  'if it is no problem',
  // ("if not too much trouble", its "not" set aside)
  'if too much trouble',
  'if too much bother',
  'if it is too much trouble',
  'if it is no trouble',
  'if it is any trouble',
  'if it is possible',
  'if possible',
  'to its station',
  'to its base',
  'to its dock',
  'to the dock',
  'to charge',
  'automatically',
  'to be sure',
  'just in case',
  'anyway',
  // going somewhere, not switching off: "I'm off to bed"
  'off to bed',
  // off from work, not switched off: "I only got off shift at seven", "my day off"
  ...['got off', 'get off', 'getting off', 'gets off'].flatMap((g) =>
    ['shift', 'work'].map((w) => `${g} ${w}`),
  ),
  'off shift',
  'off work',
  'day off',
  'night off',
  'time off',
  // going up and down the stairs oneself: "I don't want to walk all the way back down"
  ...['walk', 'run'].flatMap((v) =>
    [
      'all the way back down',
      'all the way back up',
      'all the way down',
      'all the way up',
      'back down',
      'back upstairs',
      'back downstairs',
    ].map((w) => `${v} ${w}`),
  ),
  'off to work',
  'off out',
  'heading off',
  // a while, said loosely: "pause the telly a sec"
  'a sec',
  'a moment',
  'a mo',
  'a tick',
  'make sure',
  'be sure',
  'would you mind',
  'do you mind',
  // (British "us" is me: "do us a favour and …")
  ...['me', 'us'].flatMap((p) => [
    `do ${p} a favour and`,
    `do ${p} a favor and`,
    `do ${p} a favour`,
    `do ${p} a favor`,
  ]),
  // ("be a pal and …", "be a sweetheart and …": words kept few, as each is a word the speller
  // knows — "be a star" would make "stat" no "start")
  ...['dear', 'love', 'pal', 'sweetheart', 'darling', 'honey', 'sweetie'].map((w) => `be a ${w} and`),
  'be so kind and',
  'be so kind as to',
  'would you be so kind as to',
  // a moment of the listener's, no time to act: "when you get a second", "if you have a minute"
  ...['when', 'if', 'whenever'].flatMap((w) =>
    ['get', 'have', 'got'].flatMap((v) =>
      ['chance', 'second', 'sec', 'minute', 'moment', 'mo', 'tick'].map((n) => `${w} you ${v} a ${n}`),
    ),
  ),
  'that would be great',
  'that would be lovely',
  'if you could',
  'if you can',
  'for me',
  'thank you',
  'i would love it if',
  'i would appreciate it if',
  // ("I'd be ever so grateful if", "I'd really appreciate it if")
  ...['really', 'very', 'so', 'most', 'ever so', 'terribly', 'awfully', 'extremely', 'truly'].flatMap((w) => [
    `i would ${w} appreciate it if`,
    `i would be ${w} grateful if`,
    `i would be ${w} obliged if`,
  ]),
  'i would be obliged if',
  'i would be much obliged if',
  'i would be grateful if',
  'it would be great if',
  'it would be nice if',
  'it would be lovely if',
  'i would like',
  'i want',
  'i need',
  'can i have',
  'could i have',
  'we are',
  'i am',
  'it is',
  'there is',
  'there are',
  'all of the',
  'by any chance',
  'any chance',
  'if it is no bother',
  'if it is no trouble',
  'no rush',
  'no hurry',
];

/** Words that mean "the place I'm in". */
// ("it's too hot up here": where the speaker is, no step up)
export const HERE_WORDS = [
  'here',
  'in here',
  'up here',
  'down here',
  'out here',
  'inside',
  'this room',
  'in this room',
];

/** Special readings outside device control. */
export const TIME_QUESTION = [
  'what the time is',
  'what time is it',
  // German "wie spät ist es"
  'how late is it',
  'what is the time',
  'tell me the time',
  'the time',
  'time',
  'the time what is',
  'time what is',
  'do you have the time',
  'current time',
];
export const DATE_QUESTION = [
  // asked inside another question: "could you tell me what today's date is"
  'what the date is',
  'what todays date is',
  'what today date is',
  'what day it is',
  'what day is it',
  'what day is it today',
  'what is the date',
  'what is the date today',
  'what is today date',
  'what is todays date',
  'today date',
  'what date is it',
  'which date is it',
  'what date',
  'which date we have',
  'what date we have',
  // ("which date do we have today?": German "welches Datum haben wir")
  'which date do we have',
  'what day of the month it is',
  'what day of the month is it',
  'which day of the month it is',
  'what date do we have',
  'which day do we have',
  'what day do we have',
  'which date is today',
  'today date is what',
  'the date is what',
  'todays date what is',
  'today date what is',
  'the date what is',
  'date what is',
  'which day is it',
  // asked bare, or told to tell: "the date please", "date?", "tell me today's date"
  'tell me the date',
  'tell me todays date',
  'tell me the day',
  'the date',
  'date',
  'todays date',
  'today date',
  'the date today',
  'date today',
];
export const TIMER_LIST = [
  'what timers',
  'which timers',
  'list timers',
  'list my timers',
  'show timers',
  'show my timers',
  'my timers',
  'anything set to happen',
  'have i anything set',
  'is anything set',
  'scheduled commands',
  'what is scheduled',
  'anything scheduled',
  'is there anything scheduled',
  'what is programmed',
  'anything programmed',
  'what have i scheduled',
  'any timers',
  'got timed',
  'have timed',
];
export const TIMER_CANCEL = [
  'cancel that',
  // "cancel that one", as tokens read it (a number, or "one" as a device)
  'cancel that 1',
  'cancel that ones',
  'cancel it',
  'cancel this',
  'cancel the timer',
  'cancel my timer',
  'cancel timer',
  'never mind that',
  'cancel the last timer',
  'cancel all timers',
  'cancel all my timers',
  'scrap that',
  'scrap it',
  'scrap the timer',
  'scrap that timer',
  'cancel that timer',
  'forget the timer',
  'forget that timer',
];
