import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock.js';
import { IntentEngine } from '../../src/agent/intents/engine.js';
import { nluLine } from '../../src/agent/intents/nlu-output.js';
import { registryFromFixtures } from '../../src/agent/intents/registry.js';
import { Conversations } from '../../src/agent/understanding/conversation.js';
import { Speller } from '../../src/agent/understanding/speller.js';
import { Understanding } from '../../src/agent/understanding/understand.js';
import { cutWhen, markClockTimes } from '../../src/agent/understanding/when.js';
import { dueOf } from '../../src/agent/understanding/replies.js';
import { ruleInWords } from '../../src/agent/understanding/rules.js';
import { commandFor } from '../../src/agent/plan.js';
import { tokenize } from '../../src/agent/intents/normalize.js';

/**
 * The understanding stage by kind of sentence, on the development set's home
 * (test/agent/devset/home.json: kitchen light / kitchen fan / kitchen speaker, three lamps,
 * two doors). A few sentences per kind; the whole set is scored by `npm run nlu:devset`.
 */
const home = fileURLToPath(new URL('./devset/home.json', import.meta.url));
const u = new Understanding(new IntentEngine(registryFromFixtures([home])));
const read = (text: string, area: string | null = null, history: string[] = []) =>
  nluLine(u, text, area, history);

describe('second stage: phrasing around a known command', () => {
  it.each([
    [
      'would you mind switching off the lights in the garage',
      'HassTurnOff',
      { area: 'Garage', domain: 'light' },
    ],
    ['please make sure the garage light is off', 'HassTurnOff', { name: 'Garage Light' }],
    ['I want the kitchen lights at fifty percent', 'HassLightSet', { area: 'Kitchen', brightness: 50 }],
    [
      'could you heat the office to 20 degrees',
      'HassClimateSetTemperature',
      { area: 'Office', temperature: 20 },
    ],
    ['lock up the entrance', 'HassTurnOn', { area: 'Hallway', domain: 'lock' }],
  ])('understands "%s"', (text, intent, slots) => {
    expect(read(text)).toMatchObject({ intent, slots });
  });
});

describe('questions said loosely', () => {
  it.each([
    // a question mark asks, unless the question is a polite request
    ['quick one, front door locked?', 'HassGetState', { name: 'Front Door', state: 'locked' }],
    ['any chance the back door is locked', 'HassGetState', { name: 'Back Door', state: 'locked' }],
    ['back door, has it been locked?', 'HassGetState', { name: 'Back Door', state: 'locked' }],
    // words around what is asked, and "now" said in many ways
    [
      'is the kitchen light still glowing at the minute',
      'HassGetState',
      { name: 'Kitchen Light', state: 'on' },
    ],
    // a person in a room is the room's motion sensor; "back" after a person is home
    [
      'is anybody creeping about in the hallway',
      'HassGetState',
      { area: 'Hallway', domain: 'binary_sensor', device_class: 'motion', state: 'on' },
    ],
    ['is sam back yet', 'HassGetState', { name: 'Sam', state: 'home' }],
    // where someone was, or else might be, is no part of whether they are home
    ['is sam back from football practice', 'HassGetState', { name: 'Sam', state: 'home' }],
    ['is Alex home or still down at the shops', 'HassGetState', { name: 'Alex', state: 'home' }],
    // a particle closing the message softens it ("meh" doubts, and stays)
    ['kitchen light on or not leh', 'HassGetState', { name: 'Kitchen Light', state: 'on' }],
    ['alex at home or not ah', 'HassGetState', { name: 'Alex', state: 'home' }],
    [
      'is there a light on anywhere upstairs',
      'HassGetState',
      { domain: 'light', floor: 'Upper Floor', state: 'on' },
    ],
    ['is the vacuum docked', 'HassGetState', { name: 'Robot Vacuum', state: 'docked' }],
    ["who's in at the moment", 'HassGetState', { domain: 'person', state: 'home' }],
    // a cover that is up is open; the device the home calls by the place's name
    ['hey is the garage door still up', 'HassGetState', { name: 'Garage Door', state: 'open' }],
    [
      'are the curtains in the bedroom still closed',
      'HassGetState',
      { name: 'Bedroom Curtains', state: 'closed' },
    ],
    // a heater is on in whichever mode it heats
    ['is the heater in the office switched on', 'HassGetState', { name: 'Office Heater', state: 'on' }],
  ])('understands "%s"', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });

  it('acts on a request asked with a question mark, and never on an unknown thing asked about', () => {
    expect(read('could you turn the porch light on?')).toEqual({
      intent: 'HassTurnOn',
      slots: { name: 'Porch Light' },
    });
    expect(read('is the sauna still on').intent).toBeNull();
    expect(read("what's on tv tonight").intent).toBeNull();
    expect(read('who is at the front door').intent).toBeNull();
  });
});

describe("lists, and names said the home's way", () => {
  it('gives every item of a list the one verb it shares', () => {
    expect(read('turn off the kitchen fan, the kitchen light and the speaker')).toEqual({
      intent: 'HassTurnOff+HassTurnOff+HassTurnOff',
      slots: { '1.name': 'Kitchen Fan', '2.name': 'Kitchen Light', '3.name': 'Kitchen Speaker' },
    });
  });

  it('takes "the lounge blinds" for the device so named, but "the kitchen lights" for every light there', () => {
    expect(read('put the kettle on and open the lounge blinds').slots).toEqual({
      '1.name': 'Kettle',
      '2.name': 'Living Room Blinds',
    });
    expect(read('turn off the kitchen lights')).toEqual({
      intent: 'HassTurnOff',
      slots: { area: 'Kitchen', domain: 'light' },
    });
  });
});

describe('verbs and units as people use them', () => {
  it.each([
    ['excuse me, could you set the robot vacuum going', 'HassVacuumStart', { name: 'Robot Vacuum' }],
    ['start the robot vaccuum cleaner', 'HassVacuumStart', { name: 'Robot Vacuum' }],
    ['bump the thermostat to 77F', 'HassClimateSetTemperature', { name: 'Thermostat', temperature: 77 }],
    ['swithc the kettle of', 'HassTurnOff', { name: 'Kettle' }],
    ['ok im off to bed now good night', 'HassTurnOn', { name: 'Good Night' }],
    [
      'friends are coming over for dinner, can you set up the dinner party scene',
      'HassTurnOn',
      { name: 'Dinner Party' },
    ],
    ['morning house, do the good morning setup', 'HassTurnOn', { name: 'Good Morning' }],
    ['alarm on', 'HassTurnOn', { name: 'Home Alarm' }],
    // another assistant's wake word is said out of habit; "television" is the home's "tv"
    ['hey google turn off the kitchen light', 'HassTurnOff', { name: 'Kitchen Light' }],
    [
      'might you turn the television down a little',
      'HassSetVolume',
      { name: 'Living Room TV', volume_step: 'down' },
    ],
    ['the robot vacuum, get it cleaning', 'HassVacuumStart', { name: 'Robot Vacuum' }],
    ['vacuum back to dock', 'HassVacuumReturnToBase', { name: 'Robot Vacuum' }],
    ['nighty night house', 'HassTurnOn', { name: 'Good Night' }],
    ['tell me the outdoor temperature', 'HassGetState', { name: 'Outside Temperature' }],
    // "check" opens a question as "if" does
    ['can u check the desk lmap is switched of', 'HassGetState', { name: 'Desk Lamp', state: 'off' }],
    [
      'get the robot vacuum going and lock the front door',
      'HassVacuumStart+HassTurnOn',
      { '1.name': 'Robot Vacuum', '2.name': 'Front Door' },
    ],
  ])('understands "%s"', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });

  it('reads a feeling word used as the verb by the way said after it, and in the room asked from', () => {
    expect(read('brr, can you warm it up a bit in here', 'Living Room')).toEqual({
      intent: 'HassClimateSetTemperature',
      slots: { area: 'Living Room', temperature_step: 'up' },
    });
    expect(read("I can't see a thing in here", 'Garage')).toEqual({
      intent: 'HassLightSet',
      slots: { area: 'Garage', brightness_step: 'up' },
    });
    expect(read("it's a bit gloomy in here", 'Living Room')).toEqual({
      intent: 'HassLightSet',
      slots: { area: 'Living Room', brightness_step: 'up' },
    });
    expect(read('ok carry on', null, ['pause the telly'])).toEqual({
      intent: 'HassMediaUnpause',
      slots: { name: 'Living Room TV' },
    });
  });
});

describe('acting on no more than was meant', () => {
  it('takes "the lamp in the lounge" for the lamp there, not every light of the room', () => {
    expect(read('can you switch the lamp in the lounge off please')).toEqual({
      intent: 'HassTurnOff',
      slots: { name: 'Floor Lamp' },
    });
    // the kind's own word, singular, in a place with one such device is that device; the
    // plural, or a place with several, stays the place's
    expect(read('turn off the light in the kitchen').slots).toEqual({ name: 'Kitchen Light' });
    expect(read('bedroom fan off').slots).toEqual({ name: 'Ceiling Fan' });
    expect(read('turn off the lights in the kitchen').slots).toEqual({ area: 'Kitchen', domain: 'light' });
    expect(read('turn off the light in the living room').slots).toEqual({
      area: 'Living Room',
      domain: 'light',
    });
    expect(read('is there motion in the hallway').slots).toMatchObject({
      area: 'Hallway',
      device_class: 'motion',
    });
  });

  it('asks which heater or player when none is named and the home has several', () => {
    expect(read('set the temperature to 19')).toMatchObject({
      intent: 'HassClimateSetTemperature',
      ask: 'Did you mean the Thermostat or the Office Heater?',
    });
    expect(read('set the heating to 19', 'Office')).toEqual({
      intent: 'HassClimateSetTemperature',
      slots: { name: 'Office Heater', temperature: 19 },
    });
    // "the heating", "the heat" elsewhere: the central heating's one thermostat
    expect(read('set the heat to 72')).toEqual({
      intent: 'HassClimateSetTemperature',
      slots: { name: 'Thermostat', temperature: 72 },
    });
  });

  it('takes "out there" for the place just acted on, and acts on nothing without one', () => {
    expect(read('turn off the lights out there', null, ['open the garage door'])).toEqual({
      intent: 'HassTurnOff',
      slots: { area: 'Garage', domain: 'light' },
    });
    expect(read('turn off the lights out there').intent).toBeNull();
  });

  it('asks which door when the home has two and none is said, and never acts on both', () => {
    expect(read("Would you lock the door, please? We're going to bed.")).toMatchObject({
      intent: 'HassTurnOn',
      ask: 'Did you mean the Front Door or the Back Door?',
    });
    expect(read('lock the doors')).toEqual({ intent: 'HassTurnOn', slots: { domain: 'lock' } });
  });

  it('does one thing once: a state told after the request, or the same device said twice', () => {
    expect(read('Clsoe the garage door please, I think it is still open')).toEqual({
      intent: 'HassTurnOff',
      slots: { name: 'Garage Door' },
    });
    expect(read('bit nippy, bump the heater up a notch', 'Office')).toEqual({
      intent: 'HassClimateSetTemperature',
      slots: { area: 'Office', temperature_step: 'up' },
    });
    // "switch on | the geyser …" has no target to act on: not every switch
    expect(read('switch on the geyser please, need to bathe').intent).toBeNull();
    expect(read('make the floor lamp more dark')).toEqual({
      intent: 'HassLightSet',
      slots: { name: 'Floor Lamp', brightness_step: 'down' },
    });
  });

  it('takes a greeting before a request as a greeting, not the scene of that name', () => {
    expect(
      read('Good morning, dear. Would you be so kind as to put the kettle on for us? Thank you.'),
    ).toEqual({
      intent: 'HassTurnOn',
      slots: { name: 'Kettle' },
    });
    expect(read("good morning house, let's get this day started")).toEqual({
      intent: 'HassTurnOn',
      slots: { name: 'Good Morning' },
    });
  });
});

describe('undo and timers said around their words', () => {
  it.each([
    ["hang on that's wrong, undo it", 'HearthUndo'],
    ['scratch that, undo the last one', 'HearthUndo'],
    ["ah that's not right, can you put it back the way it was", 'HearthUndo'],
    ['ctrl z', 'HearthUndo'],
    ['nah forget it, cancel that', 'HearthTimerCancel'],
    ['oh hang on, cancel the kettle timer', 'HearthTimerCancel'],
    ['list all my pending timers', 'HearthTimerList'],
    ['what have I got scheduled', 'HearthTimerList'],
  ])('"%s" is %s', (text, intent) => {
    expect(read(text)).toEqual({ intent, slots: {} });
  });

  it.each(['how do i undo', "don't undo that", 'put it back on'])('"%s" undoes nothing', (text) => {
    expect(read(text).intent).not.toBe('HearthUndo');
  });
});

describe('politeness and reasons around a request', () => {
  it.each([
    // a wrapper of words the lexicon does not know, ending where the request is handed over
    ['sorry to be a pain but could you switch the porch light on', 'HassTurnOn', { name: 'Porch Light' }],
    ['be kind enough to arm the alarm system', 'HassTurnOn', { name: 'Home Alarm' }],
    ['could I trouble you to arm the alarm', 'HassTurnOn', { name: 'Home Alarm' }],
    ["I'd be ever so grateful if you'd pop the office heater on", 'HassTurnOn', { name: 'Office Heater' }],
    // a statement giving the reason, before or after the request
    ["could you pause the telly a sec, someone's at the door", 'HassMediaPause', { name: 'Living Room TV' }],
    ["close the blinds, the sun's right in my eyes", 'HassTurnOff', { name: 'Living Room Blinds' }],
    ["we're leaving, put the porch light on", 'HassTurnOn', { name: 'Porch Light' }],
    // a reason after the request without a comma
    ['turn the hallway light on im coming in with shopping', 'HassTurnOn', { name: 'Hallway Light' }],
    ['pop the lamp in the office on so I can read', 'HassTurnOn', { name: 'Desk Lamp' }],
    ['please put the porch light on for the delivery driver', 'HassTurnOn', { name: 'Porch Light' }],
    ["can you close the garage door as I've driven off", 'HassTurnOff', { name: 'Garage Door' }],
    [
      "if it's no bother turn the kitchen fan on the onions are smoking",
      'HassTurnOn',
      { name: 'Kitchen Fan' },
    ],
    ['open the blinds its a lovely day', 'HassTurnOn', { name: 'Living Room Blinds' }],
    // beside a switching word a feeling is the reason, not the request; "more bright" is brighter
    ['switch off the kitchen fan its cold now', 'HassTurnOff', { name: 'Kitchen Fan' }],
    ['make the lamp in the office more bright', 'HassLightSet', { name: 'Desk Lamp', brightness_step: 'up' }],
    // "any chance you could", "would it trouble you to"
    ['any chance you could lock the back door', 'HassTurnOn', { name: 'Back Door' }],
    ['would it trouble you to close the bedroom curtains', 'HassTurnOff', { name: 'Bedroom Curtains' }],
    ['be a sweetheart and set the burglar alarm', 'HassTurnOn', { name: 'Home Alarm' }],
    [
      "could you turn the telly down a bit please, I'm on the phone",
      'HassSetVolume',
      { name: 'Living Room TV', volume_step: 'down' },
    ],
    [
      "please could you get the ceiling fan going in the bedroom, it's sweltering",
      'HassTurnOn',
      { name: 'Ceiling Fan' },
    ],
    [
      "would you switch the coffee machine off, I've had enough for one day",
      'HassTurnOff',
      { name: 'Coffee Machine' },
    ],
    // where a vacuum is sent is the action
    [
      'please could you send the hoover back to its charger',
      'HassVacuumReturnToBase',
      { name: 'Robot Vacuum' },
    ],
    ['hoover home', 'HassVacuumReturnToBase', { name: 'Robot Vacuum' }],
  ])('understands "%s"', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });
});

describe('questions, terse and reordered commands, numbers', () => {
  it.each([
    ['did I leave any lights on', 'HassGetState', { domain: 'light', state: 'on' }],
    ['is the ceiling fan running', 'HassGetState', { name: 'Ceiling Fan', state: 'on' }],
    ['thermostat 21', 'HassClimateSetTemperature', { name: 'Thermostat', temperature: 21 }],
    ['the front door, lock it', 'HassTurnOn', { name: 'Front Door' }],
    [
      'set the thermostat to twenty one point five',
      'HassClimateSetTemperature',
      { name: 'Thermostat', temperature: 21.5 },
    ],
    // "in" before a place is the preposition, not a person's state ("is sam in")
    ['what is the temprature in the office', 'HassClimateGetTemperature', { area: 'Office' }],
    ['is anything on in the kitchen', 'HassGetState', { area: 'Kitchen', state: 'on' }],
    ['is sam in', 'HassGetState', { name: 'Sam', state: 'home' }],
    // units as people write them
    ['mirror light to sixty five per cent', 'HassLightSet', { name: 'Mirror Light', brightness: 65 }],
    ['set the thermostat to 21 degrees celsius', 'HassClimateSetTemperature', { temperature: 21 }],
    ['desk lamp at quarter brightness', 'HassLightSet', { name: 'Desk Lamp', brightness: 25 }],
    ['how toasty is it in the lounge', 'HassClimateGetTemperature', { area: 'Living Room' }],
    ['is alex back home', 'HassGetState', { name: 'Alex', state: 'home' }],
    // a "not" that negates no action
    ["if you don't mind, lock the back door now", 'HassTurnOn', { name: 'Back Door' }],
    [
      "if it's not too much trouble, could you lower the living room blinds",
      'HassTurnOff',
      { name: 'Living Room Blinds' },
    ],
    // the state asked for is the action; a scene started with a phrasal verb
    ['please get the coffee machine going', 'HassTurnOn', { name: 'Coffee Machine' }],
    ['cue up movie night', 'HassTurnOn', { name: 'Movie Night' }],
    // a typo never becomes a value ("pull" is not "full", which opened the blinds)
    ['pull the lounge blinds down', 'HassTurnOff', { name: 'Living Room Blinds' }],
    // a remark beside the request
    [
      "could you turn the coffee machine on for me, I'm absolutely shattered",
      'HassTurnOn',
      { name: 'Coffee Machine' },
    ],
    // short forms and other words for the same thing
    ['turn off the lights in the front room', 'HassTurnOff', { area: 'Living Room', domain: 'light' }],
    ['can u pls turn the bedroom lights off thx', 'HassTurnOff', { area: 'Bedroom', domain: 'light' }],
    ['whats the temp outdoors', 'HassGetState', { name: 'Outside Temperature' }],
    ['turn on the kichen lite', 'HassTurnOn', { name: 'Kitchen Light' }],
    ['is the bedside lamp still glowing', 'HassGetState', { name: 'Bedside Lamp', state: 'on' }],
    // politeness the lexicon does not know, before the request
    ['could you pop the kettle on, please', 'HassTurnOn', { name: 'Kettle' }],
    ['uh, can you crank the thermostat up to 22', 'HassClimateSetTemperature', { temperature: 22 }],
    ["isn't the front door locked", 'HassGetState', { name: 'Front Door', state: 'locked' }],
    ['have you turned off the lights', 'HassGetState', { domain: 'light', state: 'off' }],
    // a measurement asks for the one sensor of the place
    ['how humid is it in the bathroom', 'HassGetState', { name: 'Bathroom Humidity', area: 'Bathroom' }],
    // an embedded question asks; it never locks the door
    ['let me know if the front door is locked', 'HassGetState', { name: 'Front Door', state: 'locked' }],
    ['make sure the front door is locked', 'HassTurnOn', { name: 'Front Door' }],
    [
      'tell me whether the garage door has been properly closed',
      'HassGetState',
      { name: 'Garage Door', state: 'closed' },
    ],
    [
      'can you check whether the back door has been locked',
      'HassGetState',
      { name: 'Back Door', state: 'locked' },
    ],
    ['make sure the back door has been locked', 'HassTurnOn', { name: 'Back Door' }],
    ["I'd love it if the desk lamp was on", 'HassTurnOn', { name: 'Desk Lamp' }],
    // a polite wrapper does not make a question
    ['do me a favour and switch off the coffee machine', 'HassTurnOff', { name: 'Coffee Machine' }],
  ])('understands "%s"', (text, intent, slots) => {
    expect(read(text)).toMatchObject({ intent, slots });
  });
});

describe('names: typos, plurals, partial names, sound-alikes', () => {
  it.each(['turn on the desk fan', 'switch on the porch fan', 'open the bedroom ceiling curtains'])(
    'takes no part of a name with a device word of another kind: "%s" is a device this home lacks',
    (text) => {
      expect(read(text)).toEqual({ intent: null, slots: {} });
    },
  );

  it.each([
    ['turn on the bedrom light', { area: 'Bedroom', domain: 'light' }],
    ['swtich off the kettle', { name: 'Kettle' }],
    ['turn of the christmas tree', { name: 'Christmas Tree' }],
    ['turn off the kettles', { name: 'Kettle' }],
    ['turn on the backlight', { name: 'TV Backlight' }],
    ['turn on the tv backlite', { name: 'TV Backlight' }],
  ])('"%s"', (text, slots) => {
    expect(read(text).slots).toEqual(slots);
  });

  it('corrects a word only when one known word is that close, preferring the home’s own names', () => {
    const s = new Speller(
      new Set(['turn', 'run', 'door', 'do', 'night', 'radio']),
      new Set(['door', 'night']),
    );
    expect(s.correct('trun')).toEqual(['turn']);
    expect(s.correct('dor')).toEqual(['door']);
    expect(s.correct('nite')).toEqual(['night']);
    expect(s.correct('dishwasher')).toBeUndefined();
    // sound-alikes reach the home's own names only
    expect(s.correct('ready')).toBeUndefined();
  });
});

describe('scenes by name alone or with a verb', () => {
  it.each([
    'good night',
    'movie night',
    'run the movie night scene',
    "we're leaving, set away mode",
    'movie nite',
    'switch the house to away',
    "popcorn's ready, movie night", // "ready" is no sound-alike of "radio"
    // a scene's whole name among words the lexicon does not know, and a part of it said again
    'morning! kick off the good morning scene would ya',
    'the in-laws are here for dinner, dinner party lighting please',
    "hey turn on movie night mode we're starting the film",
    'kids are on the sofa, time for film night',
    "nobody's home this weekend, away scene on",
    'activate the scene called good night',
  ])('"%s" activates a scene', (text) => {
    expect(read(text)).toMatchObject({ intent: 'HassTurnOn' });
    expect(String(read(text).slots.name)).toMatch(/Good Night|Good Morning|Movie Night|Away|Dinner Party/);
  });

  it.each([
    'book a table for a dinner party',
    'my mum is hosting a dinner party',
    'movie night was great',
    'we love movie night',
    'should we do movie night on friday',
    'I read about movie night ideas',
    'rename the good night scene',
    'put the dishes away',
    'good morning to you too, how are you',
  ])('"%s" is about a scene or a word, and starts nothing', (text) => {
    expect(read(text)).toEqual({ intent: null, slots: {} });
  });
});

describe('confidence and declining', () => {
  it.each([
    'turn on the oven',
    'I read a book about lights',
    'turn on the bedroom tv',
    'turn on the kitchen toaster',
    'my neighbour’s kitchen light is always on',
    'good morning to you too, how are you',
    'open the window',
    'unlock my phone',
    // a negated request, and telling what someone did, are no commands
    'do not turn on the porch light',
    'please try not to turn on the light',
    'the coffee machine is running',
    // a kind of device that is not the one named; a value with "off"
    'get the hoovr doing the floors',
    'turn off the kitchen light and a half',
    // a clause that takes the request back is no remark
    'turn on the kitchen light, no wait',
    'turn on the lights, and the sauna',
    "don't switch off the kitchen light",
    'I turned off the lights',
    'we left the kitchen light on',
    // an unknown word passes only as politeness before the request
    'why did you turn off the lights',
    'remind me to turn off the lights',
    'text mum to turn on the porch light',
    'forget it, turn off the lights',
    'tonight turn off the lights',
    'switch on my electric blanket',
    // a wrapper that takes the request back, offers, or tells what someone tried
    'no need to put the kettle on',
    'I tried to turn on the porch light',
    'we forgot to lock the back door',
    // a reason beside the request that names a thing this home lacks, or takes it back
    'turn on the sauna, it is cold',
    // a "for" or "as" of time is no reason; an exception the reading cannot honour
    'turn on the lamp for an hour',
    'turn on the porch light for the day',
    'close the blinds as the sun sets',
    'turn on the light the sauna',
    'turn off the lights but leave the lamp',
    'turn off everything apart from the porch light',
    "turn off the kitchen light, the kids aren't asleep yet",
  ])('declines "%s" without acting on the nearest device', (text) => {
    expect(read(text)).toEqual({ intent: null, slots: {} });
  });

  it('asks back when two devices fit, and takes the answer in the conversation', () => {
    expect(read('switch on the ceiling light')).toMatchObject({
      intent: 'HassTurnOn',
      ask: 'Did you mean the Living Room Ceiling Light or the Bedroom Ceiling Light?',
    });
    expect(read('the bedroom one', null, ['switch on the ceiling light'])).toEqual({
      intent: 'HassTurnOn',
      slots: { name: 'Bedroom Ceiling Light' },
    });
  });

  it('acts on nothing when the words pull both ways ("start the mirror light off")', () => {
    expect(read('start the mirror light off').intent).toBeNull();
    expect(read('switch on the mirror light off').intent).toBeNull();
    // an offer is no request: at most a question about the light
    expect(read('do you want me to turn on the porch light').intent).not.toBe('HassTurnOn');
    expect(read('set the desk lamp to one percent')).toMatchObject({ slots: { brightness: 1 } });
  });

  it('never reads a number out of range as a setting', () => {
    expect(read('set the desk lamp to 250 percent').intent).toBeNull();
  });
});

describe('context and dialogue', () => {
  it('takes second thoughts about the last turn as the opening of the new request', () => {
    expect(read('no wait, shut it again', null, ['open the garage door'])).toEqual({
      intent: 'HassTurnOff',
      slots: { name: 'Garage Door' },
    });
    expect(read('wait, open them again', null, ['close the living room blinds'])).toEqual({
      intent: 'HassTurnOn',
      slots: { name: 'Living Room Blinds' },
    });
    // after the request they take it back
    expect(read('turn on the kitchen light, no wait').intent).toBeNull();
  });

  it('uses the room the request comes from', () => {
    expect(read("it's too dark in here", 'Kitchen')).toEqual({
      intent: 'HassLightSet',
      slots: { area: 'Kitchen', brightness_step: 'up' },
    });
    expect(read('pause it', 'Living Room')).toEqual({
      intent: 'HassMediaPause',
      slots: { area: 'Living Room' },
    });
  });

  it.each([
    ['turn it off', ['turn on the kitchen light'], 'HassTurnOff', { name: 'Kitchen Light' }],
    // "one" after a place or a determiner is a device, never a brightness of 1 %
    ['the upstairs one', ['turn on the ceiling light'], 'HassTurnOn', { name: 'Bedroom Ceiling Light' }],
    // (the one light there)
    ['the garage one', ['turn on the desk lamp'], 'HassTurnOn', { name: 'Garage Light' }],
    // "back" after a pronoun is the adverb, not the back door
    ['switch it back on', ['turn off the desk lamp'], 'HassTurnOn', { name: 'Desk Lamp' }],
    ['the back one as well', ['lock the front door'], 'HassTurnOn', { name: 'Back Door' }],
    [
      'and the bedroom too',
      ['turn off the lights in the living room'],
      'HassTurnOff',
      { area: 'Bedroom', domain: 'light' },
    ],
    [
      'make it brighter',
      ['turn on the desk lamp'],
      'HassLightSet',
      { name: 'Desk Lamp', brightness_step: 'up' },
    ],
    [
      'what about the office',
      ['how warm is it in the living room'],
      'HassClimateGetTemperature',
      { area: 'Office' },
    ],
    [
      'turn it down a bit',
      ['is the tv on'],
      'HassSetVolume',
      { name: 'Living Room TV', volume_step: 'down' },
    ],
  ])('"%s" after %j', (text, history, intent, slots) => {
    expect(read(text, null, history)).toEqual({ intent, slots });
  });

  it('forgets a conversation after a few minutes', () => {
    const clock = new FakeClock(0);
    const convs = new Conversations(clock, 60_000);
    const c = convs.get('x');
    u.remember(c, u.understand('turn on the kitchen light', null, c));
    expect(convs.get('x').referent).toBeDefined();
    clock.advance(61_000);
    expect(convs.get('x').referent).toBeUndefined();
  });
});

describe('compound commands and acting on time', () => {
  it('splits on and/then/commas and lets later parts borrow the verb', () => {
    expect(read('turn off the kitchen light and the kettle')).toEqual({
      intent: 'HassTurnOff+HassTurnOff',
      slots: { '1.name': 'Kitchen Light', '2.name': 'Kettle' },
    });
    expect(read('lock the doors, then arm the alarm')).toEqual({
      intent: 'HassTurnOn+HassTurnOn',
      slots: { '1.domain': 'lock', '2.name': 'Home Alarm' },
    });
  });

  it('reads delays and clock times, and keeps "at 19" a temperature when nothing else makes sense', () => {
    expect(read('turn off the kitchen light in 10 minutes').slots).toEqual({
      name: 'Kitchen Light',
      delay_seconds: 600,
    });
    expect(read('at 22:30 turn off the christmas tree').slots).toEqual({
      name: 'Christmas Tree',
      at: '22:30',
    });
    expect(read('close the bedroom curtains at 9 pm').slots).toEqual({
      name: 'Bedroom Curtains',
      at: '21:00',
    });
    expect(read('thermostat at nineteen and a half').slots).toEqual({
      name: 'Thermostat',
      temperature: 19.5,
    });
    expect(cutWhen(tokenize(markClockTimes('in half an hour turn it off'))).when).toEqual({
      delay_seconds: 1800,
    });
  });

  it('reads rules for automations with their trigger', () => {
    expect(read('every weekday at 7 turn on the kitchen light')).toEqual({
      intent: 'HearthAutomationCreate',
      slots: { trigger: 'time' },
    });
    expect(read('when the garage door opens turn on the garage light').slots).toEqual({ trigger: 'state' });
    expect(read('at sunrise open the bedroom curtains').slots).toEqual({ trigger: 'sun' });
  });

  it('reads clock times as people say them: quarter past, quarter to, half past, "half ten"', () => {
    expect(read('lock the front door at half ten tonight').slots).toMatchObject({ at: '22:30' });
    expect(read('open the bedroom curtains at quarter past seven in the morning').slots).toMatchObject({
      at: '07:15',
    });
    expect(read('close the living room blinds at quarter to seven').slots).toMatchObject({ at: '06:45' });
    expect(read('lock the back door at ten past eleven tonight').slots).toMatchObject({ at: '23:10' });
    expect(read('turn on the kettle at twenty to seven').slots).toMatchObject({ at: '06:40' });
    expect(read('tonight at 10 lock the front door').slots).toMatchObject({ at: '22:00' });
    expect(read('turn on the porch light at 6 this evening').slots).toMatchObject({ at: '18:00' });
    expect(read('turn the office heater off in an hour and a quarter').slots).toMatchObject({
      delay_seconds: 4500,
    });
  });

  it('acts tomorrow when told so, even at a time still to come today', () => {
    const tz = 'Europe/London';
    const sixAm = Date.parse('2026-11-24T06:00:00Z');
    const when = cutWhen(tokenize(markClockTimes('open the blinds at 7:45 tomorrow morning'))).when!;
    expect(when).toEqual({ at: '07:45', tomorrow: true });
    expect(new Date(dueOf(when, sixAm, tz)).toISOString()).toBe('2026-11-25T07:45:00.000Z');
    const today = cutWhen(tokenize(markClockTimes('open the blinds at 7:45'))).when!;
    expect(new Date(dueOf(today, sixAm, tz)).toISOString()).toBe('2026-11-24T07:45:00.000Z');
    expect(cutWhen(tokenize('tomorrow at 7 open the blinds'))).toEqual({
      tokens: ['open', 'the', 'blinds'],
      when: { at: '07:00', tomorrow: true },
    });
  });

  it('waits before what follows ("give it twenty minutes, then …")', () => {
    expect(read('give it twenty minutes then turn the kitchen fan off')).toEqual({
      intent: 'HassTurnOff',
      slots: { name: 'Kitchen Fan', delay_seconds: 1200 },
    });
    expect(read('give it twenty minutes').intent).toBeNull();
  });

  it('keeps "one" a number where a name numbers it ("Plug 1")', () => {
    const plugs = new Understanding(
      new IntentEngine({
        floors: [],
        areas: [{ id: 'office', name: 'Office' }],
        entities: [
          { entity_id: 'switch.plug_1', name: 'Plug 1', domain: 'switch', area: 'office' },
          { entity_id: 'switch.plug_2', name: 'Plug 2', domain: 'switch', area: 'office' },
        ],
      }),
    );
    expect(nluLine(plugs, 'turn on plug one', null, [])).toEqual({
      intent: 'HassTurnOn',
      slots: { name: 'Plug 1' },
    });
  });

  it('keeps "an hour and a half" one time, not a second command', () => {
    expect(read('turn the porch light off in an hour and a half')).toEqual({
      intent: 'HassTurnOff',
      slots: { name: 'Porch Light', delay_seconds: 5400 },
    });
  });

  it('reads rules opened in other ways, with the sun or a person arriving as the trigger', () => {
    expect(read('when it gets dark switch on the christmas tree')).toEqual({
      intent: 'HearthAutomationCreate',
      slots: { trigger: 'sun' },
    });
    for (const text of [
      'any time the front door is unlocked turn on the hallway light',
      'whenever alex gets home turn on the porch light',
    ])
      expect(read(text)).toEqual({ intent: 'HearthAutomationCreate', slots: { trigger: 'state' } });
  });

  it('resumes a paused player on "start it again", and arms the alarm on "set the alarm"', () => {
    expect(read('ok you can start it again', null, ['pause the kitchen speaker'])).toEqual({
      intent: 'HassMediaUnpause',
      slots: { name: 'Kitchen Speaker' },
    });
    expect(read('lock the back door and set the alarm').intent).toBe('HassTurnOn+HassTurnOn');
  });

  it('takes undo and cancel after second thoughts ("no no, change it back")', () => {
    expect(read('argh, wrong one, undo please').intent).toBe('HearthUndo');
    expect(read('reverse what you just did').intent).toBe('HearthUndo');
    expect(read('actually scrap that timer').intent).toBe('HearthTimerCancel');
    expect(read('no no, change it back').intent).toBe('HearthUndo');
    expect(read('that was a mistake, reverse it').intent).toBe('HearthUndo');
    expect(read('actually never mind, cancel it').intent).toBe('HearthTimerCancel');
    expect(read('in a quarter of an hour, close the living room blinds')).toMatchObject({
      intent: 'HassTurnOff',
      slots: { name: 'Living Room Blinds', delay_seconds: 900 },
    });
  });

  it('knows undo, the time and date, timers and help', () => {
    expect(read('undo that').intent).toBe('HearthUndo');
    expect(read('put it back').intent).toBe('HearthUndo');
    expect(read('what time is it').intent).toBe('HassGetCurrentTime');
    expect(read("what's today's date").intent).toBe('HassGetCurrentDate');
    expect(read('cancel that').intent).toBe('HearthTimerCancel');
    expect(read('which timers are set').intent).toBe('HearthTimerList');
    expect(read('what can you do').intent).toBe('HearthHelp');
  });
});

describe('messages of several sentences', () => {
  it.each([
    // the request among remarks, each sentence with its own question mark
    ['Might I ask you to switch the kettle on? We are parched.', 'HassTurnOn', { name: 'Kettle' }],
    [
      'Could I trouble you to shut the garage door? I think I left it open this morning.',
      'HassTurnOff',
      { name: 'Garage Door' },
    ],
    [
      'Is the front door locked, do you know? I never can remember.',
      'HassGetState',
      { name: 'Front Door', state: 'locked' },
    ],
    ["What's the date today? I've quite lost count.", 'HassGetCurrentDate', {}],
    ['We are heading up now. Good night, house.', 'HassTurnOn', { name: 'Good Night' }],
    ['Our guests are here! Dinner party, please.', 'HassTurnOn', { name: 'Dinner Party' }],
    // a request ending in a tag question is no question
    ['Send it back, would you?', 'HassVacuumReturnToBase', { name: 'Robot Vacuum' }],
    // a question wrapped in "I wonder", "could you tell me"
    ['I wonder how warm it is up in the office', 'HassClimateGetTemperature', { area: 'Office' }],
    [
      'Could you tell me whether the coffee maker is still switched on?',
      'HassGetState',
      { name: 'Coffee Machine', state: 'on' },
    ],
  ])('understands "%s"', (text, intent, slots) => {
    const history = text.startsWith('Send it back') ? ['start the robot vacuum'] : [];
    expect(read(text, null, history)).toMatchObject({ intent, slots });
  });

  it('two sentences that each ask for an action are one compound command', () => {
    expect(read('Please switch off the telly. And lock the back door.')).toMatchObject({
      intent: 'HassTurnOff+HassTurnOn',
    });
  });

  it.each([
    // a sentence that takes the request back, narrows it or says when: nothing is done
    'Turn off the lights. Not the lamp.',
    'Turn off the lights. Actually no.',
    'Switch off the kitchen light. Tomorrow.',
    "Turn off the kitchen light. I'd rather you didn't.",
    // a sentence nobody understood, that is no remark
    'Open the garage door. Start the sauna.',
  ])('does nothing on "%s"', (text) => {
    expect(read(text).intent).toBeNull();
  });

  it('"the sun" is a reason unless it rises or sets; a short word keeps its first letter', () => {
    expect(read('could you shut the living room blinds the sun is in my eyes')).toMatchObject({
      intent: 'HassTurnOff',
      slots: { name: 'Living Room Blinds' },
    });
    expect(read('how old is the front door').intent).toBeNull();
  });
});

describe('a step and then its value', () => {
  it('"darker, to twenty" sets the value once, not a step and a value', () => {
    expect(read('make the desk lamp a bit darker, to twenty')).toEqual({
      intent: 'HassLightSet',
      slots: { name: 'Desk Lamp', brightness: 20 },
    });
  });
});

describe('reasons said after a request, without a comma', () => {
  it.each([
    ['pop the kettle on need a brew', 'HassTurnOn', { name: 'Kettle' }],
    ['turn the mirror light on doing my hair', 'HassTurnOn', { name: 'Mirror Light' }],
    [
      'dim the desk lamp to 20 percent so I do not get a headache',
      'HassLightSet',
      { name: 'Desk Lamp', brightness: 20 },
    ],
    ['start the robot vacuum the carpet by the door is filthy', 'HassVacuumStart', { name: 'Robot Vacuum' }],
    // a question or a request for the time carries its reason too
    ['is the front door locked I cannot remember', 'HassGetState', { name: 'Front Door', state: 'locked' }],
    ["what's the time I've no idea", 'HassGetCurrentTime', {}],
  ])('understands "%s"', (text, intent, slots) => {
    expect(read(text)).toMatchObject({ intent, slots });
  });

  it('words of a rule never make a one-shot timer ("every night at 10 …")', () => {
    const r = read('every night at 10 switch the kettle off so we never forget');
    expect(r.intent === null || r.intent === 'HearthAutomationCreate').toBe(true);
  });
});

describe('a remark said before the request, without a comma', () => {
  it.each([
    ["right I'm awake do the good morning thing", 'HassTurnOn', { name: 'Good Morning' }],
    ['were heading off now set the house to away', 'HassTurnOn', { name: 'Away' }],
    ["that's me off to bed run good night", 'HassTurnOn', { name: 'Good Night' }],
    ['evening all movie night mode please', 'HassTurnOn', { name: 'Movie Night' }],
    ["we're off to the shops put the house in away mode", 'HassTurnOn', { name: 'Away' }],
    ['I am home switch on the hallway light', 'HassTurnOn', { name: 'Hallway Light' }],
  ])('understands "%s"', (text, intent, slots) => {
    expect(read(text)).toMatchObject({ intent, slots });
  });

  it.each([
    // told, not asked; a remark that says when is no mere remark
    'I tried to switch on the kettle',
    'we will turn on the porch light later',
    'tomorrow morning switch on the kettle please later',
    // "were" at the start of a question stays a question
  ])('does not act on "%s"', (text) => {
    const r = read(text);
    expect(r.intent === null || r.intent === 'HassGetState' || 'ask' in r).toBe(true);
  });

  it('a remark about the device itself leads to it: "the kitchen light is too bright dim it"', () => {
    expect(read('the kitchen light is too bright dim it')).toMatchObject({
      intent: 'HassLightSet',
      slots: { name: 'Kitchen Light', brightness_step: 'down' },
    });
  });

  it('"were the lights left on" is still a question', () => {
    expect(read('were the lights left on').intent).toBe('HassGetState');
  });
});

describe('a device described by where it is or what it does', () => {
  it.each([
    ['switch off the light above the mirror', 'HassTurnOff', { name: 'Mirror Light' }],
    ['turn on the lamp next to my bed', 'HassTurnOn', { name: 'Bedside Lamp' }],
    ['could you start the fan over the hob', 'HassTurnOn', { name: 'Kitchen Fan' }],
    ['turn the lights behind the television off', 'HassTurnOff', { name: 'TV Backlight' }],
    ['put the lamp by the sofa on', 'HassTurnOn', { name: 'Floor Lamp' }],
    ['shut the big door of the garage', 'HassTurnOff', { name: 'Garage Door' }],
    ['turn on the machine that makes the coffee', 'HassTurnOn', { name: 'Coffee Machine' }],
    ['dim the lamp on the desk to 30 percent', 'HassLightSet', { name: 'Desk Lamp', brightness: 30 }],
  ])('understands "%s"', (text, intent, slots) => {
    expect(read(text)).toMatchObject({ intent, slots });
  });

  it.each([
    // two lights could be by a door: not guessed
    'turn on the light by the door',
    // "switch on the …" is a verb, not a switch described by a lamp
    'switch on the little lamp',
    // nothing of the kind there
    'turn on the light by the swimming pool',
  ])('acts on no guess for "%s"', (text) => {
    const r = read(text);
    expect(r.intent === null || 'ask' in r).toBe(true);
  });

  it('"step" stays a step: never corrected into "stop"', () => {
    expect(read('by the step').intent).toBeNull();
  });
});

describe('times said the many ways people say them', () => {
  it.each([
    ['close the bedroom curtains at 9pm', { at: '21:00' }],
    ['put the porch light on at 7 p.m. tonight', { at: '19:00' }],
    ['turn the porch light on at a quarter to eight this evening', { at: '19:45' }],
    ['in half hour turn off the kettle', { delay_seconds: 1800 }],
    ['switch the kettle off in a half hour', { delay_seconds: 1800 }],
  ])('"%s"', (text, when) => {
    expect(read(text).slots).toMatchObject(when);
  });

  it('"have the heater come on at 8" orders it; "have the lights been left on" asks', () => {
    expect(read('have the office heater come on at 8:15 tomorrow morning')).toMatchObject({
      intent: 'HassTurnOn',
      slots: { name: 'Office Heater', at: '08:15' },
    });
    expect(read('have the lights been left on').intent).toBe('HassGetState');
  });

  it('"shut … off" switches off, but not the "off" of "we\'re off to bed"', () => {
    expect(read('shut the christmas tree off')).toMatchObject({
      intent: 'HassTurnOff',
      slots: { name: 'Christmas Tree' },
    });
    expect(read('lock the front door and shut the garage door we are off to bed')).toMatchObject({
      intent: 'HassTurnOn+HassTurnOff',
      slots: { '1.name': 'Front Door', '2.name': 'Garage Door' },
    });
  });
});

describe('rules said the many ways people say them', () => {
  const rule = (text: string) => {
    const r = u.understand(text, null, { touched: 0 });
    return r.kind === 'rule' ? r.rule : undefined;
  };

  it('days said as school days, weeknights, "monday through friday", "every sunday morning"', () => {
    expect(rule('every school day at half past seven open the living room blinds')?.trigger).toEqual({
      type: 'time',
      at: '07:30',
      days: ['mon', 'tue', 'wed', 'thu', 'fri'],
    });
    expect(rule('weeknights at 11 switch the christmas tree off')?.trigger).toEqual({
      type: 'time',
      at: '23:00',
      days: ['mon', 'tue', 'wed', 'thu', 'fri'],
    });
    expect(rule('monday to wednesday at 8 turn on the office heater')?.trigger).toEqual({
      type: 'time',
      at: '08:00',
      days: ['mon', 'tue', 'wed'],
    });
    expect(rule('every saturday morning at 9 start the robot vacuum')?.trigger).toEqual({
      type: 'time',
      at: '09:00',
      days: ['sat'],
    });
  });

  it('the sun said anywhere: "put the porch light on every evening once it gets dark"', () => {
    const r = rule('can you make the porch light come on every evening once it gets dark');
    expect(r?.trigger).toEqual({ type: 'solar', event: 'sunset' });
    expect(r?.commands[0]?.slots).toMatchObject({ name: 'Porch Light' });
    expect(rule('at dusk each day close the bedroom curtains')?.trigger).toEqual({
      type: 'solar',
      event: 'sunset',
    });
  });

  it('someone doing something, movement, and a reason after the command', () => {
    expect(rule('any time somebody unlocks the front door turn the hallway light on')?.trigger).toMatchObject(
      {
        type: 'device_state',
        entity: 'lock.front_door',
        to: 'unlocked',
      },
    );
    const r = rule('whenever there is movement in the hall put on the hall light so nobody trips');
    expect(r?.trigger).toMatchObject({
      type: 'device_state',
      entity: 'binary_sensor.hallway_motion',
      to: 'on',
    });
    expect(r?.commands[0]?.slots).toMatchObject({ name: 'Hallway Light' });
  });

  it('a rule with a remark in its own sentence', () => {
    expect(read('Every night at ten, would you lock the back door? We always forget.')).toEqual({
      intent: 'HearthAutomationCreate',
      slots: { trigger: 'time' },
    });
  });
});

describe('questions said the many ways people ask them', () => {
  it.each([
    ['front door, is it locked', 'HassGetState', { name: 'Front Door', state: 'locked' }],
    ['is Sam home or has he gone out', 'HassGetState', { name: 'Sam', state: 'home' }],
    ['could you tell me, is the garage door shut?', 'HassGetState', { name: 'Garage Door', state: 'closed' }],
    ['are the doors locked for the night', 'HassGetState', { domain: 'lock', state: 'locked' }],
    ['is the christmas tree lit up', 'HassGetState', { name: 'Christmas Tree', state: 'on' }],
    ['is the robot vacuum on its dock', 'HassGetState', { name: 'Robot Vacuum', state: 'docked' }],
    ['whats the time mate', 'HassGetCurrentTime', {}],
    ['what date is it today', 'HassGetCurrentDate', {}],
    ['so what can you actually do', 'HearthHelp', {}],
  ])('understands "%s"', (text, intent, slots) => {
    expect(read(text)).toMatchObject({ intent, slots });
  });

  it('"what\'s on tv tonight" asks of a programme, not the set', () => {
    expect(read("what's on tv tonight").intent).toBeNull();
  });
});

describe('compound commands with a remark before or a reason after', () => {
  it.each([
    [
      "I'm off to work lock the front door and switch the kettle off",
      'HassTurnOn+HassTurnOff',
      { '1.name': 'Front Door', '2.name': 'Kettle' },
    ],
    [
      'open the bedroom curtains and turn off the ceiling fan its cold up here',
      'HassTurnOn+HassTurnOff',
      { '1.name': 'Bedroom Curtains', '2.name': 'Ceiling Fan' },
    ],
  ])('understands "%s"', (text, intent, slots) => {
    expect(read(text)).toMatchObject({ intent, slots });
  });

  it('"there" after a group of one is where it is, never every light', () => {
    expect(read('close the garage and turn off the lights out there')).toMatchObject({
      intent: 'HassTurnOff+HassTurnOff',
      slots: { '2.area': 'Garage', '2.domain': 'light' },
    });
    expect(read('turn off the lights out there I am going to bed').intent).toBeNull();
  });
});

describe('feelings, and a feeling told as the reason for a request', () => {
  it.each([
    ["it's baltic in here", 'HassClimateSetTemperature', { temperature_step: 'up', area: 'Office' }],
    ['its like an icebox in here', 'HassClimateSetTemperature', { temperature_step: 'up', area: 'Office' }],
    ["it's a bit dim in here", 'HassLightSet', { brightness_step: 'up', area: 'Office' }],
    ['desk lamp full whack', 'HassLightSet', { name: 'Desk Lamp', brightness: 100 }],
    ['hoover on', 'HassVacuumStart', { name: 'Robot Vacuum' }],
  ])('understands "%s" (in the office)', (text, intent, slots) => {
    expect(read(text, 'Office')).toMatchObject({ intent, slots });
  });

  it('a feeling about what was just asked for is its reason, not a second command', () => {
    expect(read("pop the office heater on, it's perishing up here")).toEqual({
      intent: 'HassTurnOn',
      slots: { name: 'Office Heater' },
    });
    expect(read("That's rather bright. Could you take the desk lamp down to half?")).toEqual({
      intent: 'HassLightSet',
      slots: { name: 'Desk Lamp', brightness: 50 },
    });
  });

  it('an unknown room is never spelled into a word of feeling ("den")', () => {
    expect(read('turn on the lights in the den').intent).toBeNull();
  });
});

describe('a place said but unknown', () => {
  it.each([
    'turn on the lights in the lod',
    'turn on the lights in the den',
    'switch off the lights in the snug',
  ])('is never spelled into a word of action or feeling: "%s" acts on nothing', (text) => {
    expect(read(text).intent).toBeNull();
  });

  it('a typo of a room of the home is still that room', () => {
    expect(read('turn on the lights in the kitchn')).toEqual({
      intent: 'HassTurnOn',
      slots: { area: 'Kitchen', domain: 'light' },
    });
  });
});

describe('follow-ups in a conversation', () => {
  it.each([
    // a kind of device after a command: the one of the place just acted on
    ['the fan as well', ['switch off the kitchen light'], 'HassTurnOff', { name: 'Kitchen Fan' }],
    // the step again, or the other way
    [
      'a bit more',
      ['turn the kitchen speaker up'],
      'HassSetVolume',
      { name: 'Kitchen Speaker', volume_step: 'up' },
    ],
    [
      'actually a little less',
      ['turn the kitchen speaker up'],
      'HassSetVolume',
      { name: 'Kitchen Speaker', volume_step: 'down' },
    ],
    // the answer to "which one?" by where it is
    ['no, the one by the bed', ['turn off the lamp'], 'HassTurnOff', { name: 'Bedside Lamp' }],
    // a value limited by "only", an apology after it
    ['only halfway, sorry', ['open the bedroom curtains'], 'HassSetPosition', { position: 50 }],
    ['lock it anyway to be safe', ['is the front door locked'], 'HassTurnOn', { name: 'Front Door' }],
  ])('"%s" after %j', (text, history, intent, slots) => {
    expect(read(text, null, history)).toMatchObject({ intent, slots });
  });

  it('"more" with nothing stepped before it, of a thing with no level, is not understood', () => {
    // (after a light switched on it is more light: see '"a bit less" after a light …')
    expect(read('a bit more', null, ['lock the front door']).intent).toBeNull();
    expect(read('a bit more', null, ['open the garage door']).intent).toBeNull();
  });
});

describe('a request is never cut from what it acts on', () => {
  it('"please clean the windows, they are very dirty" starts no vacuum', () => {
    expect(read('please clean the windows, they are very dirty').intent).toBeNull();
    expect(read('please clean the windows they are filthy').intent).toBeNull();
  });

  it("a step of light or sound with its reason is the caller room's", () => {
    expect(read("bit brighter in here I'm chopping onions", 'Kitchen')).toMatchObject({
      intent: 'HassLightSet',
      slots: { brightness_step: 'up', area: 'Kitchen' },
    });
  });
});

describe('English as a second language', () => {
  it.each([
    ['please close the light in the kitchen', 'HassTurnOff', { name: 'Kitchen Light' }],
    ['open the light in the hallway please', 'HassTurnOn', { name: 'Hallway Light' }],
    ['TV more loud', 'HassSetVolume', { name: 'Living Room TV', volume_step: 'up' }],
    ['is the christmas tree lighted', 'HassGetState', { name: 'Christmas Tree', state: 'on' }],
    ['is the back door closed with the key', 'HassGetState', { name: 'Back Door', state: 'locked' }],
    ['did somebody forget the kettle on', 'HassGetState', { name: 'Kettle', state: 'on' }],
    ['which date we have today', 'HassGetCurrentDate', {}],
    ['kindly tell me what all you are able to do', 'HearthHelp', {}],
    ['please make that undone', 'HearthUndo', {}],
    ['put everything like it was before', 'HearthUndo', {}],
    ['put the standing lamp on fifteen procent', 'HassLightSet', { name: 'Floor Lamp', brightness: 15 }],
  ])('understands "%s"', (text, intent, slots) => {
    expect(read(text)).toMatchObject({ intent, slots });
  });

  it.each([
    ['after ten minutes please off the kettle', { delay_seconds: 600 }],
    ['in one and half hour close the garage door', { delay_seconds: 5400 }],
    ['switch off the christmas tree at half past eleven in the night', { at: '23:30' }],
  ])('times: "%s"', (text, when) => {
    expect(read(text).slots).toMatchObject(when);
  });

  it('rules at "22 hours" and "6 o\'clock in the morning"', () => {
    expect(read('each evening at 22 hours lock the front door automatically').intent).toBe(
      'HearthAutomationCreate',
    );
    expect(read("every day at 6 o'clock in the morning put on the coffee machine").intent).toBe(
      'HearthAutomationCreate',
    );
  });

  it('a word of a room alone names no device: "I am leaving the room" closes no blinds', () => {
    const r = read('please close the light here, I am leaving the room');
    expect(r.intent === null || 'ask' in r || r.slots.name !== 'Living Room Blinds').toBe(true);
    expect(r.slots.name).not.toBe('Living Room Blinds');
  });
});

describe('declining what the agent cannot do', () => {
  it.each([
    'how do I reset the robot vacuum',
    'how can we reprogram the garage door remote',
    // a sound-alike must start like the word: "dryer" is no "door"
    'start the dryer',
  ])('declines "%s"', (text) => {
    expect(read(text).intent).toBeNull();
  });
});

describe('politeness said as a condition, and words to the listener', () => {
  it.each([
    [
      "if it's not too much trouble, could you get the robot vacuum going?",
      'HassVacuumStart',
      { name: 'Robot Vacuum' },
    ],
    ['please, if it is not a problem, switch on the kettle', 'HassTurnOn', { name: 'Kettle' }],
    ['quick question, is the back door locked', 'HassGetState', { name: 'Back Door', state: 'locked' }],
    ['kettle on mate', 'HassTurnOn', { name: 'Kettle' }],
  ])('understands "%s"', (text, intent, slots) => {
    expect(read(text)).toMatchObject({ intent, slots });
  });

  it('"could you check …?" still asks', () => {
    expect(read('is the kettle on, could you check?').intent).toBe('HassGetState');
  });
});

describe('timers, undo and remarks said with more words', () => {
  it.each([
    ['oh, cancel that, would you? The children are staying up late.', 'HearthTimerCancel'],
    ['actually cancel that one', 'HearthTimerCancel'],
    ['have I anything set to happen later? I cannot recall.', 'HearthTimerList'],
    ['could you put it back as it was?', 'HearthUndo'],
    ['no no, sorry, undo this please', 'HearthUndo'],
  ])('understands "%s"', (text, intent) => {
    expect(read(text).intent).toBe(intent);
  });

  it.each([
    ['would you be so kind as to switch on the kettle', 'HassTurnOn', { name: 'Kettle' }],
    ['are the bedroom curtains shut, do you happen to know?', 'HassGetState', { name: 'Bedroom Curtains' }],
    ['is that light outside by the front step on?', 'HassGetState', { name: 'Porch Light', state: 'on' }],
    [
      'set the thermostat to 21 please, my wife feels cold',
      'HassClimateSetTemperature',
      { name: 'Thermostat', temperature: 21 },
    ],
    [
      'switch the telly off in twenty minutes; my husband always nods off in front of it.',
      'HassTurnOff',
      { name: 'Living Room TV', delay_seconds: 1200 },
    ],
  ])('understands "%s"', (text, intent, slots) => {
    expect(read(text)).toMatchObject({ intent, slots });
  });

  it('a sentence that changes the request still stops it', () => {
    expect(read('Turn off the lights. Stay on.').intent).toBeNull();
  });
});

describe('questions about what someone did, and remarks about an event', () => {
  it.each([
    ['did anyone shut the lounge blinds', 'HassGetState', { name: 'Living Room Blinds', state: 'closed' }],
    ['did you lock the back door', 'HassGetState', { name: 'Back Door', state: 'locked' }],
    ["how's the humidity in the bathroom after my shower", 'HassGetState', { name: 'Bathroom Humidity' }],
    ["we're heading out to the footy, set the place to away", 'HassTurnOn', { name: 'Away' }],
  ])('understands "%s"', (text, intent, slots) => {
    expect(read(text)).toMatchObject({ intent, slots });
  });

  it('an unknown place after "my" is still no aside: "is the light on in my car"', () => {
    expect(read('is the light on in my car').intent).toBeNull();
  });
});

describe('two wrong actions found by the last unseen sets', () => {
  it('"it\'s stuffy in here, fan on": the feeling is the reason for the fan, not a second command', () => {
    expect(read("it's stuffy in here, fan on", 'Kitchen')).toEqual({
      intent: 'HassTurnOn',
      slots: { name: 'Kitchen Fan' },
    });
  });

  it.each(['drop in on the kitchen', 'call mum', 'announce that dinner is ready'])(
    'errands of another assistant are declined: "%s"',
    (text) => {
      expect(read(text).intent).toBeNull();
    },
  );
});

describe('a question or request is never turned around', () => {
  it('"right, which of the doors are unlocked" asks; it unlocks nothing', () => {
    expect(read('right which of the doors are unlocked')).toMatchObject({
      intent: 'HassGetState',
      slots: { domain: 'lock', state: 'unlocked' },
    });
  });

  it('"the garage light it\'s still on turn it off" never turns it on', () => {
    const r = read("the garage light it's still on turn it off");
    expect(r.intent === null || r.intent === 'HassTurnOff').toBe(true);
  });

  it('"I keep forgetting it" is a reason', () => {
    expect(read('turn off the mirror light, I keep forgetting it')).toEqual({
      intent: 'HassTurnOff',
      slots: { name: 'Mirror Light' },
    });
  });
});

describe('more everyday phrasing', () => {
  it.each([
    [
      "it's freezing up here could you switch the office heater on please",
      'HassTurnOn',
      { name: 'Office Heater' },
    ],
    [
      'sorry could you turn the telly down a wee bit please',
      'HassSetVolume',
      { name: 'Living Room TV', volume_step: 'down' },
    ],
    [
      "would you mind pausing the kitchen speaker for a minute the phone's ringing",
      'HassMediaPause',
      { name: 'Kitchen Speaker' },
    ],
    ['kitchen light off & pause the kitchen speaker', 'HassTurnOff+HassMediaPause', {}],
    ["unlock the back door, Sam's outside with the groceries", 'HassTurnOff', { name: 'Back Door' }],
    [
      "could you dim the hallway light to 20 percent, I don't want to wake anybody",
      'HassLightSet',
      { name: 'Hallway Light', brightness: 20 },
    ],
    [
      'I was wondering if you could lock the back door, I always forget on my way out',
      'HassTurnOn',
      { name: 'Back Door' },
    ],
    ['sorry, what sort of things can you actually do?', 'HearthHelp', {}],
    ['ugh, undo, undo', 'HearthUndo', {}],
  ])('understands "%s"', (text, intent, slots) => {
    expect(read(text)).toMatchObject({ intent, slots });
  });

  it('an errand of another assistant as the request is declined; as a reason it is a reason', () => {
    expect(read('please call mum').intent).toBeNull();
    expect(read('pause the tv I need to take this call').intent).toBe('HassMediaPause');
  });
});

describe('"the heating" as the device', () => {
  it.each([
    ['turn the heating up to twenty one', { name: 'Thermostat', temperature: 21 }],
    ['heating warmer', { name: 'Thermostat', temperature_step: 'up' }],
    ['put the heating down to sixteen at ten tonight', { name: 'Thermostat', temperature: 16, at: '22:00' }],
  ])('"%s" sets the thermostat', (text, slots) => {
    expect(read(text)).toMatchObject({ intent: 'HassClimateSetTemperature', slots });
  });

  it('in a room with its own heater, that heater', () => {
    expect(read('turn the heating up to twenty one', 'Office')).toMatchObject({
      slots: { name: 'Office Heater', temperature: 21 },
    });
  });
});

describe('speech as it comes: restarts, the night, sending the hoover back', () => {
  it.each([
    [
      'set the thermo- the thermostat to twenty point five',
      'HassClimateSetTemperature',
      { name: 'Thermostat', temperature: 20.5 },
    ],
    ['switch the- switch off the hall light', 'HassTurnOff', { name: 'Hallway Light' }],
    ['lock the front door for the night', 'HassTurnOn', { name: 'Front Door' }],
    ['send the hoover back', 'HassVacuumReturnToBase', { name: 'Robot Vacuum' }],
    [
      'send the hoover back and switch off the hall light',
      'HassVacuumReturnToBase+HassTurnOff',
      { '1.name': 'Robot Vacuum', '2.name': 'Hallway Light' },
    ],
  ])('understands "%s"', (text, intent, slots) => {
    expect(read(text)).toMatchObject({ intent, slots });
  });

  it('"we\'re all in for the night" keeps its night: it asks for nothing', () => {
    expect(read("we're all in for the night").intent).toBeNull();
  });
});

describe('rules on listed days and plural days', () => {
  const rule = (text: string) => {
    const r = u.understand(text, null, { touched: 0 });
    return r.kind === 'rule' ? r.rule : undefined;
  };

  it('"every monday, wednesday and friday at 6 pm"', () => {
    expect(rule('every Monday, Wednesday and Friday at 6 pm turn on the coffee machine')?.trigger).toEqual({
      type: 'time',
      at: '18:00',
      days: ['mon', 'wed', 'fri'],
    });
  });

  it('"weekdays at 07:15 turn on …" and "turn on … on weekdays at 7" (the "on" of "turn on" is no day\'s)', () => {
    expect(rule('weekdays at 07:15 turn on the coffee machine')?.trigger).toMatchObject({ at: '07:15' });
    expect(rule('turn on the kitchen light on weekdays at 7')?.trigger).toMatchObject({ at: '07:00' });
  });
});

describe('a statement about people is never a command', () => {
  it('"we are all going out" turns nothing on', () => {
    expect(read('we are all going out', 'Living Room').intent).toBeNull();
  });

  it('after a request it is its reason', () => {
    expect(read('bring the thermostat down to eighteen, we are all going out', 'Living Room')).toEqual({
      intent: 'HassClimateSetTemperature',
      slots: { name: 'Thermostat', temperature: 18 },
    });
  });
});

describe('Irish and Indian English', () => {
  it.each([
    [
      "would you ever put the kettle on for me, I'm wrecked after the night shift",
      'HassTurnOn',
      { name: 'Kettle' },
    ],
    ['telly off there', 'HassTurnOff', { name: 'Living Room TV' }],
    ['lock the frotn door there', 'HassTurnOn', { name: 'Front Door' }],
    ['would you mind closing over the bedroom curtains', 'HassTurnOff', { name: 'Bedroom Curtains' }],
    ['is Sam home from work yet', 'HassGetState', { name: 'Sam', state: 'home' }],
    [
      'put off the porch light and lock the main door',
      'HassTurnOff+HassTurnOn',
      { '1.name': 'Porch Light', '2.name': 'Front Door' },
    ],
    ["today's date is what?", 'HassGetCurrentDate', {}],
    ['is the robot vacuum back in its dock?', 'HassGetState', { name: 'Robot Vacuum', state: 'docked' }],
  ])('understands "%s"', (text, intent, slots) => {
    expect(read(text)).toMatchObject({ intent, slots });
  });

  it('"please do one thing, switch on the hallway light" switches it on, never to 1 %', () => {
    expect(read('please do one thing, switch on the hallway light for papa')).toEqual({
      intent: 'HassTurnOn',
      slots: { name: 'Hallway Light' },
    });
  });

  it('"the lights out there" with nothing acted on before is still not understood', () => {
    expect(read('turn off the lights out there').intent).toBeNull();
  });
});

describe('a last few: going somewhere, regret before an undo, a dotted time', () => {
  it.each([
    ['Please activate the scene Good Night. I go to sleep now.', 'HassTurnOn', { name: 'Good Night' }],
    ['Sorry, this was a mistake. Please undo it.', 'HearthUndo', {}],
    ['lock the back door at 10.30 in the night', 'HassTurnOn', { name: 'Back Door', at: '22:30' }],
  ])('understands "%s"', (text, intent, slots) => {
    expect(read(text)).toMatchObject({ intent, slots });
  });

  it('an undo beside another request is not guessed at', () => {
    expect(read('Undo it. Turn on the kettle.').intent).toBeNull();
  });
});

describe('the right device, never the opposite effect', () => {
  it('"and up in the office?" after a temperature question asks again; it raises no heater', () => {
    expect(read('and up in the office?', null, ['how warm is it in the living room'])).toEqual({
      intent: 'HassClimateGetTemperature',
      slots: { area: 'Office' },
    });
  });

  it.each([
    ["what's the temp up in the office", 'HassClimateGetTemperature', { area: 'Office' }],
    ['is it cold out in the garden', 'HassClimateGetTemperature', { area: 'Garden' }],
  ])('"up" or "out" before a place in a question says where: "%s"', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });

  it('"down in the hallway, turn the light on" turns it on; "turn the light down in the hallway" dims', () => {
    expect(read('down in the hallway, turn the light on').intent).toBe('HassTurnOn');
    expect(read('turn the light down in the hallway')).toMatchObject({
      intent: 'HassLightSet',
      slots: { brightness_step: 'down' },
    });
  });

  it('"the kitchen fan, I reckon you can turn that off now" never turns it on', () => {
    const r = read('the kitchen fan, I reckon you can turn that off now');
    expect(r.intent === null || r.intent === 'HassTurnOff').toBe(true);
  });

  it('"skip this one, I can\'t stick it": "this one" is the song, not a volume of 1', () => {
    expect(read("skip this one, I can't stick it", 'Kitchen')).toEqual({
      intent: 'HassMediaNext',
      slots: { area: 'Kitchen' },
    });
  });

  it.each(["I can't see to read in here, it's that dim", "it's getting dim in here"])(
    '"dim" said of how it is asks for more light: "%s"',
    (text) => {
      expect(read(text, 'Office')).toMatchObject({
        intent: 'HassLightSet',
        slots: { brightness_step: 'up' },
      });
    },
  );
});

describe('a statement beside the request that names nothing of the home', () => {
  it.each([
    [
      'would you mind switching the kitchen fan on? Something on the stove is smoking a little.',
      'HassTurnOn',
      { name: 'Kitchen Fan' },
    ],
    [
      "could you pause the kitchen speaker? I'm on the phone with my sister.",
      'HassMediaPause',
      { name: 'Kitchen Speaker' },
    ],
    [
      'Thank you so much for earlier. Could you unlock the front door? The yard man is here to drop off the invoice.',
      'HassTurnOff',
      { name: 'Front Door' },
    ],
    [
      "I'm sorry to ask again, but could you tell me whether the back door is locked?",
      'HassGetState',
      { name: 'Back Door', state: 'locked' },
    ],
  ])('its action words tell, they ask nothing: "%s"', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });

  it('"pause the music a minute" pauses now', () => {
    expect(read("pause the music a minute, I'm on the phone", 'Kitchen')).toEqual({
      intent: 'HassMediaPause',
      slots: { area: 'Kitchen' },
    });
  });

  it.each([
    // a word standing for a thing may be the request: never set aside
    'My sister is on the phone. She wants to turn it off.',
    // asking someone else is no request to the home
    'sorry to ask, but could you ask Sam to turn on the porch light',
    "I'm on the phone. Sorry.",
  ])('what only tells, or asks someone else, does nothing: "%s"', (text) => {
    expect(read(text).intent).toBeNull();
  });
});

describe("remarks of one's own, a place in a remark, a device word naming a device", () => {
  it.each([
    [
      "please could you turn the ceiling fan off, don't want her getting cold",
      'HassTurnOff',
      { name: 'Ceiling Fan' },
    ],
    [
      'could you pause the kitchen speaker? need to take this call',
      'HassMediaPause',
      { name: 'Kitchen Speaker' },
    ],
    [
      "could you shut the bedroom curtains? sun's coming up and she's only just gone down",
      'HassTurnOff',
      { name: 'Bedroom Curtains' },
    ],
  ])('what one says of oneself, the "I" left out, is a remark: "%s"', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });

  it.each([
    ["Can you start the hoover please, the hall's mucky again", 'HassVacuumStart', { name: 'Robot Vacuum' }],
    [
      "please could you unlock the back door my husband's coming in from the garden with the shopping",
      'HassTurnOff',
      { name: 'Back Door' },
    ],
  ])('a place in a remark after a request on one named device moves nothing: "%s"', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });

  it('a place in a remark after a vague request still says where: "turn on the lamp, the bedroom is dark"', () => {
    expect(read('turn on the lamp, the bedroom is dark')).toEqual({
      intent: 'HassTurnOn',
      slots: { name: 'Bedside Lamp' },
    });
  });

  it('"when you get a second" is the listener\'s moment, no time to act', () => {
    expect(read('when you get a second could you shut off the porch light?')).toEqual({
      intent: 'HassTurnOff',
      slots: { name: 'Porch Light' },
    });
  });

  it.each([
    ['turn off the tv lights', 'HassTurnOff', { name: 'TV Backlight' }],
    ['turn off the tv', 'HassTurnOff', { name: 'Living Room TV' }],
  ])('a device word before another names a device of the second kind: "%s"', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });

  it('"the tv light in the kitchen" names nothing there: declined', () => {
    expect(read('turn on the tv light in the kitchen').intent).toBeNull();
  });
});

describe('"lock up", and "did …" asked of anyone, at any time', () => {
  it.each(['lock up', 'lock everything up', 'lock the house up', 'lock up for the night', 'lock everything'])(
    '"%s" locks every lock of the home',
    (text) => {
      expect(read(text)).toEqual({ intent: 'HassTurnOn', slots: { domain: 'lock' } });
    },
  );

  it('"lock it up" with nothing said before locks nothing', () => {
    expect(read('lock it up').intent).toBeNull();
  });

  it.each([
    ['did the kids lock the back door when they got home', { name: 'Back Door', state: 'locked' }],
    ['did we lock the back door after bringing the washing in', { name: 'Back Door', state: 'locked' }],
    ['did the young lad leave the desk lamp on again', { name: 'Desk Lamp', state: 'on' }],
    ['did we lock up for the night', { domain: 'lock', state: 'locked' }],
    ['did the front door lock', { name: 'Front Door', state: 'locked' }],
    ['did the garage door close properly', { name: 'Garage Door', state: 'closed' }],
  ])('asks how the thing is: "%s"', (text, slots) => {
    expect(read(text)).toEqual({ intent: 'HassGetState', slots });
  });
});

describe('chat shorthand and a terse "anybody …"', () => {
  it.each([
    ['is the tv on rn', 'HassGetState', { name: 'Living Room TV', state: 'on' }],
    ['can u turn the porch light off pls', 'HassTurnOff', { name: 'Porch Light' }],
    ['goodnight lol', 'HassTurnOn', { name: 'Good Night' }],
    ['anybody home right now', 'HassGetState', { domain: 'person', state: 'home' }],
  ])('"%s"', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });
});

describe('scenes said with "set up", a sign-off, an exclamation or what one is busy with', () => {
  it.each([
    ['set the house up for the dinner party', 'Dinner Party'],
    ['wake the house up with good morning', 'Good Morning'],
    ['away mode thanks', 'Away'],
    ['good morning... what a night', 'Good Morning'],
    ['heading out for a walk with the pram, away mode thanks', 'Away'],
  ])('"%s" starts %s', (text, name) => {
    expect(read(text)).toEqual({ intent: 'HassTurnOn', slots: { name } });
  });

  it('"turn the lights up for the dinner party" is no scene: its "up" is the lights\'', () => {
    expect(read('turn the lights up for the dinner party').slots.name).toBeUndefined();
  });
});

describe('"the heating" asked about is the central heating', () => {
  it.each(['is the heating on', 'has the heating come on yet', 'is the heat pump even on'])(
    '"%s" asks after the Thermostat, not every heater',
    (text) => {
      expect(read(text)).toEqual({ intent: 'HassGetState', slots: { name: 'Thermostat', state: 'on' } });
    },
  );
});

describe('"them all" after a question, and a state said with an action\'s words', () => {
  it.each(['Please switch them all off', 'turn all of them off', 'turn em all off so'])(
    '"%s" after "are any lights on upstairs?" turns off those lights, not everything',
    (text) => {
      expect(read(text, null, ['are any lights on upstairs?'])).toEqual({
        intent: 'HassTurnOff',
        slots: { domain: 'light', floor: 'Upper Floor' },
      });
    },
  );

  it('"turn them all off" with nothing said before does nothing', () => {
    expect(read('turn them all off').intent).toBeNull();
  });

  it('"is the hoover back on its dock" asks whether it is docked', () => {
    expect(read('is the hoover back on its dock')).toEqual({
      intent: 'HassGetState',
      slots: { name: 'Robot Vacuum', state: 'docked' },
    });
  });
});

describe('phrasal verbs split by their object, and words that only hurry', () => {
  it.each([
    ['that porch light, cut it off', 'HassTurnOff', { name: 'Porch Light' }],
    ['coffee maker, fire it up', 'HassTurnOn', { name: 'Coffee Machine' }],
    ['fire the coffee maker up', 'HassTurnOn', { name: 'Coffee Machine' }],
    ['cut on the mirror light', 'HassTurnOn', { name: 'Mirror Light' }],
    ['garage door, go on and shut it', 'HassTurnOff', { name: 'Garage Door' }],
    ['the porch light - go ahead and turn that on', 'HassTurnOn', { name: 'Porch Light' }],
  ])('"%s"', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });

  it.each([
    ['pause it real quick', 'Living Room', 'HassMediaPause', { area: 'Living Room' }],
    ['shh fan off', 'Bedroom', 'HassTurnOff', { name: 'Ceiling Fan' }],
  ])('"%s" (in the %s)', (text, area, intent, slots) => {
    expect(read(text, area)).toEqual({ intent, slots });
  });

  it('an unknown verb with a particle the lexicon does not pair stays unknown: "cut it out"', () => {
    expect(read('cut it out').intent).toBeNull();
  });
});

describe('follow-ups onto a temperature sensor and from a cover to a light', () => {
  it.each(['what about outside', 'and outside?'])(
    '"%s" after a room\'s temperature reads the outside sensor',
    (text) => {
      expect(read(text, null, ['how warm is it in the lounge'])).toEqual({
        intent: 'HassGetState',
        slots: { name: 'Outside Temperature' },
      });
    },
  );

  it('"and the light in there too" after opening the garage door turns its light on', () => {
    expect(read('and the light in there too', null, ['open the garage door'])).toEqual({
      intent: 'HassTurnOn',
      slots: { name: 'Garage Light' },
    });
  });

  it('after unlocking a door, "and the porch light too" is not guessed (unlocking is no switching off)', () => {
    expect(read('and the porch light too', null, ['unlock the front door']).intent).toBeNull();
  });
});

describe('timers, halves, "for the night" first, and "there" only softening', () => {
  it.each([
    'Delete please the timer, we are not going out anymore',
    'cancel that timer for the christmas tree',
    'remove the timer I set',
  ])('"%s" cancels the timer', (text) => {
    expect(read(text)).toEqual({ intent: 'HearthTimerCancel', slots: {} });
  });

  it('"cancel the timer and turn on the kettle" is not half done', () => {
    expect(read('cancel the timer and turn on the kettle').intent).toBeNull();
  });

  it.each([
    ['Please put the thermostat on twenty-one and half degrees', 21.5],
    ['For the night set the thermostat to nineteen degrees', 19],
  ])('"%s"', (text, temperature) => {
    expect(read(text)).toEqual({
      intent: 'HassClimateSetTemperature',
      slots: { name: 'Thermostat', temperature },
    });
  });

  it('"put on the big light there" with nothing spoken of before: "there" softens', () => {
    expect(read("put on the big light there, I can't see a thing", 'Living Room')).toEqual({
      intent: 'HassTurnOn',
      slots: { name: 'Living Room Ceiling Light' },
    });
  });

  it('"turn off the lights there" with nothing spoken of before points at an unknown place: declined', () => {
    expect(read('turn off the lights there', 'Living Room').intent).toBeNull();
  });
});

describe('a number in a purpose or in what was done is no value to set', () => {
  it('"… so it\'s not blinding at 3am": the purpose speaks of a time, the level is set now', () => {
    expect(read("hallway light at fifteen percent so it's not blinding at 3am")).toEqual({
      intent: 'HassLightSet',
      slots: { name: 'Hallway Light', brightness: 15 },
    });
  });

  it('"I just did a twelve hour shift" tells', () => {
    expect(read('way too bright in here, I just did a twelve hour shift', 'Bedroom')).toEqual({
      intent: 'HassLightSet',
      slots: { area: 'Bedroom', brightness_step: 'down' },
    });
  });

  it('"blinding" is no form of the blinds', () => {
    expect(read("it's blinding").intent).toBeNull();
  });
});

describe('a kindness asked first, words of the home said apart, blinds pulled', () => {
  it.each([
    ['would you be a star and turn the mirror light off', 'HassTurnOff', { name: 'Mirror Light' }],
    ['be a good lass and put the hall light on', 'HassTurnOn', { name: 'Hallway Light' }],
    ['turn on the bed side lamp', 'HassTurnOn', { name: 'Bedside Lamp' }],
    ["the living room blinds, pull 'em down", 'HassTurnOff', { name: 'Living Room Blinds' }],
    [
      'would you mind turning off the christmas tree thanks a million',
      'HassTurnOff',
      { name: 'Christmas Tree' },
    ],
  ])('"%s"', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });
});

describe('"heating to 20", a request outside device control beside a remark, undo never half done', () => {
  it.each([
    ['heating to 20', null, { name: 'Thermostat', temperature: 20 }],
    ['heating to 20 in 10 minutes', null, { name: 'Thermostat', temperature: 20, delay_seconds: 600 }],
    ['heating to 20', 'Office', { area: 'Office', temperature: 20 }],
  ])('"%s" (in %s) sets the central heating, or the room\'s own heater', (text, area, slots) => {
    expect(read(text, area)).toEqual({ intent: 'HassClimateSetTemperature', slots });
  });

  it('"cancel that, she\'s asleep already" cancels the timer', () => {
    expect(read("cancel that, she's asleep already", null, ['night light off in 40 minutes'])).toEqual({
      intent: 'HearthTimerCancel',
      slots: {},
    });
  });

  it.each(['undo that, turn on the kettle', 'cancel that, and turn on the kettle'])(
    '"%s" is declined: neither half alone is what was asked',
    (text) => {
      expect(read(text).intent).toBeNull();
    },
  );
});

describe('a question passed on, and a "\'s" that was an "is"', () => {
  it.each([
    ["my wife wants to know if the back door's locked", { name: 'Back Door', state: 'locked' }],
    ["do you know if sam's home from work yet", { name: 'Sam', state: 'home' }],
  ])('"%s" asks', (text, slots) => {
    expect(read(text)).toEqual({ intent: 'HassGetState', slots });
  });

  it('"any chance you could get the heater going in the office" still asks for an action', () => {
    expect(read('any chance you could get the heater going in the office ta')).toEqual({
      intent: 'HassTurnOn',
      slots: { name: 'Office Heater' },
    });
  });

  it.each(['I want to know how to turn off the light', 'can you turn the heating up at nans house'])(
    '"%s" is declined (how to do it; another home)',
    (text) => {
      expect(read(text).intent).toBeNull();
    },
  );
});

describe('"out there" with nothing spoken of is outdoors; dialect words for cold', () => {
  it.each(['how cold is it out there, do I need my parka', 'how parky is it outside this morning?'])(
    '"%s" reads the outside temperature',
    (text) => {
      expect(read(text)).toEqual({ intent: 'HassGetState', slots: { name: 'Outside Temperature' } });
    },
  );

  it('"it\'s parky in here" warms the room', () => {
    expect(read("it's parky in here, love", 'Living Room')).toEqual({
      intent: 'HassClimateSetTemperature',
      slots: { area: 'Living Room', temperature_step: 'up' },
    });
  });
});

describe('compound requests asked with "?", curtains drawn back, the hoover sent round', () => {
  it('"Would you switch off the television and put the big light on in the lounge?" does both', () => {
    expect(read('Would you switch off the television and put the big light on in the lounge?')).toEqual({
      intent: 'HassTurnOff+HassTurnOn',
      slots: { '1.name': 'Living Room TV', '2.name': 'Living Room Ceiling Light' },
    });
  });

  it('"is the tv on and the kettle?" stays a question: no action', () => {
    expect(read('is the tv on and the kettle?').intent ?? '').not.toContain('TurnOn');
  });

  it.each([
    ['draw back the bedroom curtains', 'HassTurnOn', { name: 'Bedroom Curtains' }],
    ['send the hoover round', 'HassVacuumStart', { name: 'Robot Vacuum' }],
  ])('"%s"', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });
});

describe('"the wireless" is the radio', () => {
  it('"could you turn the wireless down a touch in the kitchen, love"', () => {
    expect(read('could you turn the wireless down a touch in the kitchen, love')).toEqual({
      intent: 'HassSetVolume',
      slots: { name: 'Kitchen Speaker', volume_step: 'down' },
    });
  });
});

describe('found by a review of this sitting: never the wrong device, the opposite, or half', () => {
  it.each(
    [
      // a state passed on is told, not asked for
      'my wife says the garage door is open',
      'my mum says the front door is unlocked',
      'my wife wants to know if i locked the door',
      // a place in a remark that holds such a device of its own
      ["open the blinds, I'm in the bedroom"],
      ["turn on the desk lamp please, bedroom's dark n all"],
      ['put the kettle on, the bedroom is freezing'],
      // the opposite of a cancel, or a cancel with more asked
      "don't forget the timer",
      'forget the timer for the kettle just turn it off now',
      // a request said as a want is no remark
      'Lock the front door. Need the iron off.',
      'Turn the heating on. It was on 18 so put it to 21.',
      // a number that may be the value asked for
      "turn the thermostat down so it's 16 overnight",
      'turn the heating to 20 and half the brightness of the lamp',
      // "the tv" of another room is not this room's speaker
      'turn the tv off in the kitchen',
    ].map((x): [string, string | null] => (Array.isArray(x) ? [x[0]!, x[1] ?? null] : [x, null])),
  )('"%s" (in %s) does not act', (text, area) => {
    const r = read(text, area);
    expect(r.intent === null || r.ask !== undefined || r.intent.startsWith('HassGetState')).toBe(true);
  });

  it.each([
    ["put the light on, I'm heading into the garage", 'Kitchen', { name: 'Garage Light' }],
    ["put the fan on, it's roasting in the bedroom", 'Kitchen', { name: 'Ceiling Fan' }],
    // a split phrasal verb against its particle: the particle's way, never "kick off" = start
    ['kick the hoover off', null, { name: 'Robot Vacuum' }],
    [
      "let me know if the garage door's open",
      null,
      { name: 'Garage Door', state: 'open', domain: 'cover', device_class: 'garage' },
    ],
  ])('"%s" (in %s)', (text, area, slots) => {
    expect(read(text, area).slots).toEqual(slots);
  });

  it('after closing the curtains, "and the bedside lamp" is not guessed', () => {
    expect(read('and the bedside lamp', null, ['close the curtains']).intent).toBeNull();
  });

  it('"is any heating on" asks after every heater; "is the heating on at all" after the central heating', () => {
    expect(read('is any heating on').slots).toEqual({ domain: 'climate', state: 'on' });
    expect(read('is the heating on at all').slots).toEqual({ name: 'Thermostat', state: 'on' });
  });
});

describe('the wrong actions of the first measure of heldout18, 19 and 21', () => {
  it.each([
    [
      'set the thermostat to twenty, no no, twenty one',
      null,
      'HassClimateSetTemperature',
      { name: 'Thermostat', temperature: 21 },
    ],
    ['on the kitchen light, sorry, kitchen fan I mean', null, 'HassTurnOn', { name: 'Kitchen Fan' }],
    ['turn on the desk lamp, no wait, the bedside one', null, 'HassTurnOn', { name: 'Bedside Lamp' }],
    // second thoughts that add are no correction
    [
      'turn on the porch light and actually also the kettle',
      null,
      'HassTurnOn+HassTurnOn',
      { '1.name': 'Porch Light', '2.name': 'Kettle' },
    ],
    // "it is morning" tells the time of day
    [
      'open the bedroom curtains and off the bedside lamp, it is morning',
      null,
      'HassTurnOn+HassTurnOff',
      { '1.name': 'Bedroom Curtains', '2.name': 'Bedside Lamp' },
    ],
    // "on a call" is where someone is; "we'll all be in bed" tells of people
    [
      'please turn off the kitchen speaker, I am on a call in the office',
      null,
      'HassTurnOff',
      { name: 'Kitchen Speaker' },
    ],
    [
      "switch off the tree in an hour, we'll all be in bed",
      null,
      'HassTurnOff',
      { name: 'Christmas Tree', delay_seconds: 3600 },
    ],
    // "freezing my bum off" asks for warmth, it switches nothing off
    [
      "I'm freezing my bum off in here",
      'Office',
      'HassClimateSetTemperature',
      { area: 'Office', temperature_step: 'up' },
    ],
  ])('"%s" (in %s)', (text, area, intent, slots) => {
    expect(read(text, area)).toEqual({ intent, slots });
  });
});

describe('a command that waits for an event is not done now', () => {
  it.each([
    'turn off the lights when I leave',
    'lock up when I leave',
    'turn on the porch light when we get home',
    'turn off the tv when the match ends',
  ])('"%s" is declined (no such timer can be kept)', (text) => {
    expect(read(text).intent).toBeNull();
  });

  it.each([
    ['turn on the kettle when you get a chance', 'HassTurnOn', { name: 'Kettle' }],
    [
      'did the kids lock the back door when they got home',
      'HassGetState',
      { name: 'Back Door', state: 'locked' },
    ],
  ])('"%s" is no such command', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });
});

describe('an alarm turned off, a habit told, and "no one" in a remark', () => {
  it.each([
    ['turn the alarm off', 'HassTurnOff', { name: 'Home Alarm' }],
    [
      "would you turn the alarm off please, it's only the carer come in",
      'HassTurnOff',
      { name: 'Home Alarm' },
    ],
    [
      "please switch the christmas tree off, sure no one's even looking at it",
      'HassTurnOff',
      { name: 'Christmas Tree' },
    ],
    ['make sure the heater goes off at 10', 'HassTurnOff', { name: 'Office Heater', at: '10:00' }],
  ])('"%s"', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });

  it.each([
    'my alarm goes off at 6',
    'my alarm goes off',
    'the porch light goes off at 6',
    'the heating comes on at 5 every day',
    'turn off the alarm on my phone',
    'turn off the alarm clock',
  ])('"%s" tells or asks of something else: declined', (text) => {
    expect(read(text).intent).toBeNull();
  });

  it('"turn off the tv, no, the lamp": "no" is a second thought, not "no one"', () => {
    expect(read('turn off the tv, no, the lamp').slots).not.toHaveProperty('name', 'Living Room TV');
  });
});

describe('a state told, an action talked about, a question among remarks (found by a probe for wrong actions)', () => {
  it.each([
    'the front door is unlocked',
    "the front door's still unlocked and I'm going to bed",
    'the garage door is open, whatever',
    'the kettle is on',
    "the heater's still on",
    'the garage light has been on since Tuesday',
    'all the lights are on',
    'the blinds in the living room are stuck open',
    'the front door lock is stuck',
    "the heater shouldn't be on",
    "the kitchen light needn't be on",
    'the kettle is on and the coffee machine is off',
    "the telly's on mute",
    'the back door is unlocked and the garage door is open',
  ])('"%s" tells a state: nothing is done', (text) => {
    expect(read(text).intent).toBeNull();
  });

  it.each([
    'should I unlock the front door',
    'should we turn the telly off',
    'when did the garage door open',
    'when did someone unlock the back door',
    "I'm going to unlock the front door for the delivery guy",
    'I was about to pause the telly',
    'I might put the kettle on',
    "I'm gonna turn the heater on in a bit",
    'I thought about opening the curtains',
    'I hate closing the curtains',
    'stop unlocking the back door',
    'you keep turning the porch light on',
    'turning lights on and off all day is so annoying',
    "I'm not asking you to turn on the lights",
    "you weren't supposed to turn everything off",
    'you just unlocked the front door',
    'would you turn the heater on if you were me',
  ])('"%s" talks about an action and asks for none', (text) => {
    expect(read(text).intent).toBeNull();
  });

  it.each([
    ['the garage light is still on, turn it off', 'HassTurnOff', { name: 'Garage Light' }],
    ["the garage light's still on, can you turn it off", 'HassTurnOff', { name: 'Garage Light' }],
    ['the kitchen light is on, turn off the kitchen fan', 'HassTurnOff', { name: 'Kitchen Fan' }],
    ['please make sure the garage light is off', 'HassTurnOff', { name: 'Garage Light' }],
    ["I'm going to bed, turn off the porch light", 'HassTurnOff', { name: 'Porch Light' }],
    ['I wonder if you might switch on the desk lamp', 'HassTurnOn', { name: 'Desk Lamp' }],
  ])('"%s" still asks for it', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });

  it.each([
    ["if the back door's unlocked, lock it", 'HassTurnOn', { name: 'Back Door' }],
    ['if the porch light is on then turn it off', 'HassTurnOff', { name: 'Porch Light' }],
    [
      'if the lights are on upstairs switch them off',
      'HassTurnOff',
      { floor: 'Upper Floor', domain: 'light' },
    ],
  ])(
    '"%s": a condition on the device\'s own state that the command ends is the command',
    (text, intent, slots) => {
      expect(read(text)).toEqual({ intent, slots });
    },
  );

  it('"if the kitchen light is on, turn on the kitchen fan" (another device) is not done now', () => {
    expect(read('if the kitchen light is on, turn on the kitchen fan').intent).not.toBe('HassTurnOn');
  });

  it.each([
    [
      'how cold is it outside, I am going for my morning walk',
      'HassGetState',
      { name: 'Outside Temperature' },
    ],
    ['is the back door locked, I am going to bed', 'HassGetState', { name: 'Back Door', state: 'locked' }],
  ])('"%s": a question among remarks is the question', (text, intent, slots) => {
    expect(read(text)).toMatchObject({ intent, slots });
  });
});

describe('exceptions, second thoughts, unknown places and amounts (found by a probe for wrong actions)', () => {
  it.each([
    'turn on all the lights, well, not the porch',
    'switch off everything in the lounge but the telly',
    'turn on all the lamps but the desk lamp',
    "turn on the heater, no wait, it's fine",
    'close the blinds, actually keep them open',
    'Turn on the porch light. Actually, no, leave it.',
    'turn off the lights in the dining room',
    'open the blinds by 20 percent',
    'lower the curtains by a quarter',
  ])('"%s": nothing is done rather than the wrong thing', (text) => {
    expect(read(text).intent).toBeNull();
  });

  it.each([
    [
      'turn off the garage light. oops, I meant the garage door, close it',
      'HassTurnOff',
      { name: 'Garage Door' },
    ],
    ['turn on the kitchen light. no wait, the kitchen fan', 'HassTurnOn', { name: 'Kitchen Fan' }],
    [
      'set the thermostat to twenty, no no, twenty one',
      'HassClimateSetTemperature',
      { name: 'Thermostat', temperature: 21 },
    ],
    ['just halfway, sorry', 'HassSetPosition', { name: 'Bedroom Curtains', position: 50 }],
  ])('"%s": the second thought is what is done', (text, intent, slots) => {
    const history = text.startsWith('just') ? ['close the bedroom curtains'] : [];
    expect(read(text, null, history)).toEqual({ intent, slots });
  });

  it.each([
    [
      'turn the thermostat up by 2',
      'HassClimateSetTemperature',
      { name: 'Thermostat', temperature_step: 'up', step_size: 2 },
    ],
    [
      'turn down the thermostat 1 degree',
      'HassClimateSetTemperature',
      { name: 'Thermostat', temperature_step: 'down', step_size: 1 },
    ],
    [
      'dim the floor lamp by 20 percent',
      'HassLightSet',
      { name: 'Floor Lamp', brightness_step: 'down', step_size: 20 },
    ],
    [
      'turn the telly down by 10',
      'HassSetVolume',
      { name: 'Living Room TV', volume_step: 'down', step_size: 10 },
    ],
    [
      'cool the living room down by 2 degrees',
      'HassClimateSetTemperature',
      { area: 'Living Room', temperature_step: 'down', step_size: 2 },
    ],
    // values, not amounts
    ['drop the desk lamp to just five percent', 'HassLightSet', { name: 'Desk Lamp', brightness: 5 }],
    ['crank the telly up to volume 45', 'HassSetVolume', { name: 'Living Room TV', volume_level: 45 }],
    [
      'open the bedroom curtains sixty percent',
      'HassSetPosition',
      { name: 'Bedroom Curtains', position: 60 },
    ],
  ])('"%s": a number after "by" is how much to change', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });

  it('a step of a given size changes by that much', () => {
    const thermostat = {
      entity_id: 'climate.thermostat',
      name: 'Thermostat',
      domain: 'climate',
      area: null,
      state: 'heat',
      attributes: { temperature: 20 },
      actions: ['set_temperature'],
    };
    expect(
      commandFor('HassClimateSetTemperature', { temperature_step: 'up', step_size: 2 }, thermostat),
    ).toMatchObject({
      action: 'set_temperature',
      params: { temperature: 22 },
    });
    const lamp = {
      ...thermostat,
      entity_id: 'light.lamp',
      domain: 'light',
      state: 'on',
      attributes: { brightness: 60 },
    };
    expect(commandFor('HassLightSet', { brightness_step: 'down', step_size: 20 }, lamp)).toMatchObject({
      params: { brightness: 40 },
    });
    expect(commandFor('HassLightSet', { brightness_step: 'down' }, lamp)).toMatchObject({
      params: { brightness: 35 },
    });
  });
});

describe('a room set to a number, covers part of the way, a bare "play"', () => {
  it.each([
    ['set the lounge to 22', 'HassClimateSetTemperature', { area: 'Living Room', temperature: 22 }],
    ['set the office to 20', 'HassClimateSetTemperature', { area: 'Office', temperature: 20 }],
    ['set the lounge lights to 22', 'HassLightSet', { area: 'Living Room', brightness: 22 }],
    ['blinds to 70 percent closed', 'HassSetPosition', { name: 'Living Room Blinds', position: 30 }],
    ['close the curtains three quarters', 'HassSetPosition', { name: 'Bedroom Curtains', position: 25 }],
    ['lower the blinds to 40 percent', 'HassSetPosition', { name: 'Living Room Blinds', position: 40 }],
  ])('"%s"', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });

  it.each(['close the blinds a bit', 'open the curtains a crack', 'set the lounge to 60'])(
    '"%s" is not done (an open or close would overshoot; 60 degrees is no setting)',
    (text) => {
      expect(read(text).intent).toBeNull();
    },
  );

  it('"play" said to the kitchen resumes, it never goes back a track', () => {
    expect(read('play', 'Kitchen').intent).toBe('HassMediaUnpause');
    expect(read('play the previous song', 'Kitchen').intent).toBe('HassMediaPrevious');
  });
});

describe('the wrong actions of the first measure of heldout22, 23 and 24', () => {
  it.each([
    "the kettle's needing descaled",
    "my pal Jean's got one of these smart thermostats",
    'kai turned the lights on',
    'make the place warm small',
  ])('"%s" does nothing (it told, or said no value)', (text) => {
    expect(read(text).intent).toBeNull();
  });

  it.each([
    [
      'would you mind closing the garage door, i think kai left it open again',
      'HassTurnOff',
      { name: 'Garage Door' },
    ],
    ['mornin! good morning scene please', 'HassTurnOn', { name: 'Good Morning' }],
    [
      'open the bedroom curtains a quarter of the way',
      'HassSetPosition',
      { name: 'Bedroom Curtains', position: 25 },
    ],
    ['make the lounge cool', 'HassClimateSetTemperature', { area: 'Living Room', temperature_step: 'down' }],
  ])('"%s"', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });
});

describe('a number in a name is no amount', () => {
  it('"turn on the lamp 2" (a device so named) is switched on, not stepped', () => {
    const reg = registryFromFixtures([home]);
    reg.entities.push({ entity_id: 'light.lamp_2', name: 'Lamp 2', domain: 'light', area: null });
    const own = new Understanding(new IntentEngine(reg));
    expect(nluLine(own, 'turn on the lamp 2', null, []).slots).not.toHaveProperty('step_size');
  });
});

describe('particles of other Englishes, and a vowel left out', () => {
  it.each([
    ['off the ceiling fan abeg', 'HassTurnOff', { name: 'Ceiling Fan' }],
    ['on the porch light lah', 'HassTurnOn', { name: 'Porch Light' }],
    ['too bright in here hen', 'HassLightSet', { area: 'Bedroom', brightness_step: 'down' }, 'Bedroom'],
    // "lockd" is "locked", not "locks"
    ['is the back door lockd', 'HassGetState', { name: 'Back Door', state: 'locked' }],
  ])('understands "%s"', (text, intent, slots, area?: string) => {
    expect(read(text, area ?? null)).toMatchObject({ intent, slots });
  });

  it('a particle never makes a remark a request', () => {
    expect(read('eish the porch light was on all night').intent).toBeNull();
  });

  it('speller: a vowel left out wins a tie', () => {
    const s = new Speller(new Set(['lock', 'locks', 'locked', 'door']));
    expect(s.correct('lockd')).toEqual(['locked']);
    expect(s.correct('dor')).toEqual(['door']);
  });
});

describe('rules on someone moving through a place or a person leaving', () => {
  const rule = (text: string) => {
    const r = u.understand(text, null, { touched: 0 });
    return r.kind === 'rule' ? r.rule : undefined;
  };
  const motion = { type: 'device_state', entity: 'binary_sensor.hallway_motion', to: 'on' };

  it.each([
    'whenever someone moves in the hallway turn on the hallway light',
    'any time somebody walks through the hallway, turn the hallway light on',
    "whenever somebody's moving about in the hall, put the hallway light on",
  ])('"%s" is motion in the hallway', (text) => {
    const r = rule(text);
    expect(r?.trigger).toMatchObject(motion);
    expect(r?.commands[0]?.slots).toMatchObject({ name: 'Hallway Light' });
  });

  it('"there" in the command is the place the trigger names', () => {
    const r = rule('whenever somebody is moving in the hallway, the light there should go on');
    expect(r?.trigger).toMatchObject(motion);
    expect(r?.commands[0]?.slots).toMatchObject({ name: 'Hallway Light' });
  });

  it('a person leaving is the person away, and the rule says so in words', () => {
    const r = rule('when Sam leaves the house, lock the front door');
    expect(r?.trigger).toMatchObject({ type: 'device_state', entity: 'person.sam', to: 'not_home' });
    expect(r?.commands[0]?.slots).toMatchObject({ name: 'Front Door' });
    expect(ruleInWords(r!, [], (id) => id)).toMatch(/^When Sam leaves home, /);
  });

  it('an event first that makes no rule acts on nothing now', () => {
    // the garage has no motion sensor; "the garage" opened is the door or the window
    expect(read('when someone is in the garage turn on the garage light').intent).toBeNull();
    expect(read('when someone opens the garage turn on the garage light').intent).toBeNull();
    // the listener's moment and a question stay what they were
    expect(read('when you get a chance turn off the kitchen light')).toMatchObject({
      intent: 'HassTurnOff',
      slots: { name: 'Kitchen Light' },
    });
  });
});

describe('a state asked with "not" is its opposite', () => {
  it.each([
    ["which doors aren't locked", { domain: 'lock', state: 'unlocked' }],
    ['is the kitchen light not on', { name: 'Kitchen Light', state: 'off' }],
    ['are any lights not off', { domain: 'light', state: 'on' }],
    // a tag question asks the same as without it
    ["isn't the front door locked", { name: 'Front Door', state: 'locked' }],
  ])('"%s"', (text, slots) => {
    expect(read(text)).toMatchObject({ intent: 'HassGetState', slots });
  });
});

describe('a question, then a clause of its own that names nothing of the home', () => {
  it.each([
    ["what's the date today, is it payday yet", 'HassGetCurrentDate', {}],
    ["what's the time abeg", 'HassGetCurrentTime', {}],
    ['what is the time, tell me', 'HassGetCurrentTime', {}],
    ['are all the doors locked before I go to work', 'HassGetState', { domain: 'lock', state: 'locked' }],
  ])('"%s"', (text, intent, slots) => {
    expect(read(text)).toMatchObject({ intent, slots });
  });

  it.each([
    // more of the question, not a clause of its own
    'what time is it in new york',
    "what's the time difference between london and sydney",
    'what is the date of Diwali this year',
    "I'd just like to thank you for all your help today",
    // another time is asked of
    'is the porch light on after sunset',
  ])('"%s" is not answered as the plain question', (text) => {
    expect(read(text).intent).toBeNull();
  });
});

describe('a feeling wanted, kept, denied or disliked (found by a probe for wrong effects)', () => {
  it.each([
    ['keep the office warm', 'HassClimateSetTemperature', { area: 'Office', temperature_step: 'up' }],
    ['I want the telly loud', 'HassSetVolume', { name: 'Living Room TV', volume_step: 'up' }],
    [
      'we want the lounge dark for the film',
      'HassLightSet',
      { area: 'Living Room', brightness_step: 'down' },
    ],
    ['warm the office', 'HassClimateSetTemperature', { area: 'Office', temperature_step: 'up' }],
  ])('"%s" is the state wanted', (text, intent, slots) => {
    expect(read(text)).toMatchObject({ intent, slots });
  });

  it.each([
    "the office isn't warm",
    "it's not too bright in the lounge",
    "the telly's not loud at all",
    'leave the office warm',
    'grandma hates the telly loud',
  ])('"%s" is no complaint to act on', (text) => {
    expect(read(text).intent).toBeNull();
  });
});

describe('a condition not checked now acts on nothing (found by a probe for wrong actions)', () => {
  it.each([
    'lock the back door if the alarm is armed',
    'turn the telly off if the kids are in bed',
    "provided Sam's home, turn off the porch light",
    'close the curtains if it gets dark',
    "if you turn off the telly I'll scream",
  ])('"%s"', (text) => {
    expect(read(text).intent).toBeNull();
  });

  it.each([
    ['turn off the kitchen light if you could', 'HassTurnOff', { name: 'Kitchen Light' }],
    ["if it's no trouble could you lock the back door", 'HassTurnOn', { name: 'Back Door' }],
    ["I'd love it if the desk lamp was on", 'HassTurnOn', { name: 'Desk Lamp' }],
    ['can you check if the garage light is off', 'HassGetState', { name: 'Garage Light', state: 'off' }],
    // the device's own state is still the condition a command ends
    ["if the back door's unlocked, lock it", 'HassTurnOn', { name: 'Back Door' }],
  ])('politeness, a wish or a question is no condition: "%s"', (text, intent, slots) => {
    expect(read(text)).toMatchObject({ intent, slots });
  });
});

describe('advice asked, a dare, a challenge or a joke asks for nothing (found by a probe for wrong actions)', () => {
  it.each([
    'would it be bad to turn off the heater',
    'must I turn the heater on',
    'ought I to close the blinds',
    'hypothetically, could you unlock the front door?',
    'I dare you to unlock the front door',
    "I bet you can't turn on the porch light",
    "you can't turn off the telly",
    'yeah right, like I want the blinds open',
    'turn on the porch light. just kidding',
  ])('"%s"', (text) => {
    expect(read(text).intent).toBeNull();
  });

  it('"you can …" still asks', () => {
    expect(read('you can turn off the telly now')).toMatchObject({
      intent: 'HassTurnOff',
      slots: { name: 'Living Room TV' },
    });
  });
});

describe('a number that is no value to set (found by a probe for wrong actions)', () => {
  it.each([
    'heater 6am',
    'set the heater for 7am',
    'the heater at 9 please',
    'turn the telly down in 5',
    'I need the heating at 20 by 6',
    'wake me at 7 with the bedside lamp',
    'set the kitchen speaker to radio 4',
    'put the telly on 7',
    'heat the office to 100',
    'set the heat to -5',
    'turn on the 2 lamps',
  ])('"%s" acts on nothing', (text) => {
    expect(read(text).intent).toBeNull();
  });

  it.each([
    ['set the thermostat at 21', 'HassClimateSetTemperature', { name: 'Thermostat', temperature: 21 }],
    ['put the telly volume at twelve', 'HassSetVolume', { name: 'Living Room TV', volume_level: 12 }],
    ['open the blinds at 7', 'HassTurnOn', { name: 'Living Room Blinds', at: '07:00' }],
  ])('"%s" keeps its value or time', (text, intent, slots) => {
    expect(read(text)).toMatchObject({ intent, slots });
  });
});

describe('undo asked about, taken back in words, or with a value is no undo (found by a probe)', () => {
  it.each(['is there an undo?', "I didn't mean undo", 'I take it back', 'revert the thermostat to 20'])(
    '"%s"',
    (text) => {
      expect(read(text).intent).not.toBe('HearthUndo');
    },
  );

  it.each(['undo that', 'undo that, way too bright', 'revert it please, I said it by mistake'])(
    '"%s" undoes',
    (text) => {
      expect(read(text).intent).toBe('HearthUndo');
    },
  );
});

describe("others' words, someone else addressed, a device's habit or alarm told (found by a probe)", () => {
  it.each([
    'she told me to turn off the porch light',
    'dad will turn off the porch light',
    'mum, open the curtains',
    'kids, lock the back door',
    'Sam, can you lock the back door',
    'the alarm is going off',
    'the lights keep going on and off, turn them off',
  ])('"%s" acts on nothing', (text) => {
    expect(read(text).intent).toBeNull();
  });

  it('"pause the heating" pauses no thermostat', () => {
    expect(read('pause the heating').slots).not.toMatchObject({ name: 'Thermostat' });
  });

  it('a wake word or a greeting before a comma is no one else', () => {
    expect(read('Hearth, turn off the telly')).toMatchObject({
      intent: 'HassTurnOff',
      slots: { name: 'Living Room TV' },
    });
  });
});

describe('narrower nouns, comparisons, "no point", percent of a heating (found by a probe)', () => {
  it.each([
    ['turn off the bedroom lamps', 'HassTurnOff', { name: 'Bedside Lamp' }],
    ['turn off the living room lamps', 'HassTurnOff', { name: 'Floor Lamp' }],
    ['bit dimmer than that', 'HassLightSet', { brightness_step: 'down' }, 'Living Room'],
  ])('"%s"', (text, intent, slots, area?: string) => {
    expect(read(text, area ?? null)).toMatchObject({ intent, slots });
  });

  it.each([
    // two lamps upstairs, which the slots cannot name: never every light
    'turn off the upstairs lamps',
    'turn on the lamps',
    'no point turning the lights on',
    'refrain from unlocking the front door',
    'the lights are not to be turned on',
    'the telly is louder than the speaker',
    "sure, unlock all the doors, it's not like we live in a city",
    'turn the heater up 5 percent',
  ])('"%s" acts on nothing', (text) => {
    expect(read(text).intent).toBeNull();
  });
});

describe('a device named in a place it is not in, and an alarm clock (found by a probe)', () => {
  it.each([
    'turn off the kitchen light in the office',
    'turn off the desk lamp downstairs',
    'turn off my alarm',
    'set an alarm for 7',
    'set the alarm at 11',
  ])('"%s" acts on nothing', (text) => {
    expect(read(text).intent).toBeNull();
  });

  it.each([
    ['turn off the desk lamp upstairs', 'HassTurnOff', { name: 'Desk Lamp' }],
    ['set the alarm', 'HassTurnOn', { name: 'Home Alarm' }],
    ['arm the alarm at 11', 'HassTurnOn', { name: 'Home Alarm', at: '11:00' }],
  ])('"%s"', (text, intent, slots) => {
    expect(read(text)).toMatchObject({ intent, slots });
  });
});

describe('"did anyone leave … on", "up the stair", "r" for "are"', () => {
  it.each([
    ['did anyone leave lights on upstairs?', { domain: 'light', floor: 'Upper Floor', state: 'on' }],
    ['are there any lights on up the stair', { domain: 'light', floor: 'Upper Floor', state: 'on' }],
    ['r there any lights on in the kitchen', { domain: 'light', area: 'Kitchen', state: 'on' }],
    ['did anyone leave the kettle on', { name: 'Kettle', state: 'on' }],
  ])('"%s"', (text, slots) => {
    expect(read(text)).toMatchObject({ intent: 'HassGetState', slots });
  });

  it('"get up the stairs" is a way, not a floor', () => {
    expect(read('lights off downstairs so I can get up the stairs')).not.toMatchObject({
      slots: { floor: 'Upper Floor' },
    });
  });
});

describe('a scene greeted by name beside words that name nothing', () => {
  it.each([
    'good morning! start the day',
    'good morning. rise and shine!',
    'movie night lads!! popcorns ready',
  ])('"%s"', (text) => {
    expect(read(text).intent).toBe('HassTurnOn');
  });

  it('not beside a number or a "not"', () => {
    expect(read('good night! not yet, at 11').intent).toBeNull();
  });
});

describe('"next door" and "in the door" name no door of the home', () => {
  it('"… the baby next door is only after going down" is a reason', () => {
    expect(
      read(
        'would you ever turn the telly down a small bit, please, the baby next door is only after going down',
      ),
    ).toMatchObject({ intent: 'HassSetVolume', slots: { name: 'Living Room TV', volume_step: 'down' } });
  });

  it('"I\'m only in the door" is just arrived', () => {
    expect(
      read(
        "Would you put the kettle on for me? I'm only in the door off the bus and I'm dying for a cup of tea.",
      ),
    ).toMatchObject({ intent: 'HassTurnOn', slots: { name: 'Kettle' } });
  });

  it('"the door next to the kitchen" is still a door', () => {
    expect(read('lock the door next to the kitchen')).toMatchObject({
      intent: 'HassTurnOn',
      slots: { name: 'Back Door' },
    });
  });
});

describe('switching on or off nothing named is no command', () => {
  it('"about to hop on a call" beside a request adds no part', () => {
    expect(read('hey could you pls turn on the desk lamp, about to hop on a call')).toEqual({
      intent: 'HassTurnOn',
      slots: { name: 'Desk Lamp' },
    });
    expect(read('about to hop on a call').intent).toBeNull();
  });
});

describe('a motion sensor asked about without a state is asked whether it detects', () => {
  it.each([
    ['any movement in the hallway?', { area: 'Hallway', device_class: 'motion', state: 'on' }],
    ['is something moving in the hallway', { area: 'Hallway', device_class: 'motion', state: 'on' }],
    ['is the hallway motion sensor picking anything up', { name: 'Hallway Motion', state: 'on' }],
  ])('"%s"', (text, slots) => {
    expect(read(text)).toMatchObject({ intent: 'HassGetState', slots });
  });
});

describe('"start up", a dash between clauses, thanks said first', () => {
  it.each([
    ['start up the robot vacuum', 'HassVacuumStart', { name: 'Robot Vacuum' }],
    [
      'Thanks so much in advance - would you switch off every light upstairs? Nobody is up there right now.',
      'HassTurnOff',
      { domain: 'light', floor: 'Upper Floor' },
    ],
  ])('"%s"', (text, intent, slots) => {
    expect(read(text)).toMatchObject({ intent, slots });
  });
});

describe('found by a second probe: numbers heard in part, prefixes heard apart, vague times', () => {
  it.each([
    // a number said with "and" is one number, and too big to set
    'set the floor lamp to a hundred and fifty',
    'set the thermostat to twenty too',
    'make the tv 10 louder',
    'set the desk lamp 10 percent dimmer',
    'open the curtains at dawn',
    'dis arm the alarm',
    'on lock the front door',
    'less warmer in the office',
    'porch light \u274C',
    'start a timer for the heater',
    'can you turn off the lights? just asking',
    'would it save money to turn the thermostat down to 17?',
    'turn off the lights in a while',
    'turn off the lights later',
    "I've closed the blinds",
  ])('"%s" acts on nothing', (text) => {
    expect(read(text).intent).toBeNull();
  });

  it.each([
    ['make the floor lamp less dim', 'HassLightSet', { name: 'Floor Lamp', brightness_step: 'up' }],
    ["I've closed the blinds. turn on the floor lamp", 'HassTurnOn', { name: 'Floor Lamp' }],
    [
      "could you pop the porch light on please, Sam's getting dropped off later",
      'HassTurnOn',
      { name: 'Porch Light' },
    ],
  ])('"%s"', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });
});

describe('"the hallway one": the same kind of device in the place now said', () => {
  it('in a compound', () => {
    expect(read('turn off the porch light and turn on the hallway one')).toEqual({
      intent: 'HassTurnOff+HassTurnOn',
      slots: { '1.name': 'Porch Light', '2.name': 'Hallway Light' },
    });
    expect(read('turn off the kitchen fan and turn on the bedroom one')).toEqual({
      intent: 'HassTurnOff+HassTurnOn',
      slots: { '1.name': 'Kitchen Fan', '2.name': 'Ceiling Fan' },
    });
  });

  it('in a follow-up', () => {
    expect(read('and the hallway one', null, ['turn off the porch light'])).toEqual({
      intent: 'HassTurnOff',
      slots: { name: 'Hallway Light' },
    });
  });
});

describe('a compound shares its kind of device and a value said last', () => {
  it.each([
    [
      'lights off in the kitchen and on in the hallway',
      'HassTurnOff+HassTurnOn',
      { '1.domain': 'light', '1.area': 'Kitchen', '2.area': 'Hallway', '2.domain': 'light' },
    ],
    [
      'turn on the office and bedroom lights',
      'HassTurnOn+HassTurnOn',
      { '1.area': 'Office', '1.domain': 'light', '2.area': 'Bedroom', '2.domain': 'light' },
    ],
    [
      'dim the floor lamp and the desk lamp to 10',
      'HassLightSet+HassLightSet',
      { '1.name': 'Floor Lamp', '1.brightness': 10, '2.name': 'Desk Lamp', '2.brightness': 10 },
    ],
    [
      'dim the floor lamp and set the desk lamp to 10',
      'HassLightSet+HassLightSet',
      { '1.name': 'Floor Lamp', '1.brightness_step': 'down', '2.name': 'Desk Lamp', '2.brightness': 10 },
    ],
  ])('"%s"', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });
});

describe('follow-ups: a choice refused, a command set for later', () => {
  it('"not the desk one" never picks the desk lamp; with one other left, it is that one', () => {
    expect(read('not the desk one', null, ['turn on the lamp']).intent).toBeNull();
    expect(read('not the front one', null, ['lock the door'])).toMatchObject({
      intent: 'HassTurnOn',
      slots: { name: 'Back Door' },
    });
  });

  it('after a command set for later, "and …" is for then too, and a bare number is not set', () => {
    expect(read('and the coffee machine', null, ['turn on the kettle in 10 minutes'])).toEqual({
      intent: 'HassTurnOn',
      slots: { name: 'Coffee Machine', delay_seconds: 600 },
    });
    expect(read('make it 20', null, ['turn off the lights in 10 minutes']).intent).toBeNull();
  });
});

describe('an hour said bare is whichever comes first', () => {
  const tz = 'Europe/London';
  const at = (text: string) => cutWhen(tokenize(markClockTimes(text))).when!;

  it('"turn the kettle on at 9" said at 8 pm is 9 pm; at 6 am it is 9 am', () => {
    const when = at('turn the kettle on at 9');
    expect(when).toEqual({ at: '09:00', either: true });
    expect(new Date(dueOf(when, Date.parse('2026-11-24T20:00:00Z'), tz)).toISOString()).toBe(
      '2026-11-24T21:00:00.000Z',
    );
    expect(new Date(dueOf(when, Date.parse('2026-11-24T06:00:00Z'), tz)).toISOString()).toBe(
      '2026-11-24T09:00:00.000Z',
    );
  });

  it('"movie night at 9" is 9 pm whenever it is said: the evening is in the words', () => {
    expect(at('movie night at 9')).toEqual({ at: '21:00' });
  });

  it('a part of the day or am/pm said is kept', () => {
    expect(at('open the blinds at 7 am')).toEqual({ at: '07:00' });
    expect(at('turn on the porch light at 7 tonight')).toEqual({ at: '19:00' });
    expect(at('open the blinds at 7:45 tomorrow morning')).toEqual({ at: '07:45', tomorrow: true });
  });
});

describe('found by the second probe, more: moved by a part, a compound name opened, heard in part', () => {
  it.each([
    'raise the blinds a quarter',
    'close the blinds a quarter',
    'turn on the light by the back door',
    'halve the volume on the tv',
    'unlocked the front door',
    'the arm the alarm',
    'turn off the porch light at down',
    'set the floor lamp to forty for percent',
    'set the thermostat to twenty for',
    'floor lamp 0.5',
    'can the heater go to 25?',
    'can I dim the kitchen light?',
  ])('"%s" acts on nothing', (text) => {
    expect(read(text).intent).toBeNull();
  });

  it.each([
    ['open the blinds a quarter of the way', 'HassSetPosition', { name: 'Living Room Blinds', position: 25 }],
    ['turn on the lights round the back of the telly', 'HassTurnOn', { name: 'TV Backlight' }],
    ['can I have the kitchen light on', 'HassTurnOn', { name: 'Kitchen Light' }],
  ])('"%s"', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });
});

describe('"turn them off" after devices named in a compound', () => {
  it('acts on each of them; "it" is the last', () => {
    expect(read('turn them off', null, ['turn on the kitchen light and the fan'])).toEqual({
      intent: 'HassTurnOff+HassTurnOff',
      slots: { '1.name': 'Kitchen Light', '2.name': 'Kitchen Fan' },
    });
    expect(read('turn it off', null, ['turn on the kitchen light and the fan'])).toEqual({
      intent: 'HassTurnOff',
      slots: { name: 'Kitchen Fan' },
    });
  });
});

describe('"only" after a value, and the value said again as a limit', () => {
  it.each([
    [
      'open the living room blinds sixty percent only, too much sun',
      'HassSetPosition',
      { name: 'Living Room Blinds', position: 60 },
    ],
    ['floor lamp at forty percent only, not more', 'HassLightSet', { name: 'Floor Lamp', brightness: 40 }],
    ['set the thermostat to 21 only', 'HassClimateSetTemperature', { name: 'Thermostat', temperature: 21 }],
  ])('"%s"', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });

  it('"not more" after no value takes the request back', () => {
    expect(read('turn off the lights, not more').intent).toBeNull();
  });
});

describe('a purpose after the request', () => {
  it('"… just enough to see the nappy" is its purpose', () => {
    expect(read('bedside lamp to five percent, just enough to see the nappy')).toEqual({
      intent: 'HassLightSet',
      slots: { name: 'Bedside Lamp', brightness: 5 },
    });
  });
});

describe('Scots and Northern English words', () => {
  it.each([
    ['the coffee machine, on wi it', 'HassTurnOn', { name: 'Coffee Machine' }],
    [
      'get the office up tae twenty-one degrees',
      'HassClimateSetTemperature',
      { area: 'Office', temperature: 21 },
    ],
    [
      'turn the thermostat down to 16 at half ten the night',
      'HassClimateSetTemperature',
      { name: 'Thermostat', temperature: 16, at: '22:30' },
    ],
    ['have we left owt on upstairs?', 'HassGetState', { floor: 'Upper Floor', state: 'on' }],
    ['is there anybody in the hoose the now', 'HassGetState', { domain: 'person', state: 'home' }],
  ])('"%s"', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });

  it('"the night light" stays a light', () => {
    expect(read('turn off the night light').intent).toBe('HassTurnOff');
  });
});

describe('a letter held down, "roll that back"', () => {
  it.each([
    ['Please put the porch light onn.', 'HassTurnOn', { name: 'Porch Light' }],
    ['turn offf the kettle', 'HassTurnOff', { name: 'Kettle' }],
    ['roll that back lol', 'HearthUndo', {}],
  ])('"%s"', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });
});

describe('a sentence that names a device, then a request on "it"', () => {
  it('"The porch light. Can you turn it off?"', () => {
    expect(read('the porch light. can you turn it off')).toEqual({
      intent: 'HassTurnOff',
      slots: { name: 'Porch Light' },
    });
  });
});

describe('someone by name in a reason said without a comma', () => {
  it('"telly volume to twelve jess is asleep"', () => {
    expect(read('telly volume to twelve jess is asleep')).toEqual({
      intent: 'HassSetVolume',
      slots: { name: 'Living Room TV', volume_level: 12 },
    });
  });

  it.each(['that dinner party on Saturday was mighty craic', 'movie night kai was rubbish'])(
    '"%s" is told, not asked',
    (text) => {
      expect(read(text).intent).toBeNull();
    },
  );
});

describe('"before you forget", and what one is about to do after the request', () => {
  it.each([
    ['the back door, lock it before you forget', 'HassTurnOn', { name: 'Back Door' }],
    ['lights off in the office, about to jump on a zoom', 'HassTurnOff', { domain: 'light', area: 'Office' }],
    // ("going" is also a state: "is the fan still going" — never a second part here)
    ['turn off the desk lamp, going to bed', 'HassTurnOff', { name: 'Desk Lamp' }],
  ])('"%s"', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });
});

describe('a rule with a remark after a comma', () => {
  const rule = (text: string) => {
    const r = u.understand(text, null, { touched: 0 });
    return r.kind === 'rule' ? r.rule : undefined;
  };

  it.each([
    ['every weekday at 8:45 turn on the desk lamp, standup is at 9', '08:45'],
    ['every evening at 9 close the bedroom curtains, papa sleeps early', '21:00'],
  ])('"%s"', (text, at) => {
    expect(rule(text)?.trigger).toMatchObject({ type: 'time', at });
  });
});

describe('the most there is, and a temperature told', () => {
  it.each([
    ['crank the mirror light all the way up', 'HassLightSet', { name: 'Mirror Light', brightness: 100 }],
    [
      'turn the kitchen speaker up full blast',
      'HassSetVolume',
      { name: 'Kitchen Speaker', volume_level: 100 },
    ],
  ])('"%s"', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });

  it('"it\'s like 60 degrees in here, warmer pls" steps up, never sets 60', () => {
    expect(read("it's like 60 degrees in here, warmer pls", 'Living Room')).toEqual({
      intent: 'HassClimateSetTemperature',
      slots: { area: 'Living Room', temperature_step: 'up' },
    });
  });
});

describe('found by a third probe: thanks for what is done, "mind not", what a thing is not, counts and steps', () => {
  it.each([
    'cheers for putting the kettle on',
    'ta for locking up',
    'would you mind not turning on the porch light',
    "unlock the door that isn't the front door",
    "turn on the lamp that's not in the bedroom",
    'switch on one lamp in the bedroom',
    'turn the volume up two notches on the telly',
    'volume +5 on the telly',
    'raise the volume 15 on the kitchen speaker',
    'open the garage for Sam when he arrives',
    'put the kettle on for after the film',
    'right away',
    'porch light on at quarter to',
    'wake me up at 7 with the lights',
  ])('"%s" acts on nothing', (text) => {
    expect(read(text).intent).toBeNull();
  });

  it.each([
    ['turn on the porch light at quarter to 7', 'HassTurnOn', { name: 'Porch Light', at: '06:45' }, null],
    ['is the light on?', 'HassGetState', { name: 'Kitchen Light', state: 'on' }, 'Kitchen'],
  ])('"%s"', (text, intent, slots, area) => {
    expect(read(text, area)).toEqual({ intent, slots });
  });
});

describe('narrowing said after a part, ending a scene, a kind only implied', () => {
  it.each([
    ['turn on the bedroom lights, just the bedside one', { name: 'Bedside Lamp' }],
    ['turn on the lounge light, the floor one', { name: 'Floor Lamp' }],
  ])('"%s" is the one said', (text, slots) => {
    expect(read(text)).toEqual({ intent: 'HassTurnOn', slots });
  });

  it('"and the porch light" adds, it does not narrow', () => {
    expect(read('turn off the lights downstairs and the porch light').intent).toBe('HassTurnOff+HassTurnOff');
  });

  it.each(['end the dinner party', 'get out of movie night mode', 'brighter'])(
    '"%s" acts on nothing',
    (text) => {
      expect(read(text).intent).toBeNull();
    },
  );

  it('"brighter" at a room\'s tablet is that room', () => {
    expect(read('brighter', 'Kitchen')).toEqual({
      intent: 'HassLightSet',
      slots: { brightness_step: 'up', area: 'Kitchen' },
    });
  });
});

describe('found by a third probe, more: corrections, partial scene names, directions, two turns', () => {
  it.each([
    ['lock the back door, the front one', 'HassTurnOn', { name: 'Front Door' }],
    ['turn on the heater, the thermostat one', 'HassTurnOn', { name: 'Thermostat' }],
    ['mornin! good morning scene please', 'HassTurnOn', { name: 'Good Morning' }],
    ['morning routine please', 'HassTurnOn', { name: 'Good Morning' }],
  ])('"%s"', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });

  it.each([
    'dinner time',
    'morning!',
    'lights up',
    'turn the heater down to 25',
    'turn the thermostat up to 19',
    'bless you for turning the heating on',
    'telly volume up 5',
  ])('"%s" acts on nothing', (text) => {
    expect(read(text).intent).toBeNull();
  });

  it('a bare number after a question is no setting', () => {
    expect(read('twenty one', null, ["what's the thermostat set to?"]).intent).toBeNull();
  });

  it('"them" after two turns on one device each is both', () => {
    expect(read('turn them off', null, ['turn on the kettle', 'turn on the coffee machine'])).toEqual({
      intent: 'HassTurnOff+HassTurnOff',
      slots: { '1.name': 'Kettle', '2.name': 'Coffee Machine' },
    });
    expect(read('turn it off', null, ['turn on the kettle', 'turn on the coffee machine'])).toEqual({
      intent: 'HassTurnOff',
      slots: { name: 'Coffee Machine' },
    });
  });
});

describe('first measure of heldout25–27: a question with its tag at the end, what one will do', () => {
  it.each([
    ['front door locked already or not', { name: 'Front Door', state: 'locked' }],
    ['got any lights still on downstairs', { domain: 'light', floor: 'Ground Floor', state: 'on' }],
    ['living room got which lights on', { domain: 'light', area: 'Living Room', state: 'on' }],
    ['porch light still on meh', { name: 'Porch Light', state: 'on' }],
    ['the garage door closed already anot', { name: 'Garage Door', state: 'closed' }],
  ])('"%s" asks', (text, slots) => {
    expect(read(text)).toEqual({ intent: 'HassGetState', slots });
  });

  it('"can … or not" still asks for it', () => {
    expect(read('can help me close the blinds or not').intent).toBe('HassTurnOff');
  });

  it.each(["I'll lock the back door now in a minute", 'we will close the blinds'])(
    '"%s" tells what one will do',
    (text) => {
      expect(read(text).intent).toBeNull();
    },
  );
});

describe('two letters swapped, other words for the hall and the porch light', () => {
  it.each([
    ['pasue the tv quick', 'HassMediaPause', { name: 'Living Room TV' }],
    ['can you please put the lights in the passage on', 'HassTurnOn', { area: 'Hallway', domain: 'light' }],
    ['switch on the stoep light', 'HassTurnOn', { name: 'Porch Light' }],
  ])('"%s"', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });

  it('speller: a swap is one edit', () => {
    expect(new Speller(new Set(['pause', 'light'])).correct('pasue')).toEqual(['pause']);
  });
});

describe('found by the probes, last round: a device whose name says the word, kept as it is, "no" after', () => {
  it('"and the speaker" after the telly is the speaker', () => {
    expect(read('and the speaker', null, ['turn the tv up'])).toEqual({
      intent: 'HassSetVolume',
      slots: { name: 'Kitchen Speaker', volume_step: 'up' },
    });
  });

  it.each([
    'turn off the kettle as soon as it boils',
    'leave the porch one',
    'actually leave the bathroom',
    "you can't undo that can you",
    'undo? no',
    'take it away',
    'turn the heating on for when I wake up',
  ])('"%s" acts on nothing', (text) => {
    expect(read(text).intent).toBeNull();
  });

  it('"and the hallway one" adds; "the front one" after a comma corrects', () => {
    expect(read('turn off the porch light and the hallway one').intent).toBe('HassTurnOff+HassTurnOff');
    expect(read('lock the back door, the front one')).toEqual({
      intent: 'HassTurnOn',
      slots: { name: 'Front Door' },
    });
  });
});

describe('Singapore English: "ah" as a topic marker, "help to", a remark without its "is"', () => {
  it.each([
    ['the porch light ah, on it', 'HassTurnOn', { name: 'Porch Light' }],
    ['kettle ah, switch off for me', 'HassTurnOff', { name: 'Kettle' }],
    [
      'could you help to on the kitchen fan, the cooking smell very strong',
      'HassTurnOn',
      { name: 'Kitchen Fan' },
    ],
    ['is the telly still on ah', 'HassGetState', { name: 'Living Room TV', state: 'on' }],
  ])('"%s"', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });
});

describe('a clock time after a day word, with its "at" left out', () => {
  it('"tomorrow morning 6.45 on the coffee machine"', () => {
    expect(read('tomorrow morning 6.45 on the coffee machine')).toEqual({
      intent: 'HassTurnOn',
      slots: { name: 'Coffee Machine', at: '06:45' },
    });
  });

  it('"every night 10.30 lock the front door automatically" is a rule at 22:30', () => {
    const r = u.understand('every night 10.30 lock the front door automatically', null, { touched: 0 });
    expect(r.kind === 'rule' && r.rule.trigger).toEqual({ type: 'time', at: '22:30' });
  });
});

describe('a trigger said without its verb ending', () => {
  it('"whenever the garage door open, on the garage light"', () => {
    const r = u.understand('whenever the garage door open, on the garage light', null, { touched: 0 });
    expect(r.kind === 'rule' && r.rule.trigger).toMatchObject({ entity: 'cover.garage_door', to: 'open' });
  });
});

describe('a number listed in a remark, "undo things"', () => {
  it.each(['the kids are 5 and 7, dim the lights', 'can you undo things?'])(
    '"%s" acts on nothing',
    (text) => {
      expect(read(text).intent).toBeNull();
    },
  );

  it('two values in a compound stay each its own', () => {
    expect(read('set the floor lamp to 30 and the desk lamp to 40')).toEqual({
      intent: 'HassLightSet+HassLightSet',
      slots: { '1.name': 'Floor Lamp', '1.brightness': 30, '2.name': 'Desk Lamp', '2.brightness': 40 },
    });
  });
});

describe('a greeting that is a scene beside a question it cannot answer', () => {
  it('"good morning! what\'s the weather like" runs no scene', () => {
    expect(read("good morning! what's the weather like").intent).toBeNull();
  });
  it('"good morning... what a night" is an exclamation beside it', () => {
    expect(read('good morning... what a night')).toEqual({
      intent: 'HassTurnOn',
      slots: { name: 'Good Morning' },
    });
  });
});

describe('a light said of a device that is none', () => {
  it.each(['turn on the telly light', 'turn off the ceiling fan light'])('"%s" acts on nothing', (text) => {
    expect(read(text).intent).toBeNull();
  });
  it('"the christmas tree lights" is still the tree', () => {
    expect(read('turn on the christmas tree lights')).toEqual({
      intent: 'HassTurnOn',
      slots: { name: 'Christmas Tree' },
    });
  });
});

describe('undo of what was done on another day', () => {
  it('"undo everything from yesterday" is not the last command undone', () => {
    expect(read('undo everything from yesterday').intent).toBeNull();
  });
});

describe('a wish for a state: "I\'d appreciate it if … went on"', () => {
  it.each([
    ["I'd appreciate it if the office heater went on, my feet are like ice", { name: 'Office Heater' }],
    [
      "I'd really appreciate it if you'd switch the porch light on, we're expecting the grandkids tonight",
      { name: 'Porch Light' },
    ],
  ])('"%s"', (text, slots) => {
    expect(read(text)).toEqual({ intent: 'HassTurnOn', slots });
  });

  it('"check if the porch light went off" still asks', () => {
    expect(read('check if the porch light went off')).toEqual({
      intent: 'HassGetState',
      slots: { name: 'Porch Light', state: 'off' },
    });
  });
});

describe('South African particles', () => {
  it('"too bright man" at the bedroom tablet', () => {
    expect(read('too bright man', 'Bedroom')).toEqual({
      intent: 'HassLightSet',
      slots: { area: 'Bedroom', brightness_step: 'down' },
    });
  });
});

describe('last of heldout26/27: "can … or not", timers "got timed", "change back", "bitter"', () => {
  it.each([
    ['the coffee machine, can on or not', 'HassTurnOn', { name: 'Coffee Machine' }, null],
    ['what have you got timed to go off tonight', 'HearthTimerList', {}, null],
    ['change back to just now', 'HearthUndo', {}, null],
    ['if not too much trouble, arm the home alarm please', 'HassTurnOn', { name: 'Home Alarm' }, null],
    [
      "it's bitter in here, mun",
      'HassClimateSetTemperature',
      { area: 'Living Room', temperature_step: 'up' },
      'Living Room',
    ],
  ])('"%s"', (text, intent, slots, area) => {
    expect(read(text, area)).toEqual({ intent, slots });
  });
});

describe('Philippine English: "open" and "close" said of what is only switched', () => {
  it.each([
    ['close the tv', 'HassTurnOff', { name: 'Living Room TV' }],
    ['open the tv', 'HassTurnOn', { name: 'Living Room TV' }],
    ['kindly open the porch light po', 'HassTurnOn', { name: 'Porch Light' }],
    ['pakisara naman the garage door', 'HassTurnOff', { name: 'Garage Door' }],
    ['movie night tayo', 'HassTurnOn', { name: 'Movie Night' }],
    ['is the porch light open', 'HassGetState', { name: 'Porch Light', state: 'on' }],
    [
      'are there lights still open downstairs?',
      'HassGetState',
      { domain: 'light', floor: 'Ground Floor', state: 'on' },
    ],
  ])('"%s"', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });
  it('a door asked open stays open: a switched reading only when nothing there opens', () => {
    expect(read('is the garage door open').slots.state).toBe('open');
    expect(read('is the garage dore open').slots.state).not.toBe('on');
  });
});

describe('other people\'s words for rooms and fans: sala, washroom, exhaust fan, "the hall one"', () => {
  it.each([
    ["what's the temperature in the sala now?", 'HassClimateGetTemperature', { area: 'Living Room' }],
    ['could I get the mirror light on in the washroom please', 'HassTurnOn', { name: 'Mirror Light' }],
    ['is the exhaust fan in the kitchen on', 'HassGetState', { name: 'Kitchen Fan', state: 'on' }],
  ])('"%s"', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });
  it('"the hall one as well" after a light turned off is the hallway light, not 1 %', () => {
    expect(read('the hall one as well', null, ['turn off the kitchen light'])).toEqual({
      intent: 'HassTurnOff',
      slots: { name: 'Hallway Light' },
    });
  });
});

describe('the time asked in any order, a time said loosely', () => {
  it.each([
    ['what time is it rn', 'HassGetCurrentTime'],
    ['what time is it right now', 'HassGetCurrentTime'],
    ['which day we are today?', 'HassGetCurrentDate'],
    ['what day is it at the moment', 'HassGetCurrentDate'],
  ])('"%s"', (text, intent) => {
    expect(read(text)).toEqual({ intent, slots: {} });
  });
  it.each(['what time is it in Tokyo', 'what day is it tomorrow', 'what time is the movie'])(
    '"%s" is not the clock now',
    (text) => {
      expect(read(text).intent).toBeNull();
    },
  );
  it('"in like twenty minutes", "at around 7pm"', () => {
    expect(read('um turn off the garage light in like twenty minutes')).toEqual({
      intent: 'HassTurnOff',
      slots: { name: 'Garage Light', delay_seconds: 1200 },
    });
    expect(read('turn off the garage light at around 7pm').slots).toEqual({
      name: 'Garage Light',
      at: '19:00',
    });
  });
  it('"away and put movie night on" (Belfast "go and")', () => {
    expect(read('away and put movie night on')).toEqual({
      intent: 'HassTurnOn',
      slots: { name: 'Movie Night' },
    });
  });
});

describe('a state denied is its opposite, never the state said', () => {
  it.each([
    ['kindly ensure that the front door is not unlocked', 'HassTurnOn', { name: 'Front Door' }],
    ['make sure the front door is not locked', 'HassTurnOff', { name: 'Front Door' }],
    ['make sure the porch light is not on', 'HassTurnOff', { name: 'Porch Light' }],
    ["make sure the porch light isn't off", 'HassTurnOn', { name: 'Porch Light' }],
    ['ensure the blinds are not open', 'HassTurnOff', { name: 'Living Room Blinds' }],
    ["I'd appreciate it if the kitchen light were no longer on", 'HassTurnOff', { name: 'Kitchen Light' }],
    ['is the porch light not on?', 'HassGetState', { name: 'Porch Light', state: 'off' }],
  ])('"%s"', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });
  it.each(["don't open the blinds", 'do not turn on the light'])('"%s" still does nothing', (text) => {
    expect(read(text).intent).toBeNull();
  });
});

describe('someone of the house called by a family word, "I\'ll" said as a plan', () => {
  it.each([
    'Grandpa, can you shut the blinds when you get up',
    'Lola, turn off the tv',
    'kuya, lock the door',
  ])('"%s" is said to them', (text) => {
    expect(read(text).intent).toBeNull();
  });
  it('"thermostat to 21 at 8am, I\'ll be home then" is one command, the remark no second part', () => {
    expect(read("thermostat to 21 at 8am, I'll be home then")).toEqual({
      intent: 'HassClimateSetTemperature',
      slots: { name: 'Thermostat', temperature: 21, at: '08:00' },
    });
    expect(read("I'll be home then", null, ['thermostat to 21']).intent).toBeNull();
  });
});

describe("a state only one kind has, the kind's own word at a tablet, words that only correct", () => {
  it('"is everything locked up for the night" asks of the locks', () => {
    expect(read('is everything locked up for the night')).toEqual({
      intent: 'HassGetState',
      slots: { domain: 'lock', state: 'locked' },
    });
  });
  it('"open the light" at the bedroom\'s tablet is its lights, as "turn on the light" is', () => {
    expect(read("open the light, it's dark already", 'Bedroom')).toEqual({
      intent: 'HassTurnOn',
      slots: { area: 'Bedroom', domain: 'light' },
    });
    expect(read('turn on the light', 'Bedroom').slots).toEqual({ area: 'Bedroom', domain: 'light' });
  });
  it('a remark of a light after a lamp set is no second part ("only a little light")', () => {
    expect(read('bedside lamp at ten percent, I just want small light')).toEqual({
      intent: 'HassLightSet',
      slots: { name: 'Bedside Lamp', brightness: 10 },
    });
  });
  it.each([
    [
      'make it 20 instead',
      ['dim the floor lamp to 50'],
      'HassLightSet',
      { name: 'Floor Lamp', brightness: 20 },
    ],
    [
      'a bit lower pa',
      ['set the kitchen speaker to 30'],
      'HassSetVolume',
      { name: 'Kitchen Speaker', volume_step: 'down' },
    ],
    [
      'cancel that timer na, lola is still awake',
      ['turn off the ceiling fan in one hour'],
      'HearthTimerCancel',
      {},
    ],
  ])('"%s"', (text, history, intent, slots) => {
    expect(read(text, null, history)).toEqual({ intent, slots });
  });
});

describe('a greeting, a comma, then a question', () => {
  it.each(["good morning, what's on the news", "good morning, what's the weather like"])(
    '"%s" runs no scene',
    (text) => {
      expect(read(text).intent).toBeNull();
    },
  );
  it.each(['hi, what time is it', 'good morning, what time is it'])('"%s" tells the time', (text) => {
    expect(read(text)).toEqual({ intent: 'HassGetCurrentTime', slots: {} });
  });
  it('"good morning, could you put the kettle on" still puts the kettle on', () => {
    expect(read('good morning, could you put the kettle on')).toEqual({
      intent: 'HassTurnOn',
      slots: { name: 'Kettle' },
    });
  });
});

describe('wrong effects a probe found: a change prevented or dropped, "not left", "A not B", "on" as where', () => {
  it.each([
    'stop the porch light turning off',
    'keep the porch light from turning off',
    'stop the vacuum from docking',
    'stop skipping songs',
    'never mind locking the back door',
    'scrap turning the kettle on',
    'never mind about locking the back door',
    'the kitchen is not gloomy',
  ])('"%s" does nothing', (text) => {
    expect(read(text, 'Living Room').intent).toBeNull();
  });
  it.each([
    ["make sure the back door isn't left unlocked", 'HassTurnOn', { name: 'Back Door' }],
    ["make sure the kettle isn't left on", 'HassTurnOff', { name: 'Kettle' }],
    ["we can't leave the back door unlocked", 'HassTurnOn', { name: 'Back Door' }],
    ["don't leave the porch light on", 'HassTurnOff', { name: 'Porch Light' }],
    ['quieter, not louder, on the tv', 'HassSetVolume', { name: 'Living Room TV', volume_step: 'down' }],
    [
      'turn the thermostat down not up',
      'HassClimateSetTemperature',
      { name: 'Thermostat', temperature_step: 'down' },
    ],
    ['too loud on the telly', 'HassSetVolume', { name: 'Living Room TV', volume_step: 'down' }],
    [
      'less cold on the office heater',
      'HassClimateSetTemperature',
      { name: 'Office Heater', temperature_step: 'up' },
    ],
  ])('"%s"', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });
  it('"stop being so loud" turns it down, not off; "stop the music" and "stop heating the office" still stop', () => {
    expect(read('stop being so loud', 'Kitchen')).toEqual({
      intent: 'HassSetVolume',
      slots: { area: 'Kitchen', volume_step: 'down' },
    });
    expect(read('stop the music', 'Living Room').intent).toBe('HassMediaPause');
    expect(read('stop heating the office')).toEqual({
      intent: 'HassTurnOff',
      slots: { name: 'Office Heater' },
    });
  });
  it('"less light on the porch" never turns the porch light on', () => {
    expect(read('less light on the porch').intent).not.toBe('HassTurnOn');
    expect(read('turn on the porch light')).toEqual({ intent: 'HassTurnOn', slots: { name: 'Porch Light' } });
  });
});

describe('some of a kind picked out, an undo of something outside the home', () => {
  it.each(['turn off the reading lights', 'turn off the small lights'])(
    '"%s" is never every light',
    (text) => {
      expect(read(text).intent).toBeNull();
    },
  );
  it('"undo my mistake in the spreadsheet" undoes nothing; "ugh undo that wrong room", "undo dat" undo', () => {
    expect(read('undo my mistake in the spreadsheet').intent).toBeNull();
    expect(read('ugh undo that wrong room').intent).toBe('HearthUndo');
    expect(read('undo dat').intent).toBe('HearthUndo');
  });
});

describe("a bare hour in a message about the evening is the evening's", () => {
  it.each([
    ['movie night tomorrow at 8', { name: 'Movie Night', at: '20:00' }],
    ['dinner party mode tomorrow at 7', { name: 'Dinner Party', at: '19:00' }],
    ['turn on the porch light tomorrow at 7', { name: 'Porch Light', at: '07:00' }],
    ['good morning tomorrow at 7', { name: 'Good Morning', at: '07:00' }],
  ])('"%s"', (text, slots) => {
    expect(read(text)).toEqual({ intent: 'HassTurnOn', slots });
  });
});

describe('English as Lagos, Kingston and second-language speakers say it', () => {
  it.each([
    ['the christmas tree, abeg off am', null, 'HassTurnOff', { name: 'Christmas Tree' }],
    [
      'tun off di porch light inna half hour',
      null,
      'HassTurnOff',
      { name: 'Porch Light', delay_seconds: 1800 },
    ],
    ['di front door, lock it nuh', null, 'HassTurnOn', { name: 'Front Door' }],
    ['Wah time it is now?', null, 'HassGetCurrentTime', {}],
    ['wetin you fit do?', null, 'HearthHelp', {}],
    ['can you put the coffee machine?', null, 'HassTurnOn', { name: 'Coffee Machine' }],
    ['at 6:45 put the coffee machine', null, 'HassTurnOn', { name: 'Coffee Machine', at: '06:45' }],
    ['close the persiana', null, 'HassTurnOff', { name: 'Living Room Blinds' }],
    ['how hot is it in the parlour?', null, 'HassClimateGetTemperature', { area: 'Living Room' }],
    ['How late is it?', null, 'HassGetCurrentTime', {}],
    [
      'set the office heater to nineteen comma five',
      null,
      'HassClimateSetTemperature',
      { name: 'Office Heater', temperature: 19.5 },
    ],
    [
      'set the office heater to 19,5',
      null,
      'HassClimateSetTemperature',
      { name: 'Office Heater', temperature: 19.5 },
    ],
    [
      'be so good and pause the music on the kitchen speaker',
      null,
      'HassMediaPause',
      { name: 'Kitchen Speaker' },
    ],
    [
      'What is the actual temperature in the living room?',
      null,
      'HassClimateGetTemperature',
      { area: 'Living Room' },
    ],
  ])('"%s"', (text, area, intent, slots) => {
    expect(read(text, area)).toEqual({ intent, slots });
  });
  it('"lock it den" follows the last turn; "the den" stays a room this home lacks', () => {
    expect(read('lock it den', null, ['is the back door locked'])).toEqual({
      intent: 'HassTurnOn',
      slots: { name: 'Back Door' },
    });
    expect(read('turn on the lights in the den').intent).toBeNull();
  });
  it('Singapore "wah" is a cry, not "what"', () => {
    expect(read('wah the kitchen light very nice colour leh').intent).toBeNull();
  });
  it('"put" with a state or a value keeps it', () => {
    expect(read('put the blinds down')).toEqual({
      intent: 'HassTurnOff',
      slots: { name: 'Living Room Blinds' },
    });
    expect(read('put the thermostat to 20')).toEqual({
      intent: 'HassClimateSetTemperature',
      slots: { name: 'Thermostat', temperature: 20 },
    });
  });
});

describe('a device named in a sentence of its own, a rule\'s time with "by", "the half", a name asked what they did', () => {
  it.each([
    ['Vacuum. Dock.', 'HassVacuumReturnToBase', { name: 'Robot Vacuum' }],
    ['Front door. Lock.', 'HassTurnOn', { name: 'Front Door' }],
    ['The front door. Can you lock it?', 'HassTurnOn', { name: 'Front Door' }],
    ['Front door. Is it locked?', 'HassGetState', { name: 'Front Door', state: 'locked' }],
    [
      'open the bedroom curtains until the half',
      'HassSetPosition',
      { name: 'Bedroom Curtains', position: 50 },
    ],
    [
      'first start the vacuum, after turn off the hallway light',
      'HassVacuumStart+HassTurnOff',
      { '1.name': 'Robot Vacuum', '2.name': 'Hallway Light' },
    ],
    ['every weekday by 9am start the robot vacuum', 'HearthAutomationCreate', { trigger: 'time' }],
    ["Every night a ten o'clock, lock di back door fi mi", 'HearthAutomationCreate', { trigger: 'time' }],
  ])('"%s"', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });
  it('"Front door. Thanks." does nothing', () => {
    expect(read('Front door. Thanks.').intent).toBeNull();
  });
  it('"Nadine, did you lock the back door when you went out?" is asked of Nadine; "did you lock the back door?" of the home', () => {
    expect(read('Nadine, did you lock the back door when you went out?').intent).toBeNull();
    expect(read('did you lock the back door?')).toEqual({
      intent: 'HassGetState',
      slots: { name: 'Back Door', state: 'locked' },
    });
  });
});

describe('more of heldout31–33: "sharp sharp", "e too hot", "bare loud", a double negative, "if it\'s possible", "draw … open"', () => {
  it.each([
    ['open the garag door sharp sharp', null, 'HassTurnOn', { name: 'Garage Door' }],
    ['abeg on the fan, e too hot for here', 'Kitchen', 'HassTurnOn', { name: 'Kitchen Fan' }],
    ["it's bare loud in here", 'Kitchen', 'HassSetVolume', { area: 'Kitchen', volume_step: 'down' }],
    [
      'mi cyaan see nutten, put on di light dem',
      'Bedroom',
      'HassTurnOn',
      { area: 'Bedroom', domain: 'light' },
    ],
    ["if it's possible, turn on the porch light", null, 'HassTurnOn', { name: 'Porch Light' }],
    ['the bedroom curtains... draw them open', null, 'HassTurnOn', { name: 'Bedroom Curtains' }],
    ['draw the curtains', null, 'HassTurnOff', { name: 'Bedroom Curtains' }],
  ])('"%s"', (text, area, intent, slots) => {
    expect(read(text, area)).toEqual({ intent, slots });
  });
  it('"the one by mi bed" answers which lamp', () => {
    expect(read('di one by mi bed', null, ['turn on the lamp'])).toEqual({
      intent: 'HassTurnOn',
      slots: { name: 'Bedside Lamp' },
    });
  });
});

describe('"brighten up" with no light or place said, "…, the big one" after several lights', () => {
  it('"brighten up" switches no light of the whole home; at a tablet it is the room\'s', () => {
    expect(read('brighten up').intent).toBeNull();
    expect(read('brighten up', 'Kitchen').slots).toEqual({ area: 'Kitchen', domain: 'light' });
    expect(read('turn them off', null, ['are the lights on?'])).toEqual({
      intent: 'HassTurnOff',
      slots: { domain: 'light' },
    });
  });
  it('"turn on the bedroom light, the big one" is its ceiling light; "the little one" is not known', () => {
    expect(read('turn on the bedroom light, the big one')).toEqual({
      intent: 'HassTurnOn',
      slots: { name: 'Bedroom Ceiling Light' },
    });
    expect(read('turn on the light in the bedroom, the little one').intent).toBeNull();
    expect(read('turn off the bedroom lights, the bedside one')).toEqual({
      intent: 'HassTurnOff',
      slots: { name: 'Bedside Lamp' },
    });
  });
});

describe('dialogue and room context a probe found wrong', () => {
  it('"are the lights on?" at a tablet is its room\'s, and "turn them off" after it too', () => {
    expect(read('are the lights on?', 'Kitchen')).toEqual({
      intent: 'HassGetState',
      slots: { area: 'Kitchen', domain: 'light', state: 'on' },
    });
    expect(read('turn them off', 'Kitchen', ['are the lights on?'])).toEqual({
      intent: 'HassTurnOff',
      slots: { area: 'Kitchen', domain: 'light' },
    });
    expect(read('are any lights on?', 'Kitchen').slots).toEqual({ domain: 'light', state: 'on' });
    expect(read('are the doors locked?', 'Kitchen').slots).toEqual({ domain: 'lock', state: 'locked' });
  });
  it('"close it" after a place asked of is the one thing there that closes', () => {
    expect(read('close it', null, ['did I leave the garage open?'])).toEqual({
      intent: 'HassTurnOff',
      slots: { name: 'Garage Door' },
    });
  });
  it('"and the bedroom one" after one ceiling light is the bedroom\'s ceiling light, else which', () => {
    expect(read('and the bedroom one', null, ['turn off the living room ceiling light'])).toEqual({
      intent: 'HassTurnOff',
      slots: { name: 'Bedroom Ceiling Light' },
    });
    expect(read('and the bedroom one', null, ['turn on the kitchen light']).ask).toBeTruthy();
  });
  it('"cancel that" after a command set for now cancels no timer', () => {
    expect(read('cancel that', null, ['close the living room blinds']).intent).toBeNull();
    expect(read('cancel that', null, ['turn off the kitchen light in 10 minutes']).intent).toBe(
      'HearthTimerCancel',
    );
  });
  it('after a command for later, "same for …" is for then too, "… now" is now', () => {
    expect(read('same for the bedroom fan', null, ['turn off the kitchen fan in 10 minutes'])).toEqual({
      intent: 'HassTurnOff',
      slots: { name: 'Ceiling Fan', delay_seconds: 600 },
    });
    expect(
      read('and the kettle too, but right now', null, ['turn off the coffee machine in 10 minutes']),
    ).toEqual({
      intent: 'HassTurnOff',
      slots: { name: 'Kettle' },
    });
  });
  it('"close them" after the telly at the living room\'s tablet is not guessed; "close it na" after a light with nothing to open switches it', () => {
    expect(read('close them', 'Living Room', ['pause the telly']).intent).toBeNull();
    expect(read('close it na', null, ['open the kitchen light'])).toEqual({
      intent: 'HassTurnOff',
      slots: { name: 'Kitchen Light' },
    });
  });
  it('"all but the floor lamp" after a turn does nothing', () => {
    expect(read('all but the floor lamp', null, ['turn off the tv backlight']).intent).toBeNull();
  });
});

describe('"both" or "all of them" as the answer to which one', () => {
  it('"both please" after "which fan?" is each fan; "both" of three lamps is not known', () => {
    expect(read('both please', null, ['turn on the fan'])).toEqual({
      intent: 'HassTurnOn+HassTurnOn',
      slots: { '1.name': 'Kitchen Fan', '2.name': 'Ceiling Fan' },
    });
    expect(read('both', null, ['turn on the lamp']).intent).toBeNull();
    expect(read('all of them', null, ['turn on the lamp']).intent).toBe('HassTurnOn+HassTurnOn+HassTurnOn');
  });
});

describe('the wrong actions of heldout35/36 at first measure', () => {
  it('"when sunset, on the porch light automatically" is a rule at sunset, never now', () => {
    const r = u.understand('when sunset, on the porch light automatically', null, { touched: 0 });
    expect(r.kind === 'rule' && r.rule.trigger).toEqual({ type: 'solar', event: 'sunset' });
    expect(read("when it's sunset, turn on the porch light").intent).toBe('HearthAutomationCreate');
  });
  it('a rule not understood that opens with "when" is never done now; "when you get a sec" is politeness', () => {
    // (now read as the rule it is; never done now)
    expect(read('when sam come home, switch on the hallway light').intent).toBe('HearthAutomationCreate');
    expect(read('when sam arrivs home, switch on the hallway light').intent).toBeNull();
    expect(read('when you get a sec can you turn the TV down a little')).toEqual({
      intent: 'HassSetVolume',
      slots: { name: 'Living Room TV', volume_step: 'down' },
    });
  });
  it('"wah great, vacuum starting at 3am, very smart la" tells, it asks nothing', () => {
    expect(read('wah great, vacuum starting at 3am, very smart la').intent).toBeNull();
    expect(read('start the vacuum at 3am').slots).toEqual({ name: 'Robot Vacuum', at: '03:00' });
  });
  it('"every arvo at five turn the porch light on" is a rule at 17:00', () => {
    const r = u.understand('every arvo at five turn the porch light on', null, { touched: 0 });
    expect(r.kind === 'rule' && r.rule.trigger).toEqual({ type: 'time', at: '17:00' });
  });
});

describe('Boston, Hong Kong and Queensland words; short forms typed; the date asked inside a question', () => {
  it.each([
    ["what's the temp in the pahlor", null, 'HassClimateGetTemperature', { area: 'Living Room' }],
    ['is the dunny light on', null, 'HassGetState', { area: 'Bathroom', domain: 'light', state: 'on' }],
    [
      'wicked hot in here',
      'Living Room',
      'HassClimateSetTemperature',
      { area: 'Living Room', temperature_step: 'down' },
    ],
    ['m goi, close the telly la', null, 'HassTurnOff', { name: 'Living Room TV' }],
    ['what time now ar', null, 'HassGetCurrentTime', {}],
    ['May I know what is the date today please', null, 'HassGetCurrentDate', {}],
    ["Could you tell me what today's date is?", null, 'HassGetCurrentDate', {}],
    ['q: back door locked?', null, 'HassGetState', { name: 'Back Door', state: 'locked' }],
    ['porch lt on', null, 'HassTurnOn', { name: 'Porch Light' }],
    [
      'kitchen speaker vol to thirty five',
      null,
      'HassSetVolume',
      { name: 'Kitchen Speaker', volume_level: 35 },
    ],
    ["would ya mind openin' the bedroom curtains, dear", null, 'HassTurnOn', { name: 'Bedroom Curtains' }],
    ['opne the living rm blinds', null, 'HassTurnOn', { name: 'Living Room Blinds' }],
  ])('"%s"', (text, area, intent, slots) => {
    expect(read(text, area)).toEqual({ intent, slots });
  });
  it('"i go toilet" stays a remark', () => {
    expect(read('can pause the telly for a while please, i go toilet')).toEqual({
      intent: 'HassMediaPause',
      slots: { name: 'Living Room TV' },
    });
  });
});

describe('requests asked around: "do you think you could", "mind …ing", "whenever you can", "k"', () => {
  it.each([
    ['do you think you could get the coffee machine going', 'HassTurnOn', { name: 'Coffee Machine' }],
    ['mind arming the home alarm for me?', 'HassTurnOn', { name: 'Home Alarm' }],
    [
      'please turn off the lights downstairs whenever you can',
      'HassTurnOff',
      { domain: 'light', floor: 'Ground Floor' },
    ],
  ])('"%s"', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });
  it('"do you think the door is locked" still asks; "k lock it" follows the question', () => {
    expect(read('do you think the door is locked').intent).toBe('HassGetState');
    expect(read('k lock it', null, ['is the front door locked'])).toEqual({
      intent: 'HassTurnOn',
      slots: { name: 'Front Door' },
    });
  });
});

describe("a review of this sitting's own changes: where each new rule must not fire", () => {
  it.each([
    'tell Di the front door is unlocked',
    'put the fan in the bedroom',
    'put the lamp by the bed',
    'put the tv where I can see it',
    'we should put the christmas tree',
    'open the thermostat settings',
    'turn on the living room lights, the little ones',
    'turn on the lights, the first one',
  ])('"%s" does nothing', (text) => {
    expect(read(text).intent).toBeNull();
  });
  it('"close the door" with two locks is not asked, so no answer unlocks both', () => {
    expect(read('close the door').intent).toBeNull();
    expect(read('both', null, ['close the door']).intent).toBeNull();
  });
  it('"do you think you could have left the lights on?" asks', () => {
    expect(read('do you think you could have left the lights on?').intent).toBe('HassGetState');
  });
  it.each([
    ["stop the music, we're going to bed", 'Living Room', 'HassMediaPause'],
    ['turn the light on the bedroom please', null, 'HassTurnOn'],
    ['light on the porch please', null, 'HassTurnOn'],
    ['when you can, lock the front door', null, 'HassTurnOn'],
    ['when ready, turn on the coffee machine', null, 'HassTurnOn'],
    ['turn on the tv, channel e', null, 'HassTurnOn'],
  ])('"%s" still works', (text, area, intent) => {
    expect(read(text, area).intent).toBe(intent);
  });
  it.each(['undo your last action', 'undo my request', 'undo the last step', 'undo that instruction'])(
    '"%s" undoes',
    (text) => {
      expect(read(text, null, ['turn off the kitchen light']).intent).toBe('HearthUndo');
    },
  );
  it('"set the heater to 21,5 degrees" is 21.5; "switch off the night light at 6" is 06:00; "every night at 2" is 02:00', () => {
    expect(read('set the heater to 21,5 degrees').slots).toEqual({
      name: 'Office Heater',
      temperature: 21.5,
    });
    expect(read('switch off the night light at 6').slots).toEqual({ name: 'Bedside Lamp', at: '06:00' });
    const r = u.understand('every night at 2 lock the doors', null, { touched: 0 });
    expect(r.kind === 'rule' && r.rule.trigger).toEqual({ type: 'time', at: '02:00' });
  });
  it('"Jarvis, have you turned off the porch light?" asks the agent', () => {
    expect(read('Jarvis, have you turned off the porch light?').intent).toBe('HassGetState');
  });
});

describe('open cases of earlier probes, closed by mechanism', () => {
  it.each([
    ['turn off the tv at 1 tonight', '01:00'],
    ['turn off the tv at 12 tonight', '00:00'],
    ['tonight at 2 turn off the tv', '02:00'],
    ['turn off the tv at 11 tonight', '23:00'],
    ['tonight at 9 turn off the tv', '21:00'],
  ])('"%s" is at %s: midnight and the small hours are tonight\'s', (text, at) => {
    expect(read(text).slots.at).toBe(at);
  });
  it.each(['we have not armed the alarm', 'we have armed the alarm', 'I have just closed the blinds'])(
    '"%s" tells, it does not ask',
    (text) => {
      expect(read(text).intent).toBeNull();
    },
  );
  it('a condition at a time that no one-shot keeps is not done now', () => {
    expect(read('if the porch light is not on at sunset, turn it on').intent).toBeNull();
    expect(read('if the front door is still unlocked tonight lock it').intent).toBeNull();
  });
  it('a condition at a clock time is a command at that time', () => {
    expect(read('if the front door is unlocked at 10pm, lock it').slots).toEqual({
      name: 'Front Door',
      at: '22:00',
    });
    expect(read('if the porch light is on, turn it off').slots).toEqual({ name: 'Porch Light' });
  });
  it('a device named, then let be, is left alone', () => {
    expect(read("Porch light. It's fine.").intent).toBeNull();
    expect(read('Porch light. Thanks.').intent).toBe('HassTurnOn');
    expect(read("It's fine. Porch light.").intent).toBe('HassTurnOn');
  });
  it('"put it away" is no Away scene; "switch it to away" is', () => {
    expect(read('put it away', null, ['turn on the kettle']).intent).toBeNull();
    expect(read('switch it to away').slots).toEqual({ name: 'Away' });
  });
});

describe('other Englishes of heldout37–39: Indian English and Hinglish, Scouse, Swahili and Sheng', () => {
  it.each([
    ['tafadhali washa kettle', 'HassTurnOn', { name: 'Kettle' }],
    ['sasa, zima tv tafadhali', 'HassTurnOff', { name: 'Living Room TV' }],
    ['fungua curtains za bedroom', 'HassTurnOn', { name: 'Bedroom Curtains' }],
    ['garage door hii, ifunge tafadhali', 'HassTurnOff', { name: 'Garage Door' }],
    [
      'thermostat ko twenty four kar do',
      'HassClimateSetTemperature',
      { name: 'Thermostat', temperature: 24 },
    ],
    ['front door lock kar do', 'HassTurnOn', { name: 'Front Door' }],
    ['is the telly still on our kid', 'HassGetState', { name: 'Living Room TV', state: 'on' }],
    ['could yer unlock the back door la me hands are full', 'HassTurnOff', { name: 'Back Door' }],
  ])('"%s" is understood', (text, intent, slots) => {
    const r = read(text);
    expect(r.intent).toBe(intent);
    expect(r.slots).toMatchObject(slots);
  });
  it('"na" between two requests is "and"; "n" too', () => {
    expect(read('zima tv na washa floor lamp').intent).toBe('HassTurnOff+HassTurnOn');
    expect(read('pause tv n on the tv backlight').intent).toBe('HassMediaPause+HassTurnOn');
  });
  it('"me" after a verb stays "me": "Tell me please, is the heater in the office on?" asks', () => {
    expect(read('Tell me please, is the heater in the office on?').intent).toBe('HassGetState');
  });
  it('"Kindly tell me how warm the living room is." asks, it does not cool the room', () => {
    expect(read('Kindly tell me how warm the living room is.').intent).toBe('HassClimateGetTemperature');
  });
  it.each([
    ['May I know the temperature in the office?', 'HassClimateGetTemperature'],
    ['tell me the date', 'HassGetCurrentDate'],
    ["today's date what is", 'HassGetCurrentDate'],
    ['bathroom humidity how much now', 'HassGetState'],
    ['kitchen light is on or off', 'HassGetState'],
    ['what is the temperature there in the living room', 'HassClimateGetTemperature'],
    ['how hot is it outside today', 'HassGetState'],
  ])('"%s" asks', (text, intent) => {
    expect(read(text).intent).toBe(intent);
  });
  it('"let me know when the kettle boils" is no question now', () => {
    expect(read('let me know when the kettle boils').intent).toBeNull();
  });
  it.each([
    ['lock frnt dr', { name: 'Front Door' }],
    ['gud mrng scene', { name: 'Good Morning' }],
    ['close the garaj door', { name: 'Garage Door' }],
    ['turn on the chrismas tree pleeeese', { name: 'Christmas Tree' }],
    ['wats the temprachur outside', { name: 'Outside Temperature' }],
  ])('"%s": vowels left out, sounds spelled, letters held', (text, slots) => {
    expect(read(text).slots).toMatchObject(slots);
  });
  it('"only" with the one target said is "just"; "one quarter" is 25 %', () => {
    expect(read('turn on only the kitchen light').slots).toEqual({ name: 'Kitchen Light' });
    expect(read('turn on the kitchen light only').slots).toEqual({ name: 'Kitchen Light' });
    expect(read('living room blinds open only one quarter').slots).toEqual({
      name: 'Living Room Blinds',
      position: 25,
    });
  });
  it('the vacuum back on its dock is asked as docked; someone back as home', () => {
    expect(read('Has the robot vacuum returned to its dock?').slots).toMatchObject({ state: 'docked' });
    expect(read('is sam back').slots).toMatchObject({ name: 'Sam', state: 'home' });
    expect(read('the robot vacuum, take it back to charge').intent).toBe('HassVacuumReturnToBase');
  });
  it('"change the song" is the next one', () => {
    expect(read('song change karo', 'Kitchen').intent).toBe('HassMediaNext');
  });
});

describe('mechanisms found by heldout37–39, second round', () => {
  it('"a little more" after a level set steps it up; "less" down', () => {
    expect(read('a little more', null, ['put the tv volume to 20']).slots).toEqual({
      name: 'Living Room TV',
      volume_step: 'up',
    });
    expect(read('less', null, ['set the kitchen light to 50%']).slots).toEqual({
      name: 'Kitchen Light',
      brightness_step: 'down',
    });
  });
  it('"the big light" or "tube light" of a room with no ceiling light is its light', () => {
    expect(read('on the tube light in the kitchen').slots).toEqual({ name: 'Kitchen Light' });
    expect(read('turn on the big light in the living room').slots).toEqual({
      name: 'Living Room Ceiling Light',
    });
  });
  it('"itself" after a time stresses it', () => {
    expect(read('switch on the coffee machine at 6.30 am itself').slots).toEqual({
      name: 'Coffee Machine',
      at: '06:30',
    });
  });
  it('"whenever sam reaches home …" is a rule', () => {
    expect(read('whenever sam reaches home switch on the porch light').intent).toBe('HearthAutomationCreate');
  });
  it.each([
    ['Kindly arm the home alarm before I leave for work.', 'HassTurnOn'],
    ['Please switch the Christmas tree off before it sets the lounge on fire.', 'HassTurnOff'],
    ['The telly. Off. Before I throw it out the window.', 'HassTurnOff'],
  ])('"%s": a deadline now meets, done now', (text, intent) => {
    expect(read(text).intent).toBe(intent);
  });
  it('"turn on the coffee machine before I wake up" is not done now', () => {
    expect(read('turn on the coffee machine before I wake up').intent).toBeNull();
  });
  it.each(['ciara would you turn that telly down', 'Tom can you unlock the front door'])(
    '"%s" is said to someone else',
    (text) => {
      expect(read(text).intent).toBeNull();
    },
  );
  it('a cry before "can you" names no one', () => {
    expect(read('brr, can you warm it up a bit in here', 'Living Room').intent).toBe(
      'HassClimateSetTemperature',
    );
    expect(read('mate could you turn the telly down').intent).toBe('HassSetVolume');
  });
  it('"have the kids left any lights on upstairs?" asks', () => {
    expect(read('Have the kids left any lights on upstairs, by any chance?').slots).toEqual({
      domain: 'light',
      floor: 'Upper Floor',
      state: 'on',
    });
  });
  it('"make the robot vacuum go" starts it; "paws the telly" pauses it', () => {
    expect(read('make the robto vacuum go').intent).toBe('HassVacuumStart');
    expect(read('paws the telly').intent).toBe('HassMediaPause');
    expect(
      read("close it then, I'm not paying to heat the street", null, ['is the garage door open']).intent,
    ).toBe('HassTurnOff');
  });
  it('"kettle on coffee machine off" is two requests', () => {
    expect(read('kettle on coffee machine off').slots).toEqual({
      '1.name': 'Kettle',
      '2.name': 'Coffee Machine',
    });
    expect(read('turn on the light on the porch').slots).toEqual({ name: 'Porch Light' });
  });
  it('a value said again, or denied, in sentences of its own is no second request', () => {
    expect(read('Mirror light to eighty percent. Not eighty-one, not seventy-nine. Eighty.').slots).toEqual({
      name: 'Mirror Light',
      brightness: 80,
    });
    expect(read('Mirror light to eighty percent. Ninety.').intent).toBeNull();
  });
  it('"leaving for office" is work; one\'s shift told is no request', () => {
    expect(read('everyone is leaving for office and school, away mode on').slots).toEqual({ name: 'Away' });
    expect(read('turn on the light in office').slots).toEqual({ name: 'Desk Lamp' });
    expect(read('could u put the kettle on pls just in off a 12hr shift').slots).toEqual({ name: 'Kettle' });
    expect(read('curtains shut im on nights', 'Bedroom').slots).toEqual({ name: 'Bedroom Curtains' });
  });
});

describe('other Englishes of heldout40–42: Southern American, Bradford, Dutch speakers', () => {
  it.each([
    ['Tv out.', 'HassTurnOff', { name: 'Living Room TV' }],
    ['please make the kitchen light out, thanks', 'HassTurnOff', { name: 'Kitchen Light' }],
    ['the porch light must out', 'HassTurnOff', { name: 'Porch Light' }],
    ['Kettle aan.', 'HassTurnOn', { name: 'Kettle' }],
    ['Curtains dicht.', 'HassTurnOff', { name: 'Bedroom Curtains' }],
    ['Back door on slot.', 'HassTurnOn', { name: 'Back Door' }],
    ['is the back door on slot?', 'HassGetState', { name: 'Back Door', state: 'locked' }],
    [
      'make the porch light out over half an hour',
      'HassTurnOff',
      { name: 'Porch Light', delay_seconds: 1800 },
    ],
    ['burns the porch light still?', 'HassGetState', { name: 'Porch Light', state: 'on' }],
    ['start the robot vacuüm', 'HassVacuumStart', { name: 'Robot Vacuum' }],
    ['cut da porch ligth on', 'HassTurnOn', { name: 'Porch Light' }],
    ['put the heating higher', 'HassClimateSetTemperature', { name: 'Thermostat', temperature_step: 'up' }],
    ['Vacuum back.', 'HassVacuumReturnToBase', { name: 'Robot Vacuum' }],
    ['everybody gone out, do away', 'HassTurnOn', { name: 'Away' }],
    ['finna watch a movie, hit movie night', 'HassTurnOn', { name: 'Movie Night' }],
    ['is sam at the house yet', 'HassGetState', { name: 'Sam', state: 'home' }],
    ['lock front + back doors', 'HassTurnOn+HassTurnOn', { '1.name': 'Front Door', '2.name': 'Back Door' }],
    ['downstairs lights. off', 'HassTurnOff', { domain: 'light', floor: 'Ground Floor' }],
  ])('"%s" is understood', (text, intent, slots) => {
    const r = read(text);
    expect(r.intent).toBe(intent);
    expect(r.slots).toMatchObject(slots);
  });
  it.each(['we are going out', 'let the cat out', 'take the bins out', 'the power is out', 'hit the lights'])(
    '"%s" switches nothing off',
    (text) => {
      expect(read(text).intent).not.toBe('HassTurnOff');
      expect(read(text).intent).not.toBe('HassTurnOn');
    },
  );
  it('"yo is the tv still on" asks; it never turns the tv on', () => {
    expect(read('yo is the tv on').intent).toBe('HassGetState');
  });
  it('"it\'s too dark in here, I can\'t see nowt" brightens the room once', () => {
    expect(read("it's too dark in here, I can't see nowt", 'Kitchen').intent).toBe('HassLightSet');
  });
  it('"that\'s far too loud" is no fan', () => {
    expect(read("that's far too loud, love", 'Living Room').slots).toEqual({
      area: 'Living Room',
      volume_step: 'down',
    });
  });
  it.each([
    ['what all can you do baby', 'HearthHelp'],
    ['cancel that timer baby', 'HearthTimerCancel'],
    ['today which date it is', 'HassGetCurrentDate'],
  ])('"%s" is a request outside device control', (text, intent) => {
    expect(read(text, null, ['turn off the kettle in 10 minutes']).intent).toBe(intent);
  });
  it.each([
    ["Please could you turn the TV backlight off, it's doing nowt but wasting electric.", 'HassTurnOff'],
    [
      'Please could you kindly send the hoover back to its charger, it keeps bumping into the skirting boards.',
      'HassVacuumReturnToBase',
    ],
    ['can you please open up the bedroom curtains so i can see outside', 'HassTurnOn'],
    ["Would you mind opening the living room blinds, love, it's a lovely morning for once.", 'HassTurnOn'],
    ['yo can u pls cut the hallway light on, grandma finna come down the stairs', 'HassTurnOn'],
    ['could you arm the alarm please baby we bout to leave for church', 'HassTurnOn'],
  ])('"%s": the remark beside the request is no second one', (text, intent) => {
    expect(read(text).intent).toBe(intent);
  });
  it('"lights off downstairs but put the hallway one on" never turns off every light', () => {
    const r = read('lights off downstairs but put the hallway one on');
    expect(r.slots['1.floor'] ?? r.intent).not.toBe(undefined);
  });
});

describe('heldout40–42, second round', () => {
  it('a plain word a letter from a name is spelled into it only beside the rest of the name', () => {
    expect(read('put the kitchen fun on la its dead smoky in here').slots).toEqual({ name: 'Kitchen Fan' });
    expect(read('turn off the fun').intent).toBeNull();
  });
  it('"mash the button on the coffee machine" turns it on', () => {
    expect(read('would you be sweet and mash the button on the coffee machine').slots).toEqual({
      name: 'Coffee Machine',
    });
  });
  it('"do it on slot then" locks what was asked about', () => {
    expect(read('do it on slot then', null, ['is the back door closed off?']).slots).toEqual({
      name: 'Back Door',
    });
  });
  it('"over a quarter the coffee machine out" is in 15 minutes; "I\'m over an hour late" does nothing', () => {
    expect(read('over a quarter the coffee machine out').slots).toEqual({
      name: 'Coffee Machine',
      delay_seconds: 900,
    });
    expect(read("I'm over an hour late").intent).toBeNull();
  });
});

describe('older open cases, closed', () => {
  it('"open the kettle lid" switches nothing; "skip cleaning the kitchen" skips no track', () => {
    expect(read('open the kettle lid').intent).toBeNull();
    expect(read('skip cleaning the kitchen', 'Kitchen').intent).toBeNull();
    expect(read('skip this song', 'Kitchen').intent).toBe('HassMediaNext');
  });
  it('"the light is too strong" dims it', () => {
    expect(read('the light is too strong', 'Kitchen').slots).toMatchObject({ brightness_step: 'down' });
  });
  it('"Mam say please on the kitchen light" passes her request on', () => {
    expect(read('Mam say please on the kitchen light').slots).toEqual({ name: 'Kitchen Light' });
    expect(read('mum said the porch light is on').intent).toBeNull();
  });
});

describe('found by a review of this sitting (probe-own-changes-2): never the wrong device, the opposite, or now for later', () => {
  it.each([
    'lights on the porch off',
    'the lights on in the kitchen off',
    'na the alarm is armed',
    'Na, the kettle is on',
    'our kid switched on the heater',
    'we usually arm the alarm before we leave',
    'arm the alarm before we set off tomorrow',
    'turn the heating off before it hits 25 degrees',
    'set the thermostat to 18 on nights',
    'the tv cut out',
    'the hallway bulb burned out',
    'if the tv is on for over an hour turn it off',
    'Set the thermostat to 20. Not 20.',
    "mum says on the tv there's a storm coming",
    'put the tv on slot 3',
    "the lamp may go out soon, it's old",
    'the fan is too strong',
    'hit the lights',
  ])('"%s" does nothing', (text) => {
    expect(read(text).intent).toBeNull();
  });
  it.each([
    ['Downstairs can you turn off the lights', 'HassTurnOff'],
    ['Seriously, can you turn off the lights', 'HassTurnOff'],
    ['Otherwise can you lock the back door', 'HassTurnOn'],
    ['Okie can you turn off the tv', 'HassTurnOff'],
    ["Good morning. It's fine. Open the curtains.", 'HassTurnOn'],
    ['if the night light is off turn it on', 'HassTurnOn'],
    ['hit play on the tv', 'HassMediaUnpause'],
    ['hit the lights off', 'HassTurnOff'],
    ['turn on the heating already or what', 'HassTurnOn'],
    ['it`s too cold in here', 'HassClimateSetTemperature'],
    ['we finna leave, lock up', 'HassTurnOn'],
  ])('"%s" still works', (text, intent) => {
    expect(read(text, text.startsWith('it`s') ? 'Living Room' : null).intent).toBe(intent);
  });
});

describe('other Englishes of heldout43–45: Trinidadian, Chinese word order, Geordie', () => {
  it.each([
    ['the curtains in the bedroom open or what', 'HassGetState', { name: 'Bedroom Curtains', state: 'open' }],
    ['kitchen fan on or nah', 'HassGetState', { name: 'Kitchen Fan', state: 'on' }],
    ['the front door lock ent', 'HassGetState', { name: 'Front Door', state: 'locked' }],
    ['the porch light put it on for meh', 'HassTurnOn', { name: 'Porch Light' }],
    ['living room now how hot', 'HassClimateGetTemperature', { area: 'Living Room' }],
    ['outside how many degree', 'HassGetState', { name: 'Outside Temperature' }],
    ['the kitchen light help me close', 'HassTurnOff', { name: 'Kitchen Light' }],
    ['trouble you ah kettle help me open', 'HassTurnOn', { name: 'Kettle' }],
    [
      'kettle open coffee machine also open',
      'HassTurnOn+HassTurnOn',
      { '1.name': 'Kettle', '2.name': 'Coffee Machine' },
    ],
    ['half hour later kettle close', 'HassTurnOff', { name: 'Kettle', delay_seconds: 1800 }],
    ['tv sound to thirty', 'HassSetVolume', { name: 'Living Room TV', volume_level: 30 }],
    ['we go out now away mode open', 'HassTurnOn', { name: 'Away' }],
    ['sam come back already or not', 'HassGetState', { name: 'Sam', state: 'home' }],
    ['is the back door snecked', 'HassGetState', { name: 'Back Door', state: 'locked' }],
    [
      'shut the garage door an lock the front door man',
      'HassTurnOff+HassTurnOn',
      { '1.name': 'Garage Door', '2.name': 'Front Door' },
    ],
    [
      'put the thermostat up to twenty three an a half',
      'HassClimateSetTemperature',
      { name: 'Thermostat', temperature: 23.5 },
    ],
    ['hoover go', 'HassVacuumStart', { name: 'Robot Vacuum' }],
    ['home from nights, good night scene', 'HassTurnOn', { name: 'Good Night' }],
    ['is it canny cold ootside the day', 'HassGetState', { name: 'Outside Temperature' }],
  ])('"%s" is understood', (text, intent, slots) => {
    const r = read(text);
    expect(r.intent).toBe(intent);
    expect(r.slots).toMatchObject(slots);
  });
  it('"turn on the heating already or what" is impatience, a request', () => {
    expect(read('turn on the heating already or what').intent).toBe('HassTurnOn');
  });
  it('"is the tv on" at the kitchen tablet is the home\'s tv, not the kitchen speaker', () => {
    expect(read('is the tv on', 'Kitchen').slots).toMatchObject({ name: 'Living Room TV' });
    expect(read('is the speaker on', 'Kitchen').slots).toMatchObject({ name: 'Kitchen Speaker' });
  });
  it('"the light on the ceiling" with two ceiling lights asks which', () => {
    const r = read('Please turn on the light on the ceiling.');
    expect(r.intent).toBe('HassTurnOn');
    expect(r.slots).toEqual({});
  });
  it('"is Sam home from work yet" keeps its "home"; "an hour" keeps its article', () => {
    expect(read('is Sam home from work yet').slots).toMatchObject({ name: 'Sam', state: 'home' });
    expect(read('turn off the tv in an hour').slots).toMatchObject({ delay_seconds: 3600 });
  });
});

describe('heldout43–45, second round', () => {
  it.each([
    ['aye pls cut off d garage light nah', 'HassTurnOff', { name: 'Garage Light' }],
    ['set up movie night nah', 'HassTurnOn', { name: 'Movie Night' }],
    ['pause the kitchen speak her', 'HassMediaPause', { name: 'Kitchen Speaker' }],
    [
      'turn off d kitchen fan n d kettle',
      'HassTurnOff+HassTurnOff',
      { '1.name': 'Kitchen Fan', '2.name': 'Kettle' },
    ],
    ['who leave d porch light on', 'HassGetState', { name: 'Porch Light', state: 'on' }],
    [
      'Please ensure the back door is locked before I retire for the night.',
      'HassTurnOn',
      { name: 'Back Door' },
    ],
    ['eh eh please turn off the kettle before it boil out', 'HassTurnOff', { name: 'Kettle' }],
  ])('"%s" is understood', (text, intent, slots) => {
    const r = read(text);
    expect(r.intent).toBe(intent);
    expect(r.slots).toMatchObject(slots);
  });
  it('"it hot too bad in here" is too hot', () => {
    expect(read('it hot too bad in here', 'Living Room').slots).toEqual({
      area: 'Living Room',
      temperature_step: 'down',
    });
  });
  it('"turn it off, nah" after a pause is "no"', () => {
    expect(read('turn it off, nah', null, ['is the porch light on']).intent).toBeNull();
    expect(read('well put it on nah', null, ['is the porch light on']).slots).toEqual({
      name: 'Porch Light',
    });
  });
  it('"turn on the porch light before it gets dark" is not done now', () => {
    expect(read('turn on the porch light before it gets dark').intent).toBeNull();
  });
});

describe('heldout46–48: reasons of someone else, what the speaker does, questions said around', () => {
  it.each([
    // a reason: someone, then what they are doing ("'s" dropped by the words)
    ['open the garage door dads backing the car in', 'HassTurnOn', { name: 'Garage Door' }],
    ["switch the kettle off nobody's having tea", 'HassTurnOff', { name: 'Kettle' }],
    // what I say of myself may use a word of a name as a common word
    ["lock the front door i'm outside now", 'HassTurnOn', { name: 'Front Door' }],
    // a clause of someone else's: its verbs are theirs
    ['pause the kitchen speaker while i make a phone call', 'HassMediaPause', { name: 'Kitchen Speaker' }],
    ['turn the floor lamp on because we make a puzzle', 'HassTurnOn', { name: 'Floor Lamp' }],
    // "engage" a scene; "is (it) possible to …" asks for it
    ['engage good night', 'HassTurnOn', { name: 'Good Night' }],
    ['Is possible to open the bedroom curtains?', 'HassTurnOn', { name: 'Bedroom Curtains' }],
    // a sensor's reading asked as what it says; which were left on by someone
    ['what does the outside temperature say', 'HassGetState', { name: 'Outside Temperature' }],
    ['which lights has somebody left on', 'HassGetState', { domain: 'light', state: 'on' }],
    // the "'s" of someone coming or something in the way is "is"
    ["close the curtains in the bedroom the sun's in my face", 'HassTurnOff', { name: 'Bedroom Curtains' }],
    // the article or "it" a second-language speaker leaves out
    [
      'Open living room blinds at eight in morning please',
      'HassTurnOn',
      { name: 'Living Room Blinds', at: '08:00' },
    ],
    ['Would be nice if kitchen light is off', 'HassTurnOff', { name: 'Kitchen Light' }],
  ])('"%s" is understood', (text, intent, slots) => {
    const r = read(text);
    expect(r.intent).toBe(intent);
    expect(r.slots).toMatchObject(slots);
  });

  it("what the speaker does after a command is never the last device's action", () => {
    // "go" read as "get it going" turned the floor lamp back on
    expect(read('switch off the floor lamp, I go to sleep now')).toMatchObject({
      intent: 'HassTurnOff',
      slots: { name: 'Floor Lamp' },
    });
    expect(read('we go to bed', null, ['turn off the floor lamp']).intent).toBeNull();
    // a pronoun, or a wish, still takes the last device
    expect(read('I want it on again', null, ['turn off the floor lamp']).slots).toEqual({
      name: 'Floor Lamp',
    });
  });

  it('feelings said as people say them, in the room of the tablet', () => {
    expect(read("it's pitch dark in the hallway, can't see a thing").slots).toEqual({
      area: 'Hallway',
      brightness_step: 'up',
    });
    expect(read('this room is a sauna', 'Office').slots).toEqual({
      area: 'Office',
      temperature_step: 'down',
    });
    // a feeling told of another place than the tablet's: the light there, never the tablet's
    // room's ("the garage is dark" turned on the kitchen light)
    expect(read('turn on the light please, the garage is dark', 'Kitchen').slots).toEqual({
      name: 'Garage Light',
    });
    // a sauna to switch on is a device the home does not have
    expect(read('switch the sauna on').intent).toBeNull();
  });

  it('where the new rules must not fire', () => {
    // a place in what I say of myself moves the request, it is no aside
    expect(read("turn on the porch light i'm in the garage").slots).not.toEqual({ name: 'Porch Light' });
    // a clause asking the agent to act is no reason
    expect(read('turn the heater on while you turn off the lights').intent).toBeNull();
    // "is it possible that …" asks whether, not for
    expect(read('is it possible the back door is unlocked').intent).toBe('HassGetState');
    // a time in someone's clause is still a time
    expect(read('open the garage door moms home at six').intent).toBeNull();
  });
});

describe("a review of heldout46–48's mechanisms (bench/probe-own-changes-3.jsonl): where they must not fire", () => {
  it.each([
    // someone coming at another time is when, not why
    ['open the garage door dads pulling in after work'],
    ['unlock the front door the cleaners are coming on friday'],
    ["unlock the front door gran's arriving at lunchtime"],
    ['unlock the back door im outside at the weekend'],
    // what follows "as soon as", "the moment", "by the time" is when
    ['unlock the front door as soon as im outside'],
    ['open the garage door as soon as moms pulling in'],
    ['disarm the alarm the moment were back'],
    // feelings in their own words: denied, wished the other way, or no feeling at all
    ["it's not pitch black in here", 'Kitchen'],
    ['im off to a sauna', 'Office'],
    ['my mate has a sauna', 'Office'],
    ['engage with the tv'],
  ])('"%s" acts on nothing', (text: string, area?: string) => {
    expect(read(text, area ?? null).intent).toBeNull();
  });

  it('and where the old readings stay', () => {
    // a feeling of oneself is no action of one's own
    expect(read('im cold', 'Office').slots).toEqual({ area: 'Office', temperature_step: 'up' });
    expect(read('i cant hear', null, ['turn the telly up']).slots).toEqual({
      name: 'Living Room TV',
      volume_step: 'up',
    });
    // "n the bedroom" is "in the bedroom", never every light and the bedroom's
    expect(read('turn on the lights n the bedroom').slots).toEqual({ domain: 'light', area: 'Bedroom' });
    // a feeling with no place of its own keeps the device named
    expect(read("turn on the desk lamp, it's dark in here", 'Living Room').slots).toEqual({
      name: 'Desk Lamp',
    });
    // "make it pitch black" darkens; "disengage the lock" never locks it (it was read as "engage")
    expect(read('make it pitch black in here', 'Bedroom').slots).toMatchObject({ brightness_step: 'down' });
    expect(read('disengage the front door lock').intent).not.toBe('HassTurnOn');
    // asked what happened: a question, no request
    expect(read('is it possible to have left the kettle on').intent).toBe('HassGetState');
    // Irish "after …ing" (just did), "for the weekend" (how long): still reasons
    expect(
      read("could you turn the hallway light on please I'm after tripping over the shoes").slots,
    ).toEqual({
      name: 'Hallway Light',
    });
  });
});

describe('the wrong actions of heldout49–51 at first measure', () => {
  it('a question after a joining word or a restart is still a question, never the action', () => {
    // "also is the garage door open" opened it; "and are the lights on" turned every light on
    expect(read('also is the garage door open')).toMatchObject({
      intent: 'HassGetState',
      slots: { state: 'open' },
    });
    expect(read('and are the lights on?')).toMatchObject({ intent: 'HassGetState', slots: { state: 'on' } });
    expect(read('oh and is the tv on')).toMatchObject({
      intent: 'HassGetState',
      slots: { name: 'Living Room TV' },
    });
    expect(
      read('and the back one is the back door locked', null, ['is the front door locked']),
    ).toMatchObject({
      intent: 'HassGetState',
      slots: { name: 'Back Door', state: 'locked' },
    });
    // a request after a joining word is still a request
    expect(read('and switch off the kettle').slots).toEqual({ name: 'Kettle' });
  });

  it('a bigger telly wished for is no volume; back on its charger is the dock', () => {
    expect(read('we could do with a bigger telly').intent).toBeNull();
    expect(read('make the telly louder').slots).toMatchObject({ volume_step: 'up' });
    expect(read('put the hoover back on its charger')).toMatchObject({
      intent: 'HassVacuumReturnToBase',
      slots: { name: 'Robot Vacuum' },
    });
    // stopped and sent back: going back stops it
    expect(read('stop the robot vacuum and put it back on its dock').intent).toBe('HassVacuumReturnToBase');
  });
});

describe('heldout49–51, second round', () => {
  it.each([
    // what happened "when I …" tells; it waits for nothing
    [
      'lock the back door please, I left it open when I went to the shop',
      'HassTurnOn',
      { name: 'Back Door' },
    ],
    // what the agent can do, asked in other words
    ['what kind of things can I ask you to do', 'HearthHelp', {}],
    // chat shorthand
    ['is the xmas tree still on', 'HassGetState', { name: 'Christmas Tree' }],
    // a programme stopped for a minute is paused; the music put back on plays again
    ['stop the telly a sec', 'HassMediaPause', { name: 'Living Room TV' }],
    ['put the music back on', 'HassMediaUnpause', {}],
  ])('"%s" is understood', (text, intent, slots) => {
    const r = read(text);
    expect(r.intent).toBe(intent);
    expect(r.slots).toMatchObject(slots);
  });

  it('where these must not fire', () => {
    // an event to wait for is still one
    expect(read('lock the back door when I leave').intent).toBeNull();
    expect(read('unlock the front door once sam gets in').intent).toBeNull();
    // "put it back on" is what "it" was, never the music
    expect(read('put it back on', null, ['turn off the floor lamp'])).toMatchObject({
      intent: 'HassTurnOn',
      slots: { name: 'Floor Lamp' },
    });
    // a vacuum stopped for a minute stops, it is no programme
    expect(read('stop the hoover for a minute').intent).toBe('HassTurnOff');
    // what the agent can do about something is no request for help
    expect(read('what can you do about the heating').intent).not.toBe('HearthHelp');
  });
});

describe('a statement of one device, then "it" in the next sentence', () => {
  it.each([
    ['The kettle is on. Turn it off please.', 'HassTurnOff', { name: 'Kettle' }],
    [
      'I think I left the porch light on. Is it still on?',
      'HassGetState',
      { name: 'Porch Light', state: 'on' },
    ],
    ['We forgot to lock the back door. Can you lock it?', 'HassTurnOn', { name: 'Back Door' }],
  ])('"%s" acts on the device told of', (text, intent, slots) => {
    const r = read(text);
    expect(r.intent).toBe(intent);
    expect(r.slots).toMatchObject(slots);
  });

  it('a statement with no "it" after it, or a place besides, stays a statement', () => {
    // what was done is told; nothing else is asked of it
    expect(read('I locked the front door. Turn off the lights.').intent).toBeNull();
    // a device told of in a place it is not in: which is meant is not known
    expect(read('The kitchen light is on in the garage. Turn it off.').intent).toBeNull();
    // "leave it", "don't turn it on": nothing to do
    expect(read('The porch light is on. Leave it.').intent).toBeNull();
    expect(read("I turned off the kettle. Don't turn it on.").intent).toBeNull();
  });
});

describe("a word the speller cannot place, beside a word of a name, as the name's other word", () => {
  it.each([
    ['close the bedroom cartons', 'HassTurnOff', { name: 'Bedroom Curtains' }],
    ['unlock the bak door', 'HassTurnOff', { name: 'Back Door' }],
    ['the desc lamp on', 'HassTurnOn', { name: 'Desk Lamp' }],
  ])('"%s" is understood', (text, intent, slots) => {
    expect(read(text)).toMatchObject({ intent, slots });
  });

  it('not when the letters are far, or the word is another thing of its own', () => {
    // a lamp this home does not have is not the nearest lamp
    expect(read('turn on the lava lamp').intent).toBeNull();
    expect(read('switch on the salt lamp').intent).toBeNull();
    // two letters off a short word is too far: "frat" is no "front"
    expect(read('unlock the frat door').intent).toBeNull();
  });
});

describe('the wrong ones of heldout52–54 at first measure', () => {
  it('a part of one name before a device word of another kind is the place and the other name', () => {
    // "bedroom ceiling" is part of the Bedroom Ceiling Light; "fan" says it is the fan
    expect(read('bedroom ceiling fan, switch it off')).toMatchObject({
      intent: 'HassTurnOff',
      slots: { name: 'Ceiling Fan' },
    });
    expect(read('the bedroom ceiling fan, turn it off').slots).toMatchObject({ name: 'Ceiling Fan' });
    // the light said as such is still the light
    expect(read('bedroom ceiling light, switch it off').slots).toMatchObject({
      name: 'Bedroom Ceiling Light',
    });
  });

  it('"up here" is where the speaker is, never a step up', () => {
    // too hot, heater off: off — never warmer
    expect(read('heater off its too hot up here')).toMatchObject({
      intent: 'HassTurnOff',
      slots: { name: 'Office Heater' },
    });
    expect(read('desk lamp to 50 and heater off its too hot up here')).toMatchObject({
      intent: 'HassLightSet+HassTurnOff',
      slots: { '2.name': 'Office Heater' },
    });
    expect(read('turn the lights up here', 'Bedroom')).toMatchObject({
      intent: 'HassLightSet',
      slots: { area: 'Bedroom', brightness_step: 'up' },
    });
    // "warm it up here": the way of "warm … up", then the place
    expect(read('can you warm the office up here')).toMatchObject({
      intent: 'HassClimateSetTemperature',
      slots: { temperature_step: 'up' },
    });
    // (with no room known, too warm asks which heating, as "it is too warm" does — never warmer)
    const warm = read("it's warm up here");
    expect(warm.intent === null || (warm.ask !== undefined && warm.slots.temperature_step === 'down')).toBe(
      true,
    );
  });
});

describe('a question, then a remark that asks for nothing', () => {
  it.each([
    [
      'how cold is it outside, need to know how many layers to put her in',
      'HassGetState',
      { name: 'Outside Temperature' },
    ],
    [
      'how warm is it in the office rn, im doing homework up there',
      'HassClimateGetTemperature',
      { area: 'Office' },
    ],
    [
      'whats the humidity like in the bathroom my towels never dry',
      'HassGetState',
      { name: 'Bathroom Humidity' },
    ],
    ['how humid is the bathroom after that long shower', 'HassGetState', { name: 'Bathroom Humidity' }],
    ['is the telly still on? kids supposed to be doing homework', 'HassGetState', { name: 'Living Room TV' }],
    ['Is office heater on? Alex works from home today', 'HassGetState', { name: 'Office Heater' }],
    ['what time is it, lost track after my shift', 'HassGetCurrentTime', {}],
    ["what's the date today, I can never keep track", 'HassGetCurrentDate', {}],
  ])('"%s" is the question', (text, intent, slots) => {
    const r = read(text);
    expect(r.intent).toBe(intent);
    expect(r.slots).toMatchObject(slots);
  });

  it('not a hypothetical, nor a question of something outside the home', () => {
    expect(read('what happens if I open the front door while the alarm is on?').intent).toBeNull();
    expect(read('is it going to rain today, I need to hang the washing out').intent).toBeNull();
    // a request after the question is no remark: never only answered
    expect(read('is the front door locked? lock it if not').intent).not.toBe('HassGetState');
  });
});

describe('rules: the sun shifted, hours of the day, several actions, what a device does', () => {
  const rule = (text: string) => {
    const r = u.understand(text, null, { touched: 0 });
    return r.kind === 'rule' ? r.rule : undefined;
  };

  it('"half an hour after sunset", "20 minutes before sunrise", "an hour after it gets dark"', () => {
    expect(rule('Half an hour after sunset every day, close the living room blinds.')?.trigger).toEqual({
      type: 'solar',
      event: 'sunset',
      offset: 30,
    });
    expect(rule('20 minutes before sunrise open the bedroom curtains')?.trigger).toEqual({
      type: 'solar',
      event: 'sunrise',
      offset: -20,
    });
    expect(rule('an hour after it gets dark turn on the porch light')?.trigger).toEqual({
      type: 'solar',
      event: 'sunset',
      offset: 60,
    });
    expect(rule('every evening at sundown turn the porch light on')?.trigger).toEqual({
      type: 'solar',
      event: 'sunset',
    });
    // a shifted sun as a condition of an event is none the engine keeps: no rule
    expect(
      rule('when the front door opens half an hour after sunset turn on the porch light'),
    ).toBeUndefined();
  });

  it('"after 11pm", "between 10pm and 6am": hours of the day an event rule keeps to', () => {
    const r = rule('If the back door gets unlocked after 11pm, turn on the kitchen light.');
    expect(r?.trigger).toMatchObject({ type: 'device_state', entity: 'lock.back_door', to: 'unlocked' });
    expect(r?.conditions).toEqual([{ type: 'time', after: '23:00' }]);
    expect(rule('when the front door opens between 10 and 6 turn on the hallway light')?.conditions).toEqual([
      { type: 'time', after: '22:00', before: '06:00' },
    ]);
    expect(rule('when the front door opens before 7am turn on the hallway light')?.conditions).toEqual([
      { type: 'time', before: '07:00' },
    ]);
  });

  it('several actions, each of them', () => {
    const r = rule('Every morning at 8, turn on the kettle and open the living room blinds for Dad.');
    expect(r?.trigger).toEqual({ type: 'time', at: '08:00' });
    expect(r?.commands.map((c) => [c.intent, c.slots.name])).toEqual([
      ['HassTurnOn', 'Kettle'],
      ['HassTurnOn', 'Living Room Blinds'],
    ]);
  });

  it('what the device is to do, said of it, and the verb said without its ending', () => {
    expect(rule('could you set it up so the vacuum runs every Tuesday at 10 in the morning?')).toMatchObject({
      trigger: { type: 'time', at: '10:00', days: ['tue'] },
      commands: [{ intent: 'HassVacuumStart' }],
    });
    expect(
      rule('Could you make it so the curtains in our bedroom open every morning at eight?'),
    ).toMatchObject({
      commands: [{ intent: 'HassTurnOn', slots: { name: 'Bedroom Curtains' } }],
    });
    expect(rule('when sam come home, switch on the hallway light')?.trigger).toMatchObject({
      entity: 'person.sam',
      to: 'home',
    });
    expect(rule("whenever there's someone moving in the hall put the hall light on")?.trigger).toMatchObject({
      entity: 'binary_sensor.hallway_motion',
      to: 'on',
    });
  });

  it('in words, as the person confirms it', () => {
    const r = rule('45 minutes before sunrise open the bedroom curtains')!;
    expect(
      ruleInWords(
        r,
        [{ entity_id: 'cover.bedroom_curtains', action: 'open', params: {} }],
        () => 'Bedroom Curtains',
      ),
    ).toBe('Every day 45 minutes before sunrise, open the Bedroom Curtains.');
  });
});

describe('heldout52–54, first round: a cry first, a scene after a remark, what someone did', () => {
  it('a cry that opens the message is set apart, as by a comma', () => {
    expect(read('ugh too bright', 'Bedroom')).toMatchObject({
      intent: 'HassLightSet',
      slots: { area: 'Bedroom', brightness_step: 'down' },
    });
    expect(read('ugh lights off', 'Kitchen')).toMatchObject({
      intent: 'HassTurnOff',
      slots: { area: 'Kitchen' },
    });
    // a word that only starts like one is none
    expect(read('umbrella').intent).toBeNull();
  });

  it('a scene by its whole name, asked for, after a remark with no comma', () => {
    expect(read("we're all heading to class away mode")).toMatchObject({
      intent: 'HassTurnOn',
      slots: { name: 'Away' },
    });
    expect(read('ppl r coming over dinner party scene pls')).toMatchObject({
      intent: 'HassTurnOn',
      slots: { name: 'Dinner Party' },
    });
  });

  it('not a scene a remark speaks of', () => {
    expect(read('i read a book about movie night').intent).toBeNull();
    expect(read('we love movie night scene').intent).toBeNull();
    expect(read('i hate away mode').intent).toBeNull();
    expect(read('my favourite thing is movie night scene').intent).toBeNull();
  });

  it('what someone did, after the request, is its reason', () => {
    expect(read('turn the kitchen fan on someone burnt toast')).toMatchObject({
      intent: 'HassTurnOn',
      slots: { name: 'Kitchen Fan' },
    });
    expect(read('turn the porch light on sam turned it off')).toMatchObject({
      intent: 'HassTurnOn',
      slots: { name: 'Porch Light' },
    });
  });
});

describe('heldout52–54, second round', () => {
  it('"give me 5 minutes then …" is the wait before the command, as "give it 5 minutes"', () => {
    expect(read('give me 5 minutes then shut the garage door')).toEqual({
      intent: 'HassTurnOff',
      slots: { name: 'Garage Door', delay_seconds: 300 },
    });
    expect(read('give me a minute, then turn the lights off').slots).toMatchObject({ delay_seconds: 60 });
  });

  it('"up all the way" is the most there is; a motion sensor "picked anything up" detected', () => {
    expect(read('turn the desk lamp up all the way')).toEqual({
      intent: 'HassLightSet',
      slots: { name: 'Desk Lamp', brightness: 100 },
    });
    expect(read('has the hallway motion picked anything up')).toMatchObject({
      intent: 'HassGetState',
      slots: { name: 'Hallway Motion', state: 'on' },
    });
  });

  it('a person asked of anything but where they are, or what a device used: declined', () => {
    expect(read('is sam mad at me').intent).toBeNull();
    expect(read('is sam happy').intent).toBeNull();
    expect(read('how much electricity did the kettle use this month').intent).toBeNull();
    expect(read('how much power is the heater using').intent).toBeNull();
    // where they are is still asked
    expect(read('is sam home')).toMatchObject({
      intent: 'HassGetState',
      slots: { name: 'Sam', state: 'home' },
    });
    expect(read('is sam around').intent).toBe('HassGetState');
    expect(read('where is sam').intent).toBe('HassGetState');
    expect(read('how much is the thermostat set to').intent).toBe('HassGetState');
  });
});

describe('a remark of its own after the request: where the speaker goes, an event told of someone', () => {
  it.each([
    [
      "could you lock the back door for me, I don't want to walk all the way back to the kitchen",
      { name: 'Back Door' },
    ],
    ["turn off the porch light, I'm going to the kitchen", { name: 'Porch Light' }],
    [
      "Would you please turn on the porch light, Sam is still out at the feed store and I don't want him tripping on the steps when he gets home",
      { name: 'Porch Light' },
    ],
  ])('"%s" is the request', (text, slots) => {
    expect(read(text).slots).toEqual(slots);
  });

  it('not a wish about a device, nor an event to wait for, nor a request in the remark', () => {
    expect(read('turn on the porch light, I want it on when he gets home').intent).toBeNull();
    expect(read('turn on the porch light, when he gets home').intent).toBeNull();
    expect(read('lock the back door, I will unlock it when I get home').intent).toBeNull();
    expect(read("turn on the porch light, I'm going to turn off the kitchen light").intent).toBeNull();
    // the place the speaker goes says which light, where none is named
    expect(read("put the light on, I'm heading into the garage", 'Kitchen').slots).toEqual({
      name: 'Garage Light',
    });
  });
});

describe('chat spellings: "n" before a device word, a small word said twice, "wen"', () => {
  it('"n" is "and" before a device, "in" before a place', () => {
    expect(read('turn off the desk lamp n the office heater')).toMatchObject({
      intent: 'HassTurnOff+HassTurnOff',
      slots: { '1.name': 'Desk Lamp', '2.name': 'Office Heater' },
    });
    expect(read('turn on the lights n the living room please')).toEqual({
      intent: 'HassTurnOn',
      slots: { domain: 'light', area: 'Living Room' },
    });
    expect(read('turn on the lights n the bedroom upstairs').slots).toMatchObject({ area: 'Bedroom' });
  });

  it('"and and" is "and"; "wen" is "when"', () => {
    expect(read('turn off the desk lamp and and the office heater').intent).toBe('HassTurnOff+HassTurnOff');
    expect(read('wen sam gets home put the porch light on').intent).toBe('HearthAutomationCreate');
  });
});

describe('a habit told in a sentence after the request', () => {
  it('"… keeps distracting her" tells, it asks for no "keep … on"', () => {
    expect(read('Please can you switch off the Christmas tree? The flashing keeps distracting her.')).toEqual(
      {
        intent: 'HassTurnOff',
        slots: { name: 'Christmas Tree' },
      },
    );
    // "keep the fan running" still asks
    expect(read('keep the ceiling fan running').intent).not.toBeNull();
  });
});

describe("a review of this sitting's mechanisms (bench/probe-own-changes-4.jsonl): where they must not fire", () => {
  it.each([
    // a scene a remark speaks of
    'we should rename movie night scene',
    'we need to fix away mode',
    'our old house had away mode',
    'i told sam away mode now',
    'sam was asking whether movie night scene works',
    // when to act, told in the remark
    'turn on the porch light, sam is still out so do it when he gets home',
    'turn on the porch light, sam is out but only when he gets home',
    'unlock the front door, she is out and she will need it when she arrives',
    // told of, not asked
    'mum said turn the kitchen fan on someone burnt toast',
    'you should have turned the kitchen fan on someone burnt toast',
    // "here" with no room known is no room
    'turn off the lights up here',
    // a question, then a request of its own: never only answered
    'is the back door locked we are going out lock it',
  ])('"%s" does not act', (text) => {
    expect(read(text).intent).toBeNull();
  });

  it('"up" and "down" after a verb and its object are its way, then "here" the place', () => {
    expect(read('turn the music up here', 'Kitchen')).toMatchObject({
      intent: 'HassSetVolume',
      slots: { volume_step: 'up' },
    });
    expect(read('put the blinds down here', 'Living Room')).toMatchObject({
      intent: 'HassTurnOff',
      slots: { name: 'Living Room Blinds' },
    });
  });

  it('no rule that is not wished for, is told, is one time only, or rings an alarm', () => {
    const rule = (text: string) => u.understand(text, null, { touched: 0 }).kind === 'rule';
    expect(rule('stop closing the blinds half an hour after sunset')).toBe(false);
    expect(rule('i hate it when the blinds close half an hour after sunset')).toBe(false);
    expect(rule('the blinds close an hour after sunset')).toBe(false);
    expect(rule('when sam come home next time turn on the porch light')).toBe(false);
    expect(rule('make it so the alarm goes off every day at 7')).toBe(false);
    // an "after 10" in the command is the command's, no hours of the trigger
    expect(rule('when the front door opens turn on the hallway light and turn it off after 10')).toBe(false);
    // a reason after the rule may say "stop"
    expect(rule('every weeknight at 11 switch the christmas tree off so we stop forgetting')).toBe(true);
  });
});

describe('the wrong one of heldout55–57 at first measure', () => {
  it('a hesitation before a part with its own request takes nothing back', () => {
    expect(read('pause the tv and um turn on the hallway light')).toEqual({
      intent: 'HassMediaPause+HassTurnOn',
      slots: { '1.name': 'Living Room TV', '2.name': 'Hallway Light' },
    });
    // before a target alone it still corrects
    expect(read('turn on the kitchen light, erm the kitchen fan')).toEqual({
      intent: 'HassTurnOn',
      slots: { name: 'Kitchen Fan' },
    });
  });
});

describe('heldout55–57, first round: words a transcript split, energy asked of', () => {
  it.each([
    ['set the thermos that to twenty', 'HassClimateSetTemperature', { name: 'Thermostat', temperature: 20 }],
    ['start the row bot vacuum', 'HassVacuumStart', { name: 'Robot Vacuum' }],
    ['turn of the tv back light', 'HassTurnOff', { name: 'TV Backlight' }],
  ])('"%s" joins the split word', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });

  it('not two words of their own, and no energy the home does not measure', () => {
    // "back" and "light" with no name word before them are two words
    expect(read('turn on the back light').intent).toBeNull();
    expect(read('How many kWh has the Office Heater used this month?').intent).toBeNull();
  });
});

describe('heldout58–60, first round: scenes among morning words and leaving, a rhyme kept', () => {
  it.each([
    ['rise and shine, run the good morning scene', 'Good Morning'],
    ['good morning house, rise and shine', 'Good Morning'],
    ['good morning sunshine', 'Good Morning'],
    ['heading out for the day, chuck it in away mode', 'Away'],
    ['taking the twins to swimming, set away', 'Away'],
    ['movie nite w gran lol', 'Movie Night'],
  ])('"%s" asks for the scene', (text, name) => {
    expect(read(text)).toEqual({ intent: 'HassTurnOn', slots: { name } });
  });

  it('a greeting alone asks for nothing; a verb with what it stands for is no remark', () => {
    expect(read('rise and shine').intent).toBeNull();
    expect(read('turn it off, set away').intent).toBeNull();
    expect(read('open the blinds when there is sunshine').intent).toBeNull();
  });
});

describe('heldout58–60, first round: a number heard for a word of a name, a first half heard as a word', () => {
  it.each([
    ['switch off the christmas three', 'HassTurnOff', { name: 'Christmas Tree' }],
    ['set the thermal stat to twenty', 'HassClimateSetTemperature', { name: 'Thermostat', temperature: 20 }],
  ])('"%s"', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });

  it('a number with its unit, or where no name goes on, stays a number', () => {
    expect(read('dim the kitchen light 2 percent').slots).toMatchObject({ step_size: 2 });
    expect(read('set the living room blinds 3').slots).toMatchObject({ position: 3 });
  });
});

describe('heldout58–60, first round: undo and cancelling said loosely', () => {
  it.each([
    ['undo whatever u just did lol', 'HearthUndo'],
    ['rollback last action', 'HearthUndo'],
    ['ah stop, undo that last one', 'HearthUndo'],
    ['scratch that timer', 'HearthTimerCancel'],
    ['cancel the timer la, no need already', 'HearthTimerCancel'],
  ])('"%s"', (text, intent) => {
    expect(read(text)).toEqual({ intent, slots: {} });
  });

  it('what someone else had is no undo; advice not to act is no command', () => {
    expect(read('set it back to whatever alex had it on yesterday').intent).toBeNull();
    expect(read('no need to turn it off').intent).toBeNull();
    expect(read('kill the lights')).toEqual({ intent: 'HassTurnOff', slots: { domain: 'light' } });
  });
});

describe('heldout58–60, first round: formal questions and formal words', () => {
  it.each([
    [
      'Would you be able to let me know whether anyone has left a light on downstairs?',
      'HassGetState',
      { domain: 'light', floor: 'Ground Floor', state: 'on' },
    ],
    [
      'May I ask what the temperature is in the living room?',
      'HassClimateGetTemperature',
      { area: 'Living Room' },
    ],
    ['Please initiate the robot vacuum cleaning cycle.', 'HassVacuumStart', { name: 'Robot Vacuum' }],
    ['thermostat setpoint 24.5', 'HassClimateSetTemperature', { name: 'Thermostat', temperature: 24.5 }],
  ])('"%s"', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });

  it('a yes/no question put inside a request to be told never acts', () => {
    // (each of these once unlocked, switched off or on)
    expect(read('tell me if anyone has left the back door unlocked')).toEqual({
      intent: 'HassGetState',
      slots: { name: 'Back Door', state: 'unlocked' },
    });
    expect(read('let me know if you have turned off the lights')).toEqual({
      intent: 'HassGetState',
      slots: { domain: 'light', state: 'off' },
    });
    expect(read('I wonder if anyone has left the porch light on')).toEqual({
      intent: 'HassGetState',
      slots: { name: 'Porch Light', state: 'on' },
    });
  });
});

describe('heldout58–60, first round: a list with its commas unsaid, "together", a request closed with "can"', () => {
  it('devices listed by whole names with only "the" between them are each acted on', () => {
    expect(read('switch off the kettle the coffee machine and the kitchen speaker')).toEqual({
      intent: 'HassTurnOff+HassTurnOff+HassTurnOff',
      slots: { '1.name': 'Kettle', '2.name': 'Coffee Machine', '3.name': 'Kitchen Speaker' },
    });
    expect(read('on the kettle and coffee machine together can')).toEqual({
      intent: 'HassTurnOn+HassTurnOn',
      slots: { '1.name': 'Kettle', '2.name': 'Coffee Machine' },
    });
  });

  it('"open the blinds can?" asks for it to be done; "is … can?" still asks', () => {
    expect(read('open the blinds can?')).toEqual({
      intent: 'HassTurnOn',
      slots: { name: 'Living Room Blinds' },
    });
    expect(read('is the kettle on can?')).toEqual({
      intent: 'HassGetState',
      slots: { name: 'Kettle', state: 'on' },
    });
  });
});

describe('heldout58–60, first round: a rule named as one, the sun every day said loosely', () => {
  const rule = (text: string) => {
    const r = u.understand(text, null, { touched: 0 });
    return r.kind === 'rule' ? r.rule : undefined;
  };

  it('"create an automation: …", "automation: …", "create rule: …" name the rule that follows', () => {
    const r = rule(
      'Create an automation: every weekday at 08:55, turn on the Desk Lamp and set the Office Heater to 20.',
    );
    expect(r?.trigger).toEqual({ type: 'time', at: '08:55', days: ['mon', 'tue', 'wed', 'thu', 'fri'] });
    expect(r?.commands.map((c) => c.slots)).toEqual([
      { name: 'Desk Lamp' },
      { name: 'Office Heater', temperature: 20 },
    ]);
    expect(rule('automation: weekdays 07:15 coffee machine on')?.trigger).toEqual({
      type: 'time',
      at: '07:15',
      days: ['mon', 'tue', 'wed', 'thu', 'fri'],
    });
    expect(rule('create rule: daily at 23:30, turn off all lights')?.commands[0]).toMatchObject({
      intent: 'HassTurnOff',
      slots: { domain: 'light' },
    });
    // the words alone make nothing
    expect(read('make a rule').intent).toBeNull();
  });

  it('"at sunset daily", "every sunset", "every time sunset"', () => {
    for (const text of [
      'at sunset daily on the porch light',
      'every sunset turn on the porch light',
      'every time sunset on the porch light for me',
    ]) {
      const r = rule(text);
      expect(r?.trigger).toEqual({ type: 'solar', event: 'sunset' });
      expect(r?.commands[0]).toMatchObject({ intent: 'HassTurnOn', slots: { name: 'Porch Light' } });
    }
  });
});

describe('a question put inside a request to be told, in any tense (a review of this sitting)', () => {
  it.each([
    ['do you know if anyone left the back door unlocked', { name: 'Back Door', state: 'unlocked' }],
    ['let me know if you turned off the kitchen light', { name: 'Kitchen Light', state: 'off' }],
    ['could you check if the garage door got closed', { name: 'Garage Door', state: 'closed' }],
    ['tell me if the fan in the kitchen got turned on', { name: 'Kitchen Fan', state: 'on' }],
    ['lmk if the front door is locked', { name: 'Front Door', state: 'locked' }],
    ['i was wondering whether the kitchen fan is running', { name: 'Kitchen Fan', state: 'on' }],
  ])('"%s" asks, it never acts', (text, slots) => {
    expect(read(text)).toMatchObject({ intent: 'HassGetState', slots });
  });

  it('a request asked politely inside one is still a request', () => {
    expect(read('I wonder if someone could put the big light on in the lounge')).toMatchObject({
      intent: 'HassTurnOn',
    });
    expect(read('I was wondering if you could put the hallway light on')).toEqual({
      intent: 'HassTurnOn',
      slots: { name: 'Hallway Light' },
    });
  });
});

describe('a device said still or already so, an undo of someone else, "where I am" (a review of this sitting)', () => {
  it.each([
    ['porch light still on', { name: 'Porch Light', state: 'on' }],
    ['the back door already locked lah', { name: 'Back Door', state: 'locked' }],
    ['back door locked already lah', { name: 'Back Door', state: 'locked' }],
    ['back door lock or not ga', { name: 'Back Door', state: 'locked' }],
  ])('"%s" is how it is, never a request to make it so', (text, slots) => {
    expect(read(text)).toMatchObject({ intent: 'HassGetState', slots });
  });

  it("an undo is of the asker's own command, never of what someone else did", () => {
    expect(read('undo what sam did').intent).toBeNull();
    expect(read('undo what he did').intent).toBeNull();
    expect(read('undo what you just did').intent).toBe('HearthUndo');
  });

  it('"where I am" is the caller\'s room, and nowhere when it is not known', () => {
    expect(read('turn on the lights where I am', 'Kitchen')).toEqual({
      intent: 'HassTurnOn',
      slots: { area: 'Kitchen', domain: 'light' },
    });
    expect(read('turn on the lights where I am').intent).toBeNull();
    expect(read('i already offed the kitchen light lah').intent).toBeNull();
  });
});

describe('timers asked about, presence said loosely (a review of this sitting)', () => {
  it.each([
    ['stop the timer', 'HearthTimerCancel'],
    ['is there a timer running', 'HearthTimerList'],
    ['how long is left on the timer', 'HearthTimerList'],
    ['may I ask what time it is', 'HassGetCurrentTime'],
  ])('"%s"', (text, intent) => {
    expect(read(text)).toEqual({ intent, slots: {} });
  });

  it('another request before a timer is no cancelling of it', () => {
    expect(read('stop the fan and set a timer').intent).not.toBe('HearthTimerCancel');
  });

  it.each([
    ['is sam still at work', { name: 'Sam', state: 'not_home' }],
    ['did sam get home from uni', { name: 'Sam', state: 'home' }],
    ["I wonder if sam's home yet", { name: 'Sam', state: 'home' }],
    ['is sam home or still at the office', { name: 'Sam', state: 'home' }],
  ])('"%s"', (text, slots) => {
    expect(read(text)).toMatchObject({ intent: 'HassGetState', slots });
  });
});

describe('heldout58–60, first round: a machine by what it makes, "at once", "in that case"', () => {
  it('"coffee" alone is no name: "no coffee for me thanks", "the coffee shop closes at 6" do nothing', () => {
    expect(read('no coffee for me thanks').intent).toBeNull();
    expect(read('the coffee shop closes at 6').intent).toBeNull();
  });

  it('"at once" is now; "in that case" leads on from the last turn', () => {
    expect(read('In that case, please lock it at once.', null, ['is the back door locked'])).toEqual({
      intent: 'HassTurnOn',
      slots: { name: 'Back Door' },
    });
  });
});

describe('the wrong ones of heldout61–63 at first measure', () => {
  it('politeness before a question asks nothing of its own', () => {
    expect(read('Please, are there any lights still on upstairs?')).toEqual({
      intent: 'HassGetState',
      slots: { domain: 'light', floor: 'Upper Floor', state: 'on' },
    });
    expect(read('please is the porch light still on')).toMatchObject({ intent: 'HassGetState' });
  });

  it('"i wan …" is "I want" (Pidgin), no value of one', () => {
    expect(read('open the garage door i wan bring the car in')).toEqual({
      intent: 'HassTurnOn',
      slots: { name: 'Garage Door' },
    });
  });

  it('an English word is not spelled into a verb of action: "shout me a coffee" is no "shut"', () => {
    expect(read('can you shout me a coffee').intent).toBeNull();
  });

  it('after "and" a hesitation adds, after a comma it corrects', () => {
    expect(read('turn on the hallway light and um the the porch light')).toEqual({
      intent: 'HassTurnOn+HassTurnOn',
      slots: { '1.name': 'Hallway Light', '2.name': 'Porch Light' },
    });
    expect(read('turn on the kitchen light, erm the kitchen fan')).toEqual({
      intent: 'HassTurnOn',
      slots: { name: 'Kitchen Fan' },
    });
  });
});

describe('heldout61–63, first round: Nigerian Pidgin words', () => {
  it.each([
    ['we dey comot away mode sharp sharp', 'HassTurnOn', { name: 'Away' }],
    ['no no no undo am', 'HearthUndo', {}],
  ])('"%s"', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });

  it('"e" is it, "small" a bit, "sef" too, "i no dey hear" I cannot hear — after a turn', () => {
    expect(read('e too bright reduce am small', null, ['turn on the floor lamp'])).toEqual({
      intent: 'HassLightSet',
      slots: { name: 'Floor Lamp', brightness_step: 'down' },
    });
    expect(read('the kettle sef', null, ['on the coffee machine'])).toEqual({
      intent: 'HassTurnOn',
      slots: { name: 'Kettle' },
    });
    expect(read('louder abeg i no dey hear the music', 'Kitchen')).toMatchObject({
      intent: 'HassSetVolume',
      slots: { volume_step: 'up' },
    });
  });
});

describe('heldout61–63, first round: "connect" and "disconnect" as Portuguese speakers say "on" and "off"', () => {
  it('switches, and a negation or a thing the home lacks stays no command', () => {
    expect(read('please can you connect the light of the kitchen')).toEqual({
      intent: 'HassTurnOn',
      slots: { name: 'Kitchen Light' },
    });
    expect(read('please disconnect the tv of the living room')).toEqual({
      intent: 'HassTurnOff',
      slots: { name: 'Living Room TV' },
    });
    expect(read("don't disconnect the fridge").intent).toBeNull();
    expect(read('disconnect the wifi').intent).toBeNull();
  });
});

describe('heldout61–63, first round: how long someone is away is theirs; "got my hands full"', () => {
  it('a statement of their own after the request may say till when', () => {
    expect(read("set away mode, we're all out till sunday")).toEqual({
      intent: 'HassTurnOn',
      slots: { name: 'Away' },
    });
    // the request's own span is no request now
    expect(read('turn on the heater till 5').intent).toBeNull();
  });

  it('"got my hands full" tells, with its "I\'ve" unsaid', () => {
    expect(read('can you unlock the back door? got my hands full with the shopping')).toEqual({
      intent: 'HassTurnOff',
      slots: { name: 'Back Door' },
    });
  });
});

describe('heldout61–63, first round: Scots "ye", a soft "c" heard as "s", days written short', () => {
  it.each([
    ['Put the office heater on for us, would ye?', 'HassTurnOn', { name: 'Office Heater' }],
    ["If ye'd be good enough to arm the alarm", 'HassTurnOn', { name: 'Home Alarm' }],
    ['turn off the sealing fan', 'HassTurnOff', { name: 'Ceiling Fan' }],
  ])('"%s"', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });

  it('"every mon to fri at 6am" is weekdays; "at sunset" keeps its sun', () => {
    const r = u.understand('every mon to fri at 6am kettle on pls', null, { touched: 0 });
    expect(r.kind === 'rule' ? r.rule.trigger : undefined).toEqual({
      type: 'time',
      at: '06:00',
      days: ['mon', 'tue', 'wed', 'thu', 'fri'],
    });
    const s = u.understand('at sunset every day turn on the porch light', null, { touched: 0 });
    expect(s.kind === 'rule' ? s.rule.trigger : undefined).toEqual({ type: 'solar', event: 'sunset' });
  });
});

describe('heldout61–63, first round: "by" an hour, "before we sleep", a span or a past of the speaker\'s', () => {
  it('"by 6pm" is done at that hour; "by 5 percent" is a step', () => {
    expect(read('Kindly switch off the office heater by 6pm.')).toEqual({
      intent: 'HassTurnOff',
      slots: { name: 'Office Heater', at: '18:00' },
    });
    expect(read('on the porch light by seven in the evening')).toEqual({
      intent: 'HassTurnOn',
      slots: { name: 'Porch Light', at: '19:00' },
    });
    expect(read('dim the lights by 5 percent').slots).toMatchObject({ step_size: 5 });
  });

  it('"before we sleep" is now; "for today" in a reason is no time to act', () => {
    expect(read('Kindly lock the front door and close the garage door before we sleep.')).toEqual({
      intent: 'HassTurnOn+HassTurnOff',
      slots: { '1.name': 'Front Door', '2.name': 'Garage Door' },
    });
    expect(read("off the desk lamp and the office heater i'm done for today")).toEqual({
      intent: 'HassTurnOff+HassTurnOff',
      slots: { '1.name': 'Desk Lamp', '2.name': 'Office Heater' },
    });
  });
});

describe('a command scheduled in words, or set as a timer', () => {
  it.each([
    [
      'Schedule the thermostat to 21 at 06:45.',
      'HassClimateSetTemperature',
      { name: 'Thermostat', temperature: 21, at: '06:45' },
    ],
    ['schedule the kettle to turn on at 7am', 'HassTurnOn', { name: 'Kettle', at: '07:00' }],
    [
      'set a timer to turn off the kettle in 10 minutes',
      'HassTurnOff',
      { name: 'Kettle', delay_seconds: 600 },
    ],
  ])('"%s"', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });

  it('a kitchen timer or a meeting is no command', () => {
    expect(read('set a timer for 10 minutes').intent).toBeNull();
    expect(read('schedule a meeting at 3').intent).toBeNull();
  });
});

describe('a "ck" typed as "k"', () => {
  it('"lok the bak door pls" locks the Back Door', () => {
    expect(read('lok the bak door pls')).toEqual({ intent: 'HassTurnOn', slots: { name: 'Back Door' } });
    expect(read('kindly lok the frunt door')).toEqual({
      intent: 'HassTurnOn',
      slots: { name: 'Front Door' },
    });
  });
});

describe('a reason with its "\'s" not typed, or what a pet wants', () => {
  it('is set aside; a device and its place never are', () => {
    expect(read('shut these blinds the suns in my eyes', 'Living Room')).toEqual({
      intent: 'HassTurnOff',
      slots: { name: 'Living Room Blinds' },
    });
    expect(read('unlock the back door the dog wants out')).toEqual({
      intent: 'HassTurnOff',
      slots: { name: 'Back Door' },
    });
    expect(read('do me a favour eh close back the curtains in the bedroom').intent).not.toBe('HassGetState');
  });
});

describe('a place alone, asked after a question', () => {
  it('is the same question of that place; with nothing asked before it is nothing', () => {
    expect(read('office?', null, ["what's the temperature in the living room"])).toEqual({
      intent: 'HassClimateGetTemperature',
      slots: { area: 'Office' },
    });
    expect(read('kitchen?', null, ['is the light on in the living room'])).toEqual({
      intent: 'HassGetState',
      slots: { area: 'Kitchen', domain: 'light', state: 'on' },
    });
    expect(read('office?').intent).toBeNull();
    // after a command, a place alone is no question, nor a command
    expect(read('bedroom?', null, ['turn off the kitchen light']).intent).toBeNull();
  });
});

describe('the wrong ones of heldout64–66 at first measure', () => {
  it('a heating put "at" a temperature is set to it, an hour of the clock stays an hour', () => {
    expect(read('put the thermostate at 20')).toEqual({
      intent: 'HassClimateSetTemperature',
      slots: { name: 'Thermostat', temperature: 20 },
    });
    expect(read('Close the ceiling fan and put the thermostat at 20.')).toEqual({
      intent: 'HassTurnOff+HassClimateSetTemperature',
      slots: { '1.name': 'Ceiling Fan', '2.name': 'Thermostat', '2.temperature': 20 },
    });
    expect(read('turn the heater on at 20').slots).toMatchObject({ at: '20:00' });
  });

  it('"kindly intimate me whether …" asks (Indian English "inform")', () => {
    expect(read('Kindly intimate me whether the front door has been locked.')).toMatchObject({
      intent: 'HassGetState',
      slots: { name: 'Front Door', state: 'locked' },
    });
  });

  it('a consonant before a word makes another word: "call" is no "all"', () => {
    // (it switched on everything in the office)
    expect(read('pls switch on the desk lamp na, office call is starting').intent).not.toBe(
      'HassTurnOn+HassTurnOn',
    );
    expect(read('office call is starting').intent).toBeNull();
    expect(read('turn the tellly down abit', 'Living Room')).toMatchObject({ intent: 'HassSetVolume' });
  });
});

describe('a word that only describes, of the one device there is', () => {
  it('"the tall one" of the lounge\'s one lamp is that lamp', () => {
    expect(read('switch on the lounge lamp, the tall one')).toEqual({
      intent: 'HassTurnOn',
      slots: { name: 'Floor Lamp' },
    });
  });
});

describe('heldout64–66, first round: Hindi and Kannada words in Indian English', () => {
  it.each([
    ['bedroom ka fan chal raha hai kya', 'HassGetState', { area: 'Bedroom', domain: 'fan', state: 'on' }],
    ['back door lock hai ki nahi', 'HassGetState', { name: 'Back Door', state: 'locked' }],
    ['paanch minute mein kettle band karo', 'HassTurnOff', { name: 'Kettle', delay_seconds: 300 }],
    ['please kettle on karo jaldi', 'HassTurnOn', { name: 'Kettle' }],
    ['volume kam karo, too loud', 'HassSetVolume', { volume_step: 'down' }],
  ])('"%s"', (text, intent, slots) => {
    expect(read(text, 'Living Room')).toMatchObject({ intent, slots });
  });
});

describe('found by the second review probe of this sitting (bench/probe-own-changes-6.jsonl)', () => {
  it.each([
    'I already turned off the porch light',
    'I don lock the back door',
    'the kitchen speaker keeps disconnecting',
    'I disconnected the christmas tree',
    'turn on the lights where sam is',
    'I set a timer to turn off the kettle',
    'turn on the porch light at once when sam arrives',
  ])('"%s" does nothing now', (text) => {
    expect(read(text).intent).toBeNull();
  });
});

describe('sixteenth sitting: the wrong ones left by the second review probe of the fifteenth', () => {
  it.each([
    // someone else's deed, told before the undo
    'sam turned the heating up, undo that',
    // a timer of a thing this home does not have is that thing's own
    'stop the timer on the microwave',
    // an hour beside an event waited for is no hour to act at
    "the thermostat should be at 21 by the time I'm up",
    // a message for someone else, and scolding
    'tell the kids to turn off the tv',
    'lol grandma just told the telly off for being too loud',
    // a device still in a state, told before a remark
    "porch light still on, sam's coming home late",
  ])('"%s" does nothing', (text) => {
    expect(read(text).intent).toBeNull();
  });
  it('a device still in a state, told before a request on "it", is acted on once', () => {
    expect(read('back door still unlocked, lock it pls')).toMatchObject({
      intent: 'HassTurnOn',
      slots: { name: 'Back Door' },
    });
  });
  it('a device named alone after the question that calls it "it" is what is asked of', () => {
    for (const text of ['is it on? the porch light', 'e dey on? the porch light'])
      expect(read(text)).toMatchObject({
        intent: 'HassGetState',
        slots: { name: 'Porch Light', state: 'on' },
      });
    expect(read("It's fine. Porch light.").intent).toBe('HassTurnOn');
  });
  it('"it is on?" asks, after a turn on the device', () => {
    expect(read('it is on?', null, ['turn off the porch light'])).toMatchObject({
      intent: 'HassGetState',
      slots: { name: 'Porch Light', state: 'on' },
    });
  });
  it("a cancel of Hearth's own timers still works", () => {
    expect(read('cancel the timer for the porch light').intent).toBe('HearthTimerCancel');
    expect(read('I turned the heating up by mistake, undo that').intent).toBe('HearthUndo');
  });
});

describe('heldout67: West Country words, remarks run on without a comma', () => {
  it.each([
    ["would 'ee turn the kettle on, me lover? I'm proper parched", 'HassTurnOn', { name: 'Kettle' }],
    ["Well lock 'un then", 'HassTurnOn', { name: 'Back Door' }, ['is the back door locked']],
    ["If 'ee don't mind, shut they curtains in the bedroom.", 'HassTurnOff', { name: 'Bedroom Curtains' }],
    ['could u lock the back door pls mum always forgets', 'HassTurnOn', { name: 'Back Door' }],
    [
      'can you put the heating up to twenty one please im nearly home',
      'HassClimateSetTemperature',
      { temperature: 21 },
    ],
    [
      'could you turn the ceiling fan off please its roasting up there',
      'HassTurnOff',
      { name: 'Ceiling Fan' },
    ],
  ] as [string, string, object, string[]?][])('"%s"', (text, intent, slots, history = []) => {
    expect(read(text, null, history)).toMatchObject({ intent, slots });
  });
  it("'tis and the one spoken to", () => {
    expect(read("'Tis proper parky in here", 'Living Room')).toMatchObject({
      intent: 'HassClimateSetTemperature',
      slots: { temperature_step: 'up' },
    });
    expect(read("Is the porch light on? 'Tis black as your hat out there.")).toMatchObject({
      intent: 'HassGetState',
      slots: { name: 'Porch Light' },
    });
  });
});

describe('heldout69: South African English and Afrikaans words', () => {
  it.each([
    ['put the stoep light on', 'HassTurnOn', { name: 'Porch Light' }],
    ['switch on the koffie machine', 'HassTurnOn', { name: 'Coffee Machine' }],
    ['ons gaan nou slaap, good night hey', 'HassTurnOn', { name: 'Good Night' }],
    ['the front door must be locked', 'HassTurnOn', { name: 'Front Door' }],
    ['the porch light has to be off hey', 'HassTurnOff', { name: 'Porch Light' }],
    [
      'Kitchen light to eighty-five percent exactly.',
      'HassLightSet',
      { name: 'Kitchen Light', brightness: 85 },
    ],
    [
      'Office heater to nineteen and a half degrees, not twenty.',
      'HassClimateSetTemperature',
      { name: 'Office Heater', temperature: 19.5 },
    ],
    ["movie night. don't ask.", 'HassTurnOn', { name: 'Movie Night' }],
  ])('"%s"', (text, intent, slots) => {
    expect(read(text)).toMatchObject({ intent, slots });
  });
  it('surprise before a request on "it" is no question of its own', () => {
    for (const text of ['is it? lock it then hey', 'oh no. lock it then'])
      expect(read(text, null, ['is the back door locked'])).toMatchObject({
        intent: 'HassTurnOn',
        slots: { name: 'Back Door' },
      });
  });
  it('what must be, with more told after it, or of no device, is not acted on', () => {
    expect(read('the back door must be locked, I heard it click').intent).toBeNull();
    expect(read('it must be on').intent).toBeNull();
    expect(read('the door must be locked')).toMatchObject({ ask: expect.any(String) });
  });
});

describe('older wrong ones of the review probes', () => {
  it('a landmark every room has places nothing by another device of its name', () => {
    expect(read('turn on the light by the window').intent).toBeNull();
    expect(read('turn on the light by the garage window')).toMatchObject({ slots: { name: 'Garage Light' } });
    expect(read('turn on the lamp by the bed')).toMatchObject({ slots: { name: 'Bedside Lamp' } });
  });
  it('a wish of how something else would act asks nothing now', () => {
    expect(read('i wish away mode would lock the back door too').intent).toBeNull();
    expect(read('I wish the kids would turn off the tv').intent).toBeNull();
    expect(read('i wish you would turn off the tv')).toMatchObject({ intent: 'HassTurnOff' });
  });
});

describe("the sun's events, one list for a trigger and for a shift", () => {
  it.each([
    'every day an hour after nightfall turn on the porch light',
    'turn on the porch light 20 minutes after the sun has set every day',
    'when the sun goes down turn on the porch light',
  ])('"%s" is a rule on the sun', (text) => {
    expect(read(text)).toMatchObject({ intent: 'HearthAutomationCreate', slots: { trigger: 'sun' } });
  });
});

describe('heldout68 and 70, and the review probe of this sitting (bench/probe-own-changes-7.jsonl)', () => {
  it('what the verb says a thing does names its kind', () => {
    expect(read('could you start the thing that sweeps the floor?')).toMatchObject({
      intent: 'HassVacuumStart',
      slots: { name: 'Robot Vacuum' },
    });
    expect(read('turn on the machine that makes the coffee')).toMatchObject({
      slots: { name: 'Coffee Machine' },
    });
  });
  it.each([
    'um the kettle we have is like so slow, I keep meaning to get a new one so yeah',
    // someone of the house after a West Country word of address is who wants it
    'my lovely neighbour left her porch light on',
    "my 'ansum son wants the telly on",
    // "must be" asks only the safe way
    'the back door must be unlocked',
    'the garage door must be open',
    'the alarm must be off',
    // "it" and then more than a name
    'turn it off. the porch light too',
    "unlock it. the back door's stuck",
    // a device left out is never the one acted on
    'turn off the lights not the porch light',
    'lock the doors not the back door',
    'i hope the back door is locked',
  ])('"%s" does nothing', (text) => {
    expect(read(text, null, ['is the front door locked']).intent).toBeNull();
  });
  it('what still works beside them', () => {
    expect(read('tell the robot vacuum to start')).toMatchObject({ intent: 'HassVacuumStart' });
    expect(read('the back door must be locked, please')).toMatchObject({ intent: 'HassTurnOn' });
    expect(read('can help me open the garage door or not, my hands full')).toMatchObject({
      intent: 'HassTurnOn',
    });
    expect(read("what's the time I've no idea").intent).toBe('HassGetCurrentTime');
    expect(read('Put the lamp on, me lover')).toMatchObject({ ask: expect.any(String) });
  });
});

describe('heldout68: te reo Māori words of New Zealand English, and "a little dim"', () => {
  it.each([
    ['e hoa, can you please put the kettle on for my cuppa', null, 'HassTurnOn', { name: 'Kettle' }],
    ['close the garage door chur', null, 'HassTurnOff', { name: 'Garage Door' }],
    ['kia ora e hoa, what is the time', null, 'HassGetCurrentTime', {}],
    ['lights off, time for moe', 'Bedroom', 'HassTurnOff', { area: 'Bedroom', domain: 'light' }],
    [
      "It's a little dim in here for my old eyes, I'm afraid.",
      'Kitchen',
      'HassLightSet',
      { brightness_step: 'up' },
    ],
  ] as [string, string | null, string, object][])('"%s"', (text, area, intent, slots) => {
    expect(read(text, area)).toMatchObject({ intent, slots });
  });
});

describe('heldout70: a request typed as on a command line', () => {
  it.each([
    ['status of front door', 'HassGetState', { name: 'Front Door' }],
    ['query garage window state', 'HassGetState', { name: 'Garage Window' }],
    ['kitchen fan running y/n', 'HassGetState', { name: 'Kitchen Fan', state: 'on' }],
    ['exec movie night', 'HassTurnOn', { name: 'Movie Night' }],
    ['apply movie night preset', 'HassTurnOn', { name: 'Movie Night' }],
    ['spin up the vacuum', 'HassVacuumStart', { name: 'Robot Vacuum' }],
    ['kitchen fan, toggle on', 'HassTurnOn', { name: 'Kitchen Fan' }],
    ['to 65, thermostat', 'HassClimateSetTemperature', { name: 'Thermostat', temperature: 65 }],
  ])('"%s"', (text, intent, slots) => {
    expect(read(text)).toMatchObject({ intent, slots });
  });
  it('what is no request of the home stays declined', () => {
    for (const text of ['status of the weather', 'apply for a job', 'execute order 66'])
      expect(read(text).intent).toBeNull();
    expect(read('ack. lock it', null, ['is the back door locked'])).toMatchObject({
      intent: 'HassTurnOn',
      slots: { name: 'Back Door' },
    });
  });
});

describe('seventeenth sitting: what the review probe of the sixteenth left acting', () => {
  it.each([
    // a device still in a state, told as a later clause: never a part to carry out
    'lock the front door, the back door still unlocked',
    'turn off the tv and the kitchen light still on',
  ])('"%s" acts on the device asked of only', (text) => {
    const r = read(text);
    expect(r.intent).toMatch(/^HassTurn(On|Off)$/);
    expect(Object.keys(r.slots)).toEqual(['name']);
  });
  it.each([
    // someone of the household did it: an undo would undo the asker's own, not theirs
    'the kids turned the lights on, undo it',
    'my son turned on the tv, undo that',
    // someone else to act, a habit told, no reason to act, not yet, a notice wanted
    'make sure they lock the back door',
    'make sure the kids turn off the tv',
    'mum always forgets to lock the back door',
    'sam always leaves the porch light on',
    'no reason to lock the back door',
    'lock the back door not yet',
    'set the thermostat to 21 not now',
    'tell me when the kettle is on',
    'let me know once the vacuum is done',
  ])('"%s" does nothing', (text) => {
    expect(read(text).intent).toBeNull();
  });
  it('"must be" with its ground after it is a guess of how it is, not a request', () => {
    expect(read("the heating must be off, it's freezing")).toMatchObject({
      intent: 'HassClimateSetTemperature',
      slots: { temperature_step: 'up' },
    });
    expect(read("the door must be locked, i can't open it").intent).toBeNull();
    expect(read('the front door must be locked, please')).toMatchObject({
      intent: 'HassTurnOn',
      slots: { name: 'Front Door' },
    });
  });
  it('the requests beside them still act', () => {
    expect(read('make sure you lock the back door').intent).toBe('HassTurnOn');
    expect(read('lock the back door mum always forgets').intent).toBe('HassTurnOn');
    expect(read('has sam reached home or not yet')).toMatchObject({
      intent: 'HassGetState',
      slots: { name: 'Sam' },
    });
    expect(read('mum hates it, undo that', null, ['turn on the porch light']).intent).toBe('HearthUndo');
  });
});

describe('heldout72 and 74: a list before its "on" or "off", remarks texted without "I", second thoughts', () => {
  it.each([
    // targets listed around one verb are never one name joined up ("tv … lights" is no TV Backlight)
    ['turn the tv and lights off', 'turn off the tv and lights'],
    ['tv & lights off', 'turn off the tv and lights'],
    ['turn the tv lights and the lamp off', 'turn off the tv lights and the lamp'],
  ])('"%s" reads as "%s"', (split, plain) => {
    expect(read(split)).toEqual(read(plain));
    expect(read(split).intent).toBe('HassTurnOff+HassTurnOff');
  });
  it.each([
    [
      'turn the kitchen light and the floor lamp off',
      'HassTurnOff+HassTurnOff',
      { '1.name': 'Kitchen Light', '2.name': 'Floor Lamp' },
    ],
    [
      'office heater and desk lamp off',
      'HassTurnOff+HassTurnOff',
      { '1.name': 'Office Heater', '2.name': 'Desk Lamp' },
    ],
    [
      'put the kettle and the coffee machine on',
      'HassTurnOn+HassTurnOn',
      { '1.name': 'Kettle', '2.name': 'Coffee Machine' },
    ],
    // each part its own verb: nothing moved
    [
      'send the hoover back and knock the hallway light off',
      'HassVacuumReturnToBase+HassTurnOff',
      { '1.name': 'Robot Vacuum', '2.name': 'Hallway Light' },
    ],
    // "close … up" closes: the verb says the way
    [
      'shut off that ceiling fan and close the curtains up in the bedroom too',
      'HassTurnOff+HassTurnOff',
      { '1.name': 'Ceiling Fan', '2.name': 'Bedroom Curtains' },
    ],
  ])('"%s" → %s', (text, intent, slots) => {
    expect(read(text)).toMatchObject({ intent, slots });
  });
  it.each([
    ['Could you turn on the kitchen fan? Burned the tortillas, sorry', 'HassTurnOn', { name: 'Kitchen Fan' }],
    ['Can you open the garage door please? Pulling in now', 'HassTurnOn', { name: 'Garage Door' }],
    [
      'Office heater and desk lamp off. Done charting for tonight',
      'HassTurnOff+HassTurnOff',
      { '1.name': 'Office Heater' },
    ],
  ])('a remark texted without its "I" is no request: "%s"', (text, intent, slots) => {
    expect(read(text)).toMatchObject({ intent, slots });
  });
  it('a second thought replaces what was asked before it, never adds to it', () => {
    expect(read('turn on the kitchen light. no sorry, the kitchen fan')).toMatchObject({
      intent: 'HassTurnOn',
      slots: { name: 'Kitchen Fan' },
    });
    expect(read('Turn on the porch light. Oops, I meant the garage light')).toMatchObject({
      intent: 'HassTurnOn',
      slots: { name: 'Garage Light' },
    });
    expect(read('oops, I meant the garage light', null, ['turn on the porch light'])).toMatchObject({
      intent: 'HassTurnOn',
      slots: { name: 'Garage Light' },
    });
  });
  it('people in a list are no devices', () => {
    expect(read('the kids and sam off').intent).toBeNull();
  });
});

describe('heldout74: Spanish as Spanglish households mix it into English', () => {
  it.each([
    ['prende la tele', 'HassTurnOn', { name: 'Living Room TV' }],
    ['apágala mijo, the porch light', 'HassTurnOff', { name: 'Porch Light' }],
    ['apágame el arbolito de crismas', 'HassTurnOff', { name: 'Christmas Tree' }],
    [
      'la luz grande de la sala to ninety percent',
      'HassLightSet',
      { name: 'Living Room Ceiling Light', brightness: 90 },
    ],
    [
      'súbele al termostato a setenta y cinco',
      'HassClimateSetTemperature',
      { name: 'Thermostat', temperature: 75 },
    ],
    [
      'ponle la mirror light al cincuenta por ciento',
      'HassLightSet',
      { name: 'Mirror Light', brightness: 50 },
    ],
    ['turn off las luces please', 'HassTurnOff', { domain: 'light' }],
    ['apaga la tele en media hora', 'HassTurnOff', { name: 'Living Room TV', delay_seconds: 1800 }],
    [
      'qué luces están prendidas downstairs?',
      'HassGetState',
      { domain: 'light', floor: 'Ground Floor', state: 'on' },
    ],
    ['pon el termostato a dieciocho', 'HassClimateSetTemperature', { name: 'Thermostat', temperature: 18 }],
    [
      'súbele al termostato a veintiuno',
      'HassClimateSetTemperature',
      { name: 'Thermostat', temperature: 21 },
    ],
  ])('"%s" → %s', (text, intent, slots) => {
    expect(read(text)).toMatchObject({ intent, slots });
  });
  it('English words that Spanish shares are left as they are', () => {
    expect(read('pause the television')).toMatchObject({
      intent: 'HassMediaPause',
      slots: { name: 'Living Room TV' },
    });
    expect(read('see ya, lock the front door')).toMatchObject({
      intent: 'HassTurnOn',
      slots: { name: 'Front Door' },
    });
  });
  it('a place said after the request is where, not a second part', () => {
    expect(read('lights on, all of downstairs')).toMatchObject({
      intent: 'HassTurnOn',
      slots: { domain: 'light', floor: 'Ground Floor' },
    });
  });
});

describe('a step that says not of what, beside a feeling that does', () => {
  it.each([
    ['bájale, está muy fuerte', 'HassSetVolume', { volume_step: 'down', area: 'Living Room' }],
    ['turn down, it is very loud', 'HassSetVolume', { volume_step: 'down', area: 'Living Room' }],
    // the apostrophe left out: still a feeling told, no second request
    ['turn up, its freezing', 'HassClimateSetTemperature', { temperature_step: 'up', area: 'Living Room' }],
    ['turn down the lights, its very loud', 'HassLightSet', { brightness_step: 'down', area: 'Living Room' }],
  ])('"%s" in the living room → %s', (text, intent, slots) => {
    expect(read(text, 'Living Room')).toMatchObject({ intent, slots });
  });
  it('a feeling told with no request beside it is read once', () => {
    expect(read("the heater is on and I'm still cold").intent).toBe('HassClimateSetTemperature');
  });
});

describe('heldout72: Midwestern "her" for a thing, places out front, closing remarks', () => {
  it.each([
    ["Garage door, open 'er up", 'HassTurnOn', { name: 'Garage Door' }, []],
    ["well lock 'er up then", 'HassTurnOn', { name: 'Back Door' }, ['is the back door locked']],
    [
      'kill the tv and start the roomba',
      'HassTurnOff+HassVacuumStart',
      { '1.name': 'Living Room TV', '2.name': 'Robot Vacuum' },
      [],
    ],
    ['That porch light out front, go ahead and shut it off', 'HassTurnOff', { name: 'Porch Light' }, []],
    [
      'sixty-five on the thermostat, that oughta do it',
      'HassClimateSetTemperature',
      { name: 'Thermostat', temperature: 65 },
      [],
    ],
    [
      'turn the thermostat to 65, that should do it',
      'HassClimateSetTemperature',
      { name: 'Thermostat', temperature: 65 },
      [],
    ],
    // shut out of the house: no lock asked of, the request before it stands
    ['front door, unlock it, grandma locked herself out lmao', 'HassTurnOff', { name: 'Front Door' }, []],
  ] as [string, string, Record<string, unknown>, string[]][])('"%s" → %s', (text, intent, slots, history) => {
    expect(read(text, null, history)).toMatchObject({ intent, slots });
  });
  it('"er" elsewhere is a hesitation', () => {
    expect(read('turn er the kitchen light on')).toMatchObject({
      intent: 'HassTurnOn',
      slots: { name: 'Kitchen Light' },
    });
  });
});

describe('heldout73: speech as a recogniser writes it — restarts and words run together', () => {
  it.each([
    [
      'set the floor lamp to fifty no thirty five percent',
      'HassLightSet',
      { name: 'Floor Lamp', brightness: 35 },
    ],
    ['is the back um the front door locked', 'HassGetState', { name: 'Front Door', state: 'locked' }],
    ['could you put the kitchen um no the ceiling fan on please', 'HassTurnOn', { name: 'Ceiling Fan' }],
    [
      'turnoff the mirror light and the ceiling fan',
      'HassTurnOff+HassTurnOff',
      { '1.name': 'Mirror Light', '2.name': 'Ceiling Fan' },
    ],
  ])('"%s" → %s', (text, intent, slots) => {
    expect(read(text)).toMatchObject({ intent, slots });
  });
  it('two things named with no second thought between are both kept', () => {
    // (a list said without commas, an alternative, a value and its alternative)
    expect(read('switch off the kettle the coffee machine and the kitchen speaker').intent).toBe(
      'HassTurnOff+HassTurnOff+HassTurnOff',
    );
    expect(read('set the thermostat to 20 or 21').slots).not.toMatchObject({ temperature: 21 });
  });
});

describe('a name misheard as other English words on a noisy line', () => {
  it.each([
    // a voiced consonant heard for a voiceless one beside a name's other word
    ['lock the bag door', 'HassTurnOn', { name: 'Back Door' }],
    // a name's word split in two, its vowels as the recogniser guessed them
    ['put the hole way light on', 'HassTurnOn', { name: 'Hallway Light' }],
    // a half spelled into a name's word joins the other half
    ['tv black light off', 'HassTurnOff', { name: 'TV Backlight' }],
    // a deadline that acting now meets
    ['um lock the back door before bed', 'HassTurnOn', { name: 'Back Door' }],
  ])('"%s" → %s', (text, intent, slots) => {
    expect(read(text)).toMatchObject({ intent, slots });
  });
  it('never a name from words that only sound like one beside nothing of it', () => {
    // ("not the" sounds as "night", but "night desk" names nothing; "nite w" is "night with")
    expect(read('not the desk one').intent).toBeNull();
    expect(read('open the bat door').intent).toBeNull();
    expect(read('movie nite w gran lol')).toMatchObject({
      intent: 'HassTurnOn',
      slots: { name: 'Movie Night' },
    });
  });
  it('a habit or a later bedtime is no request for now', () => {
    expect(read('we always lock the back door before bed').intent).toBeNull();
    expect(read('lock the back door before bed tomorrow').intent).toBeNull();
  });
});

describe('English in the turns of Spanish and Portuguese', () => {
  it.each([
    [
      'every day at 7 of the morning open the blinds of the living room',
      'HearthAutomationCreate',
      { trigger: 'time' },
    ],
    ['turn on the porch light at 8 of the night', 'HassTurnOn', { name: 'Porch Light', at: '20:00' }],
    [
      'the kitchen speaker at thirty five of volume',
      'HassSetVolume',
      { name: 'Kitchen Speaker', volume_level: 35 },
    ],
    ['is the hour of the dinner party, turn on that scene', 'HassTurnOn', { name: 'Dinner Party' }],
  ])('"%s" → %s', (text, intent, slots) => {
    expect(read(text)).toMatchObject({ intent, slots });
  });
  it('"it makes very cold" is how the room feels; "makes it cold" or the fan\'s cold air is not', () => {
    expect(read('is making much cold here', 'Office')).toMatchObject({
      intent: 'HassClimateSetTemperature',
      slots: { temperature_step: 'up', area: 'Office' },
    });
    expect(read('it makes very cold', 'Office')).toMatchObject({ slots: { temperature_step: 'up' } });
    expect(read('the fan makes very cold air', 'Office').intent).toBeNull();
  });
  it('"8 at night" is the evening hour', () => {
    expect(read('turn on the porch light at 8 at night')).toMatchObject({ slots: { at: '20:00' } });
  });
});

describe('"a bit less" after a light or a speaker was switched on', () => {
  it('steps its light or its sound', () => {
    expect(read('a little less', null, ['turn on the floor lamp'])).toEqual({
      intent: 'HassLightSet',
      slots: { name: 'Floor Lamp', brightness_step: 'down' },
    });
    expect(read('a bit more', null, ['turn on the kitchen speaker'])).toEqual({
      intent: 'HassSetVolume',
      slots: { name: 'Kitchen Speaker', volume_step: 'up' },
    });
  });
  it('is not guessed for a device with no level (a fan switched on)', () => {
    expect(read('a bit more', null, ['turn on the kitchen fan']).intent).toBeNull();
  });
});

describe('a vacuum sent to its base however said', () => {
  it.each(['send it to the base', 'send it back to the charging station', 'put it back on the dock'])(
    '"%s" after starting it',
    (text) => {
      expect(read(text, null, ['start the robot vacuum'])).toMatchObject({
        intent: 'HassVacuumReturnToBase',
        slots: { name: 'Robot Vacuum' },
      });
    },
  );
});

describe('heldout76 and 77: the South', () => {
  it.each([
    [
      'set the air to 70 and cut on the ceiling fan',
      'HassClimateSetTemperature+HassTurnOn',
      { '1.name': 'Thermostat', '1.temperature': 70, '2.name': 'Ceiling Fan' },
    ],
    [
      'turn the air down to sixty eight',
      'HassClimateSetTemperature',
      { name: 'Thermostat', temperature: 68 },
    ],
    ['we got any lights on in the garage', 'HassGetState', { domain: 'light', state: 'on', area: 'Garage' }],
    [
      "we're headed to church start the vacuum and lock the doors",
      'HassVacuumStart+HassTurnOn',
      { '1.name': 'Robot Vacuum', '2.domain': 'lock' },
    ],
  ])('"%s" → %s', (text, intent, slots) => {
    expect(read(text)).toMatchObject({ intent, slots });
  });
  it('"we got any doors unlocked" asks and unlocks nothing', () => {
    expect(read('we got any doors unlocked')).toMatchObject({
      intent: 'HassGetState',
      slots: { state: 'unlocked' },
    });
  });
  it('"the air" is the thermostat only where the home names nothing "air …"', () => {
    const reg = registryFromFixtures([home]);
    reg.entities.push({ entity_id: 'fan.air_purifier', name: 'Air Purifier', domain: 'fan', area: null });
    const own = new Understanding(new IntentEngine(reg));
    expect(nluLine(own, 'the air purifier, turn it off', null, [])).toMatchObject({
      intent: 'HassTurnOff',
      slots: { name: 'Air Purifier' },
    });
    expect(read('let some fresh air in').intent).toBeNull();
  });
});

describe('"the air" is no air conditioner', () => {
  it('a home with only a thermostat has no AC to switch on', () => {
    expect(read('turn on the air conditioning please').intent).toBeNull();
  });
});

describe('heldout76: New Orleans words', () => {
  it.each([
    ['cher, would you cut the porch light off for me', 'HassTurnOff', { name: 'Porch Light' }],
    [
      "aight, could you go 'head and start the coffee machine for me",
      'HassTurnOn',
      { name: 'Coffee Machine' },
    ],
    ['could u turn the tv backlight on rq pls', 'HassTurnOn', { name: 'TV Backlight' }],
    ['we out, away mode', 'HassTurnOn', { name: 'Away' }],
    ['leave the heating at 20', 'HassClimateSetTemperature', { name: 'Thermostat', temperature: 20 }],
  ])('"%s" → %s', (text, intent, slots) => {
    expect(read(text)).toMatchObject({ intent, slots });
  });
  it('follow-ups with a hesitation or "leave them" at a value', () => {
    expect(read('mm, little more', null, ['turn the kitchen speaker up'])).toMatchObject({
      intent: 'HassSetVolume',
      slots: { volume_step: 'up' },
    });
    expect(read('nah leave em halfway', null, ['open the living room blinds'])).toEqual({
      intent: 'HassSetPosition',
      slots: { name: 'Living Room Blinds', position: 50 },
    });
  });
  it('"leave the porch light at 9" is an hour, never a brightness', () => {
    expect(read('leave the porch light at 9').slots).not.toHaveProperty('brightness');
  });
});

describe('heldout77: Alabama at the voice button', () => {
  it.each([
    ["hey we're fixin to leave set it to away", 'HassTurnOn', { name: 'Away' }, null],
    ['cant hardly see in here', 'HassLightSet', { area: 'Office', brightness_step: 'up' }, 'Office'],
    ['cut off the ceiling fam', 'HassTurnOff', { name: 'Ceiling Fan' }, null],
  ])('"%s" → %s', (text, intent, slots, area) => {
    expect(read(text, area)).toMatchObject({ intent, slots });
  });
  it('an intention to leave something on is no request', () => {
    expect(read("we're going to leave the lights on").intent).toBeNull();
  });
});

describe('a motion sensor asked whether it picked anything up, in any tense', () => {
  it.each([
    'did the hallway motion pick anything up',
    'did the hallway motion detect anything',
    'hallway motion picking anything up?',
  ])('"%s"', (text) => {
    expect(read(text)).toMatchObject({
      intent: 'HassGetState',
      slots: { name: 'Hallway Motion', state: 'on' },
    });
  });
  it('someone who saw something asks nothing', () => {
    expect(read('i saw something in the hallway').intent).toBeNull();
  });
});

describe('the "like" of American talk says nothing', () => {
  it('"so like movie night please" is the scene; "I would like the lights on" keeps its verb', () => {
    expect(read('so like movie night please')).toMatchObject({
      intent: 'HassTurnOn',
      slots: { name: 'Movie Night' },
    });
    expect(read('i would like the lights on')).toMatchObject({
      intent: 'HassTurnOn',
      slots: { domain: 'light' },
    });
  });
});

describe('heldout79: Scots', () => {
  it.each([
    ['if you dinnae mind, open the garage door for Alex', 'HassTurnOn', { name: 'Garage Door' }, []],
    ['which doors are no locked?', 'HassGetState', { domain: 'lock', state: 'unlocked' }, []],
    ['the telly, gonnae pause it', 'HassMediaPause', { name: 'Living Room TV' }, []],
    ['upstairs, the lights, aw aff', 'HassTurnOff', { domain: 'light', floor: 'Upper Floor' }, []],
    ['the wan by the bed', 'HassTurnOn', { name: 'Bedside Lamp' }, ['put the lamp on']],
    ['a wee bit mair', 'HassSetVolume', { name: 'Living Room TV', volume_step: 'up' }, ['turn the telly up']],
  ])('"%s" → %s', (text, intent, slots, history) => {
    expect(read(text, null, history)).toMatchObject({ intent, slots });
  });
  it('"go back a step" undoes; "go back" alone is the track before, and after a skip no undo', () => {
    expect(read('go back a step, that wasnae what I meant').intent).toBe('HearthUndo');
    expect(read("ugh go back, I didn't mean that").intent).toBe('HearthUndo');
    expect(read('go back').intent).not.toBe('HearthUndo');
    expect(read('go back a step', null, ['next song on the kitchen speaker']).intent).toBeNull();
    expect(read('go back to sleep').intent).toBeNull();
    expect(read('wait go back, undo it').intent).toBe('HearthUndo');
    expect(read('scratch that go back to how it was').intent).toBe('HearthUndo');
  });
});

describe('words said twice for someone who may not have heard', () => {
  it.each([
    [
      'lock the back door in ten minutes ten minutes',
      'HassTurnOn',
      { name: 'Back Door', delay_seconds: 600 },
    ],
    [
      'office heater sixty eight degrees sixty eight',
      'HassClimateSetTemperature',
      { name: 'Office Heater', temperature: 68 },
    ],
    ['how cold is it out out there right now', 'HassGetState', { name: 'Outside Temperature' }],
  ])('"%s" → %s', (text, intent, slots) => {
    expect(read(text)).toMatchObject({ intent, slots });
  });
  it('words doubled on purpose stay doubled', () => {
    expect(tokenize('no no no')).toEqual(['no', 'no', 'no']);
    expect(read('night night house')).toMatchObject({ intent: 'HassTurnOn', slots: { name: 'Good Night' } });
    expect(read('r there still lights on on the ground floor')).toMatchObject({
      intent: 'HassGetState',
      slots: { floor: 'Ground Floor', state: 'on' },
    });
  });
});

describe('a noun after "a" is never spelled into a feeling', () => {
  it('"the floor is a fright" dims nothing', () => {
    expect(read('Would you be so good as to run the robot vacuum? The floor is a fright.')).toMatchObject({
      intent: 'HassVacuumStart',
      slots: { name: 'Robot Vacuum' },
    });
  });
  it('"that wasn\'t what I meant at all" names no device: "at all" is no everything', () => {
    expect(
      read("Oh dear, that wasn't what I meant at all. Please put things back the way they were.").intent,
    ).toBe('HearthUndo');
  });
});

describe('heldout78 and 80: messages written as letters and notes', () => {
  it.each([
    [
      'Please turn off every light on the upper floor. With thanks, Margaret',
      'HassTurnOff',
      { domain: 'light', floor: 'Upper Floor' },
    ],
    ['turn off the lights upstairs. love you all', 'HassTurnOff', { domain: 'light', floor: 'Upper Floor' }],
    ['HOUSE NOTE: turn off the lights downstairs', 'HassTurnOff', { domain: 'light', floor: 'Ground Floor' }],
    [
      'To whoever reads this (prob just the assistant lol): please switch the christmas tree off',
      'HassTurnOff',
      { name: 'Christmas Tree' },
    ],
    ['Activate scene: Movie Night.', 'HassTurnOn', { name: 'Movie Night' }],
    [
      'Would you mind terribly starting the coffee machine? Thank you ever so much.',
      'HassTurnOn',
      { name: 'Coffee Machine' },
    ],
    ["I'd be ever so grateful if the porch light went on", 'HassTurnOn', { name: 'Porch Light' }],
    [
      'Would you set things up so the front door locks itself every night at ten? Much obliged, Margaret',
      'HearthAutomationCreate',
      { trigger: 'time' },
    ],
    [
      'can you set up a rule for me: every day at 2:30 in the arvo open the bedroom curtains',
      'HearthAutomationCreate',
      { trigger: 'time' },
    ],
  ])('"%s" → %s', (text, intent, slots) => {
    expect(read(text)).toMatchObject({ intent, slots });
  });
  it('a heading or a closing that names the home is no heading', () => {
    expect(read('NOTE: the kitchen light is on').intent).toBeNull();
    expect(read('turn off the lights. Love, Kitchen').intent).toBeNull();
    expect(read('set up a rule: turn off the lights').intent).toBeNull();
  });
  it('"and how about the bedroom?" after a room\'s temperature asks the same of the bedroom', () => {
    expect(
      read('And how about the bedroom?', null, ['What is the temperature in the office, please?']),
    ).toMatchObject({
      intent: 'HassClimateGetTemperature',
      slots: { area: 'Bedroom' },
    });
  });
});

describe('heldout80: a Melbourne share house', () => {
  it.each([
    [
      'Is possible you put the mirror light on, please? I am doing my makeup',
      'HassTurnOn',
      { name: 'Mirror Light' },
      null,
    ],
    [
      'Please, you can connect the kettle for me? I want to make one tea',
      'HassTurnOn',
      { name: 'Kettle' },
      null,
    ],
    [
      'Actually the heating is connected? I am with cold',
      'HassGetState',
      { name: 'Thermostat', state: 'on' },
      null,
    ],
    [
      'Is very dark here, put more light',
      'HassLightSet',
      { area: 'Living Room', brightness_step: 'up' },
      'Living Room',
    ],
    ['dim the flooor lamp to 35 pc', 'HassLightSet', { name: 'Floor Lamp', brightness: 35 }, null],
    [
      'is the alarm armed or did someone forget again',
      'HassGetState',
      { name: 'Home Alarm', state: 'armed' },
      null,
    ],
    [
      'are the blinds up in the living room',
      'HassGetState',
      { name: 'Living Room Blinds', state: 'open' },
      null,
    ],
  ])('"%s" → %s', (text, intent, slots, area) => {
    expect(read(text, area)).toMatchObject({ intent, slots });
  });
  it('a feeling beside a question about the heating is why it is asked: answered, nothing done', () => {
    expect(read("Is the heating even on? It's freezing.")).toMatchObject({
      intent: 'HassGetState',
      slots: { name: 'Thermostat', state: 'on' },
    });
  });
  it('"pc" after a number only is per cent', () => {
    expect(read('turn on the pc').intent).toBeNull();
  });
  it('a value said beside a request is still no remark', () => {
    expect(read('turn on the lights. I want it at 20.').intent).toBeNull();
  });
});

describe("a word of a name that another noun follows is that noun's", () => {
  it('"night shift eyes" and "my night check" name no scene and no night light', () => {
    expect(read('bedside lamp to fifteen percent, night shift eyes')).toMatchObject({
      intent: 'HassLightSet',
      slots: { name: 'Bedside Lamp', brightness: 15 },
    });
    expect(read('are both doors locked? just doing my night check')).toMatchObject({
      intent: 'HassGetState',
      slots: { domain: 'lock', state: 'locked' },
    });
  });
  it('the name itself is still said: "turn on the night light"', () => {
    expect(read('turn on the night light')).toMatchObject({
      intent: 'HassTurnOn',
      slots: { name: 'Bedside Lamp' },
    });
  });
});

describe('heldout83: Chicago and a Polish grandmother', () => {
  it.each([
    [
      'hey would yous mind grabbin da lights in the front room',
      'HassTurnOff',
      { area: 'Living Room', domain: 'light' },
      [],
    ],
    [
      "lock up da back door and grab the kitchen light while you're at it",
      'HassTurnOn+HassTurnOff',
      { '1.name': 'Back Door', '2.name': 'Kitchen Light' },
      [],
    ],
    [
      "ok grab 'em all",
      'HassTurnOff',
      { domain: 'light', floor: 'Ground Floor' },
      ['any lights on downstairs'],
    ],
    [
      "hey, be a pal and throw on da hallway light, I can't see nothin'",
      'HassTurnOn',
      { name: 'Hallway Light' },
      [],
    ],
    ['mind flippin on the garage light for me', 'HassTurnOn', { name: 'Garage Light' }, []],
    ['I ask nicely, put on little lamp next to my bed', 'HassTurnOn', { name: 'Bedside Lamp' }, []],
    ['lights out, good night mode', 'HassTurnOn', { name: 'Good Night' }, []],
  ])('"%s" → %s', (text, intent, slots, history) => {
    expect(read(text, null, history)).toMatchObject({ intent, slots });
  });
  it('"grab" is the lights\' only: the mail is no device; "lights out" alone turns them off', () => {
    expect(read('can you grab the mail').intent).toBeNull();
    expect(read('lights out')).toMatchObject({ intent: 'HassTurnOff', slots: { domain: 'light' } });
  });
  it('"stat the robot vacum" still starts it (no polite word makes "star" a word)', () => {
    expect(read('stat the robot vacum')).toMatchObject({
      intent: 'HassVacuumStart',
      slots: { name: 'Robot Vacuum' },
    });
  });
});

describe('heldout83: more of the family', () => {
  it.each([
    [
      'please you stop the television, I go answer telephone',
      'HassMediaPause',
      { name: 'Living Room TV' },
      [],
      null,
    ],
    ['stop the kitchen speaker', 'HassMediaPause', { name: 'Kitchen Speaker' }, [], null],
    ['stop the kitchen fan', 'HassTurnOff', { name: 'Kitchen Fan' }, [], null],
    [
      'drop the front room blinds to twenty percent',
      'HassSetPosition',
      { name: 'Living Room Blinds', position: 20 },
      [],
      null,
    ],
    [
      'be so good, make thermostat seventy two please, my feet are ice',
      'HassClimateSetTemperature',
      { name: 'Thermostat', temperature: 72 },
      [],
      null,
    ],
    [
      'is too much dark here, I cannot see the pot',
      'HassLightSet',
      { area: 'Kitchen', brightness_step: 'up' },
      [],
      'Kitchen',
    ],
    ['ojej, no no, go back what you did', 'HearthUndo', {}, [], null],
    ["wait wait undo that last one that's not what I said", 'HearthUndo', {}, [], null],
    ['forget it, cancel that one', 'HearthTimerCancel', {}, ['turn off the kettle in ten minutes'], null],
  ])('"%s" → %s', (text, intent, slots, history, area) => {
    expect(read(text, area, history)).toMatchObject({ intent, slots });
  });
  it('"turn off the tv" still switches it off; "cancel that one" after nothing set for later cancels nothing', () => {
    expect(read('turn off the tv')).toMatchObject({
      intent: 'HassTurnOff',
      slots: { name: 'Living Room TV' },
    });
    expect(read('nah cancel that one', null, ['turn off the kettle']).intent).toBeNull();
  });
});

describe('heldout81 and 82: Dublin, and a Swiss father-in-law in Seattle', () => {
  it.each([
    [
      "If it's no bother would you pull the curtains in the bedroom, it's getting dark",
      'HassTurnOff',
      { name: 'Bedroom Curtains' },
      [],
    ],
    [
      'pleeease can u turn on the night light 🙏 its pitch black up here',
      'HassTurnOn',
      { name: 'Bedside Lamp' },
      [],
    ],
    ['Is the kettle after being left on again?', 'HassGetState', { name: 'Kettle', state: 'on' }, []],
    ['gn 😴 good night scene', 'HassTurnOn', { name: 'Good Night' }, []],
    ['Ah cancel that, leave it on', 'HearthTimerCancel', {}, ['switch off the telly in half an hour']],
    ['please, could you make the christmas tree out', 'HassTurnOff', { name: 'Christmas Tree' }, []],
    ['please close the shutters in the lounge', 'HassTurnOff', { name: 'Living Room Blinds' }, []],
    ['hey siri - mind disarming the home alarm? thx', 'HassTurnOff', { name: 'Home Alarm' }, []],
    [
      'is the ceiling fan in the bedroom spinning right now?',
      'HassGetState',
      { name: 'Ceiling Fan', state: 'on' },
      [],
    ],
    [
      'is the robot vacuum sitting at its dock?',
      'HassGetState',
      { name: 'Robot Vacuum', state: 'docked' },
      [],
    ],
    ['which date do we have today?', 'HassGetCurrentDate', {}, []],
    [
      "Would you remind me what today's date is? I've quite lost track this week.",
      'HassGetCurrentDate',
      {},
      [],
    ],
    ['bedroom curtains open @ 06:15', 'HassTurnOn', { name: 'Bedroom Curtains', at: '06:15' }, []],
    [
      'in a quarter hour make the light in the hallway out please',
      'HassTurnOff',
      { name: 'Hallway Light', delay_seconds: 900 },
      [],
    ],
    ['ls timers', 'HearthTimerList', {}, []],
    ['no no, make that back like before', 'HearthUndo', {}, []],
    ['never mind, 40', 'HassLightSet', { name: 'Desk Lamp', brightness: 40 }, ['set desk lamp to 80']],
  ])('"%s" → %s', (text, intent, slots, history) => {
    expect(read(text, null, history)).toMatchObject({ intent, slots });
  });
  it('a window covering by another word only where the home calls nothing so', () => {
    // the home has curtains (in the bedroom): "the curtains in the living room" are none there
    expect(read('close the curtains in the living room').slots).not.toHaveProperty('name');
    // a window is never a blind
    expect(read('open the garage window').slots).not.toHaveProperty('name');
    expect(read('pull the bedroom curtains open')).toMatchObject({
      intent: 'HassTurnOn',
      slots: { name: 'Bedroom Curtains' },
    });
  });
  it('"make it back home", "remind me to …", "make the most out of it" ask for nothing', () => {
    expect(read('make it back home').intent).toBeNull();
    expect(read('remind me to turn off the lights').intent).toBeNull();
    expect(read('make the most out of it').intent).toBeNull();
  });
});

describe('remarks with no comma, times with no "at", questions closed on "or"', () => {
  it.each([
    [
      'turn on the desk lamp and the office heater pls exam szn 😭',
      'HassTurnOn+HassTurnOn',
      { '1.name': 'Desk Lamp', '2.name': 'Office Heater' },
    ],
    ['back door lock 22:00', 'HassTurnOn', { name: 'Back Door', at: '22:00' }],
    ['is the office warm enough to study in or', 'HassClimateGetTemperature', { area: 'Office' }],
    [
      'Would you ever give the floors a lash with the robot hoover',
      'HassVacuumStart',
      { name: 'Robot Vacuum' },
    ],
  ])('"%s" → %s', (text, intent, slots) => {
    expect(read(text)).toMatchObject({ intent, slots });
  });
  it('a time or a condition after "please" is no remark; a time after "until" is no time to act', () => {
    expect(read('turn on the lights please when I get home').intent).toBeNull();
    expect(read('turn on the lights until 22:00').intent).toBeNull();
    expect(read('give the dog a go').intent).toBeNull();
  });
});

describe('run-on requests from the car', () => {
  it('two requests in one breath, a verb opening the second', () => {
    expect(
      read('open the garage door turn the hallway light on and put the thermostat at seventy'),
    ).toMatchObject({
      intent: 'HassTurnOn+HassTurnOn+HassClimateSetTemperature',
      slots: {
        '1.name': 'Garage Door',
        '2.name': 'Hallway Light',
        '3.name': 'Thermostat',
        '3.temperature': 70,
      },
    });
  });
  it('"put the kitchen speaker on pause" stays one request', () => {
    expect(read('start the vacuum and put the kitchen speaker on pause')).toMatchObject({
      intent: 'HassVacuumStart+HassMediaPause',
    });
  });
  it('a reason, "so", then the request: "nobody\'s home so can you turn on the away scene"', () => {
    expect(read("nobody's home so can you turn on the away scene")).toMatchObject({
      intent: 'HassTurnOn',
      slots: { name: 'Away' },
    });
  });
});

describe('heldout85 and 86: a step or a verb said again beside what it is of', () => {
  it('"music too loud, turn down" turns the music down and dims no light', () => {
    expect(read('music too loud, turn down', 'Kitchen')).toMatchObject({
      intent: 'HassSetVolume',
      slots: { area: 'Kitchen', volume_step: 'down' },
    });
    // both named: both done
    expect(read('turn the music down and dim the lights', 'Kitchen').intent).toBe(
      'HassSetVolume+HassLightSet',
    );
  });
  it('"at nineteen the thermostat, please put it" sets it and switches nothing on', () => {
    expect(read('at nineteen the thermostat, please put it')).toMatchObject({
      intent: 'HassClimateSetTemperature',
      slots: { name: 'Thermostat', temperature: 19 },
    });
  });
});

describe("heldout86: Yorkshire's t' and its words", () => {
  it.each([
    [
      "ey up, could you put t' big light on in t' lounge please",
      'HassTurnOn',
      { name: 'Living Room Ceiling Light' },
      [],
      null,
    ],
    [
      "would tha mind sending t' robot hoover back to its dock",
      'HassVacuumReturnToBase',
      { name: 'Robot Vacuum' },
      [],
      null,
    ],
    [
      "t' blinds in t' lounge 'alf way",
      'HassSetPosition',
      { name: 'Living Room Blinds', position: 50 },
      [],
      null,
    ],
    ['how nithering is it outside', 'HassGetState', { name: 'Outside Temperature' }, [], null],
    ["off wi' t' desk lamp", 'HassTurnOff', { name: 'Desk Lamp' }, [], null],
    [
      "too bright in 'ere, me head's banging",
      'HassLightSet',
      { area: 'Bedroom', brightness_step: 'down' },
      [],
      'Bedroom',
    ],
    ['gerrit locked then', 'HassTurnOn', { name: 'Back Door' }, ["is t' back door locked"], null],
  ])('"%s" → %s', (text, intent, slots, history, area) => {
    expect(read(text, area, history)).toMatchObject({ intent, slots });
  });
  it('"t" elsewhere stays what it was', () => {
    expect(read("don't turn off the lights").intent).toBeNull();
    expect(read("can't you turn the porch light on")).toMatchObject({
      intent: 'HassTurnOn',
      slots: { name: 'Porch Light' },
    });
  });
});

describe('heldout86: Italian turns and asides', () => {
  it.each([
    [
      'I make the bath now, please you can turn on the mirror light?',
      'HassTurnOn',
      { name: 'Mirror Light' },
      null,
    ],
    [
      'between half an hour close the light of the hallway',
      'HassTurnOff',
      { name: 'Hallway Light', delay_seconds: 1800 },
      null,
    ],
    [
      'every morning at seven and half turn on the coffee machine',
      'HearthAutomationCreate',
      { trigger: 'time' },
      null,
    ],
    ['annulla annulla, I make a mistake, go back', 'HearthUndo', {}, null],
    [
      'Please lock the front door and afterwards arm the home alarm.',
      'HassTurnOn+HassTurnOn',
      { '1.name': 'Front Door', '2.name': 'Home Alarm' },
      null,
    ],
    ["run good morning, even though it's nowt of the sort", 'HassTurnOn', { name: 'Good Morning' }, null],
    ['pause it while I make a brew', 'HassMediaPause', { area: 'Living Room' }, 'Living Room'],
    ['is there anybody at home apart from me', 'HassGetState', { domain: 'person', state: 'home' }, null],
    [
      'In one and half hour close the garage door',
      'HassTurnOff',
      { name: 'Garage Door', delay_seconds: 5400 },
      null,
    ],
  ])('"%s" → %s', (text, intent, slots, area) => {
    expect(read(text, area)).toMatchObject({ intent, slots });
  });
  it('"between 10 and 6" stays two hours of a rule; an aside that goes against the request is none', () => {
    expect(read('when the front door opens between 10 and 6 turn on the hallway light').intent).toBe(
      'HearthAutomationCreate',
    );
    expect(read('turn off the lights even though it is dark').intent).toBeNull();
  });
});

describe('heldout84 and 85: the furnace, the Korean "fire", and a second request never dropped', () => {
  it.each([
    [
      'be a pal and crank the furnace up to 72 please',
      'HassClimateSetTemperature',
      { name: 'Thermostat', temperature: 72 },
      [],
    ],
    ['is the furnace running', 'HassGetState', { name: 'Thermostat', state: 'on' }, []],
    [
      'actually make it seventy',
      'HassClimateSetTemperature',
      { name: 'Thermostat', temperature: 70 },
      ['set the furnace to 68'],
    ],
    ['kitchen fire please turn on, thank you', 'HassTurnOn', { name: 'Kitchen Light' }, []],
    [
      'kitchen fire off and kettle also off',
      'HassTurnOff+HassTurnOff',
      { '1.name': 'Kitchen Light', '2.name': 'Kettle' },
      [],
    ],
    ['please open the window curtain in bedroom', 'HassTurnOn', { name: 'Bedroom Curtains' }, []],
    ['could you be a pal and plug in the christmas tree', 'HassTurnOn', { name: 'Christmas Tree' }, []],
    ['get the kettle heating would you dear', 'HassTurnOn', { name: 'Kettle' }, []],
    ['lock the front door at 9 oclock tonite', 'HassTurnOn', { name: 'Front Door', at: '21:00' }, []],
    ['Reverse the previous action.', 'HearthUndo', {}, []],
    ['aigoo, wrong one, go back to before', 'HearthUndo', {}, []],
  ])('"%s" → %s', (text, intent, slots, history) => {
    expect(read(text, null, history)).toMatchObject({ intent, slots });
  });
  it('a real fire is no light, and an aircon is no thermostat', () => {
    expect(read('there is a kitchen fire').intent).toBeNull();
    expect(read('set the aircon to 24 degrees').intent).toBeNull();
  });
  it('"… and get the coffee going" is a second request, done — never dropped for the first alone', () => {
    expect(read('set the thermostat to 70 and get the coffee going')).toMatchObject({
      intent: 'HassClimateSetTemperature+HassTurnOn',
      slots: { '1.name': 'Thermostat', '2.name': 'Coffee Machine' },
    });
    expect(read('turn on the porch light and get the vacuum going').intent).toBe(
      'HassTurnOn+HassVacuumStart',
    );
    expect(read('turn on the porch light and turn on the flux capacitor').intent).toBeNull();
    // "… im going to bed" tells, it starts nothing
    expect(read('turn off the tv and the floor lamp im going to bed').intent).toBe('HassTurnOff+HassTurnOff');
  });
});

describe('heldout84: one finger and a phone that writes numbers for words', () => {
  it.each([
    [
      'would ya mind shuttin off the garage light when you get a sec',
      'HassTurnOff',
      { name: 'Garage Light' },
    ],
    ['could you please turn on the porch light four me thank you', 'HassTurnOn', { name: 'Porch Light' }],
    ['shutoff the porchlight', 'HassTurnOff', { name: 'Porch Light' }],
    ['lockthe backdoor', 'HassTurnOn', { name: 'Back Door' }],
    ['turn onthe kitchen lite', 'HassTurnOn', { name: 'Kitchen Light' }],
    ['shut of the t v', 'HassTurnOff', { name: 'Living Room TV' }],
    ['turn the kitchen light two forty percent', 'HassLightSet', { name: 'Kitchen Light', brightness: 40 }],
    ['turn the TV down two ten', 'HassSetVolume', { name: 'Living Room TV', volume_level: 10 }],
    ['is the kitchen fan runnin', 'HassGetState', { name: 'Kitchen Fan', state: 'on' }],
  ])('"%s" → %s', (text, intent, slots) => {
    expect(read(text)).toMatchObject({ intent, slots });
  });
  it('a number stays a number where it is one', () => {
    expect(read('at 4 turn on the porch light')).toMatchObject({ slots: { at: '04:00' } });
    expect(read('set the thermostat to 20')).toMatchObject({ slots: { temperature: 20 } });
  });
});

describe('heldout87 and 89: the wrong ones of Belfast and Brisbane', () => {
  it('"…, son," is the one spoken to, no song to play', () => {
    expect(
      read("Would you ever switch the kitchen light on for me, son, it's getting awful dark.", 'Kitchen'),
    ).toMatchObject({
      intent: 'HassTurnOn',
      slots: { name: 'Kitchen Light' },
    });
  });
  it('"that\'s me off up the stairs" tells where I go: nothing upstairs is switched off', () => {
    expect(read("that's me off up the stairs").intent).toBeNull();
    expect(read("Right pet, that's me off up the stairs, do the good night thing for me.")).toMatchObject({
      intent: 'HassTurnOn',
      slots: { name: 'Good Night' },
    });
  });
  it('a fan "making an awful racket" is why it is switched off, no volume turned down', () => {
    expect(
      read("Put the kettle on, love, and turn that fan off, it's making an awful racket.", 'Kitchen'),
    ).toMatchObject({
      intent: 'HassTurnOn+HassTurnOff',
      slots: { '1.name': 'Kettle', '2.name': 'Kitchen Fan' },
    });
  });
  it('"have the curtains in the bedroom opened yet" asks; "skip on to the next song" skips', () => {
    expect(read('have the curtains in the bedroom opened yet')).toMatchObject({
      intent: 'HassGetState',
      slots: { name: 'Bedroom Curtains', state: 'open' },
    });
    expect(
      read("Ah that's lovely, and skip on to the next song there, I don't like this one.", 'Kitchen'),
    ).toMatchObject({
      intent: 'HassMediaNext',
    });
  });
});

describe('heldout88 and 89: Brisbane words and Québécois politeness', () => {
  it.each([
    ['I should like a cup of tea. Could you please put the jug on.', 'HassTurnOn', { name: 'Kettle' }, []],
    ['the roller door, open it up', 'HassTurnOn', { name: 'Garage Door' }, []],
    ['how hot is it up in the study', 'HassClimateGetTemperature', { area: 'Office' }, []],
    [
      'would you maybe be able to start the robot vacuum? sorry',
      'HassVacuumStart',
      { name: 'Robot Vacuum' },
      [],
    ],
    [
      'please, you can unbar the front door? my sister is arriving',
      'HassTurnOff',
      { name: 'Front Door' },
      [],
    ],
    ['ok bar it then', 'HassTurnOn', { name: 'Back Door' }, ["the back door, it's barred?"]],
    ['the christmas tree, light it up', 'HassTurnOn', { name: 'Christmas Tree' }, []],
    [
      'put the thermosat at 21 degré',
      'HassClimateSetTemperature',
      { name: 'Thermostat', temperature: 21 },
      [],
    ],
    ['could you tell me what day of the month it is', 'HassGetCurrentDate', {}, []],
    [
      "oh don't bother with that timer after all",
      'HearthTimerCancel',
      {},
      ['turn the porch light off at half past ten'],
    ],
  ])('"%s" → %s', (text, intent, slots, history) => {
    expect(read(text, null, history)).toMatchObject({ intent, slots });
  });
  it('"exams to study for" is no room; "the bar is open" no lock', () => {
    expect(
      read("would you be able to turn the office heater on? Mia's got exams to study for"),
    ).toMatchObject({
      intent: 'HassTurnOn',
      slots: { name: 'Office Heater' },
    });
    expect(read('the bar is open').intent).toBeNull();
  });
});

describe('a statement beside a request that names only what it acts on is its reason', () => {
  it('"… I\'m doing lesson plans in the office and the light is going." turns the desk lamp on', () => {
    expect(
      read(
        "Could you turn the desk lamp on, please? I'm doing lesson plans in the office and the light is going.",
      ),
    ).toMatchObject({ intent: 'HassTurnOn', slots: { name: 'Desk Lamp' } });
  });
  it('a statement of another device, or a negation, still stops the message', () => {
    expect(read('Turn off the kitchen light. The porch light is on.').intent).toBeNull();
    expect(read('Turn off the kitchen light. The kitchen light is not needed.').intent).toBeNull();
  });
  it('Québécois "the living" is the living room', () => {
    expect(read('pause the TV and turn on the ceiling light of the living')).toMatchObject({
      intent: 'HassMediaPause+HassTurnOn',
      slots: { '2.name': 'Living Room Ceiling Light' },
    });
  });
});

describe("heldout91 and 92: a greeting that is a scene's name, and the vacuum sent out", () => {
  it('"Good morning, I trust this message finds you well. Kindly open …" greets: no scene', () => {
    expect(
      read(
        'Good morning, I trust this message finds you well. Kindly open the bedroom curtains so that the sun may come in. Many blessings.',
      ),
    ).toMatchObject({ intent: 'HassTurnOn', slots: { name: 'Bedroom Curtains' } });
    // the scene asked for by its own words, or greeted alone, still runs
    expect(read('Good morning! Start the day.')).toMatchObject({
      intent: 'HassTurnOn',
      slots: { name: 'Good Morning' },
    });
  });
  it('"send the vacuum out" starts it', () => {
    expect(read('pause the kitchen speaker then send the vacuum out')).toMatchObject({
      intent: 'HassMediaPause+HassVacuumStart',
    });
  });
});

describe('heldout92: thanks before a request, and a wait said "from now"', () => {
  it('"Thank you for helping. Garage door, please close." closes it; "thanks for turning off the lights" tells', () => {
    expect(read('Thank you for helping. Garage door, please close.')).toMatchObject({
      intent: 'HassTurnOff',
      slots: { name: 'Garage Door' },
    });
    expect(read('thanks for turning off the lights').intent).toBeNull();
  });
  it('"10 minutes from now, kettle off."', () => {
    expect(read('10 minutes from now, kettle off.')).toMatchObject({
      intent: 'HassTurnOff',
      slots: { name: 'Kettle', delay_seconds: 600 },
    });
  });
});

describe('formal letters, a reason told of tonight, "at home" after a state', () => {
  it('a formal request between greetings and closings is the request', () => {
    expect(
      read('Good day. Would you please switch off the Christmas tree in the lounge. Thank you in advance.'),
    ).toMatchObject({ intent: 'HassTurnOff', slots: { name: 'Christmas Tree' } });
    expect(
      read(
        'Good evening. With respect, I ask that the bedside lamp be switched on. Thank you. Kind regards.',
      ),
    ).toMatchObject({ intent: 'HassTurnOn', slots: { name: 'Bedside Lamp' } });
    expect(read('May I please ask that you start the robot vacuum')).toMatchObject({
      intent: 'HassVacuumStart',
    });
    expect(read('May I enquire as to the current temperature in the office?')).toMatchObject({
      intent: 'HassClimateGetTemperature',
      slots: { area: 'Office' },
    });
    expect(read('Kindly close the lounge blinds and thereafter switch on the floor lamp.')).toMatchObject({
      intent: 'HassTurnOff+HassTurnOn',
      slots: { '1.name': 'Living Room Blinds', '2.name': 'Floor Lamp' },
    });
  });
  it('"because it is chilly tonight" is why, now; "as soon as it is dark" still waits', () => {
    expect(read('set the thermostat to 22 because it is cold tonight')).toMatchObject({
      intent: 'HassClimateSetTemperature',
      slots: { name: 'Thermostat', temperature: 22 },
    });
    expect(read('turn on the porch light as it is dark tonight')).toMatchObject({
      intent: 'HassTurnOn',
      slots: { name: 'Porch Light' },
    });
    expect(read('turn on the porch light as soon as it is dark').intent).toBeNull();
    expect(read('set the thermostat to 22 degrees tonight').intent).toBeNull();
  });
  it('"at home" after a state is the whole house; "is sam at home" still asks of Sam', () => {
    expect(read('any doors unlocked at home?')).toMatchObject({
      intent: 'HassGetState',
      slots: { domain: 'lock', state: 'unlocked' },
    });
    expect(read('are the lights on at home')).toMatchObject({
      intent: 'HassGetState',
      slots: { domain: 'light', state: 'on' },
    });
    expect(read('is sam at home')).toMatchObject({ slots: { name: 'Sam', state: 'home' } });
  });
  it('"we are all leaving" after a lock tells of us: no lock of every door in the room', () => {
    expect(read('lock the front door, as we are all leaving')).toEqual(
      expect.objectContaining({ intent: 'HassTurnOn', slots: { name: 'Front Door' } }),
    );
    expect(read('we all are', null, ['lock the front door']).intent).toBeNull();
  });
});

describe('a heading that says when, "more than that", "I\'m frozen", a boss addressed', () => {
  it('"at 7am: porch light off" waits for 7am — a heading of time is never dropped to act now', () => {
    expect(read('at 7am: porch light off')).toMatchObject({
      intent: 'HassTurnOff',
      slots: { name: 'Porch Light', at: '07:00' },
    });
    expect(read('7am: porch light off').intent).toBeNull();
    expect(read('HOUSE NOTE: turn off the lights')).toMatchObject({ intent: 'HassTurnOff' });
  });
  it('"Every weekday 8:45am: office heater on" is a rule at 08:45; "Tomorrow 6am, …" a timer', () => {
    const rule = u.understand('Every weekday 8:45am: office heater on', null, { touched: 0 });
    expect(rule).toMatchObject({ kind: 'rule', rule: { trigger: { type: 'time', at: '08:45' } } });
    expect(u.understand('Tomorrow 6am, coffee machine on.', null, { touched: 0 })).toMatchObject({
      kind: 'command',
      command: { when: { at: '06:00', tomorrow: true } },
    });
  });
  it('"more than that", "further" after a step: the step again', () => {
    expect(read('more than that', null, ['turn the telly down'])).toMatchObject({
      intent: 'HassSetVolume',
      slots: { name: 'Living Room TV', volume_step: 'down' },
    });
    expect(read('further', null, ['turn the telly down'])).toMatchObject({
      slots: { volume_step: 'down' },
    });
  });
  it('"I\'m frozen sat here" asks for warmth; "the tv is frozen" does not', () => {
    expect(read("I'm frozen sat here", 'Living Room')).toMatchObject({
      intent: 'HassClimateSetTemperature',
      slots: { area: 'Living Room', temperature_step: 'up' },
    });
    expect(read('the tv is frozen', 'Living Room').intent).toBeNull();
  });
  it('"put the porch light on boss"', () => {
    expect(read('put the porch light on boss')).toMatchObject({
      intent: 'HassTurnOn',
      slots: { name: 'Porch Light' },
    });
  });
});

describe('a place after the comma, the hoover sent back after another part, a call as the reason', () => {
  it('"turn on the lights, in the kitchen" is the kitchen\'s lights only — never every light', () => {
    expect(read('turn on the lights, in the kitchen')).toMatchObject({
      intent: 'HassTurnOn',
      slots: { domain: 'light', area: 'Kitchen' },
    });
    expect(read('lights off, upstairs please')).toMatchObject({
      intent: 'HassTurnOff',
      slots: { domain: 'light', floor: 'Upper Floor' },
    });
    expect(read('turn off the kitchen light, the porch light').intent).toBe('HassTurnOff+HassTurnOff');
  });
  it('"turn off the porch light and send the hoover back": the vacuum docks', () => {
    expect(read('turn off the porch light and send the hoover back')).toMatchObject({
      intent: 'HassTurnOff+HassVacuumReturnToBase',
      slots: { '1.name': 'Porch Light', '2.name': 'Robot Vacuum' },
    });
  });
  it('"Please pause kitchen speaker – on a call"', () => {
    expect(read('Please pause kitchen speaker – on a call')).toMatchObject({
      intent: 'HassMediaPause',
      slots: { name: 'Kitchen Speaker' },
    });
  });
});

describe('heldout94: a night shift told, a message for someone, a reading asked, "sams coming"', () => {
  it('"could you pop the kettle on love, just in off nights" boils the kettle and touches no lamp', () => {
    expect(read('could you pop the kettle on love, just in off nights')).toEqual(
      expect.objectContaining({ intent: 'HassTurnOn', slots: { name: 'Kettle' } }),
    );
    // a time of day alone is never the "night" of the Bedside Lamp's alias "night light"
    expect(read('nights off').intent).toBeNull();
    expect(read('night light off')).toMatchObject({ intent: 'HassTurnOff', slots: { name: 'Bedside Lamp' } });
    expect(read("morning routine please, the baby's up for the day")).toMatchObject({
      slots: { name: 'Good Morning' },
    });
  });
  it('"tell alex im on my way home" is a message for Alex, not a question', () => {
    expect(read('tell alex im on my way home').intent).toBeNull();
    expect(read('let sam know dinner is ready').intent).toBeNull();
    expect(read('tell me if sam is home')).toMatchObject({ slots: { name: 'Sam', state: 'home' } });
  });
  it('"What is the current reading on the Outside Temperature sensor?", "… at presently?"', () => {
    expect(read('What is the current reading on the Outside Temperature sensor?')).toMatchObject({
      intent: 'HassGetState',
      slots: { name: 'Outside Temperature' },
    });
    expect(read('What temperature is the Office at presently?')).toMatchObject({
      intent: 'HassClimateGetTemperature',
      slots: { area: 'Office' },
    });
  });
  it('"back door, unlock it, sams coming"; Welsh "Diolch in advance."', () => {
    expect(read('back door, unlock it, sams coming')).toMatchObject({
      intent: 'HassTurnOff',
      slots: { name: 'Back Door' },
    });
    expect(read('Diolch in advance. Would you switch the Hallway Light on, please.')).toMatchObject({
      intent: 'HassTurnOn',
      slots: { name: 'Hallway Light' },
    });
  });
});

describe('heldout95: voice slips on a name, "our room", a wait written short, "really dim" wanted', () => {
  it('a first consonant heard voiced or voiceless, a non-rhotic "r": "kitchen van", "flaw lamp"', () => {
    expect(read('switch the kitchen van off its so loud')).toMatchObject({
      intent: 'HassTurnOff',
      slots: { name: 'Kitchen Fan' },
    });
    expect(read('turn on the flaw lamp')).toMatchObject({
      intent: 'HassTurnOn',
      slots: { name: 'Floor Lamp' },
    });
  });
  it('"our room" is the one bedroom; said to a room\'s satellite, "my room" is that room', () => {
    expect(read('turn the bedside lamp on and close the curtains in our room')).toMatchObject({
      intent: 'HassTurnOn+HassTurnOff',
      slots: { '1.name': 'Bedside Lamp', '2.name': 'Bedroom Curtains' },
    });
    expect(read('turn off all the lights in my room', 'Living Room')).toMatchObject({
      slots: { domain: 'light', area: 'Living Room' },
    });
  });
  it('"in 90s", "in 10mins", "in 2h"', () => {
    expect(read('kitchen fan off in 90s')).toMatchObject({
      slots: { name: 'Kitchen Fan', delay_seconds: 90 },
    });
    expect(read('kitchen fan off in 2h')).toMatchObject({ slots: { delay_seconds: 7200 } });
  });
  it('"make the bedside lamp really dim" dims it — never brighter; "it\'s really dim in here" still asks for light', () => {
    expect(read('make the bedside lamp really dim')).toMatchObject({
      intent: 'HassLightSet',
      slots: { name: 'Bedside Lamp', brightness_step: 'down' },
    });
    expect(read("it's really dim in here", 'Office')).toMatchObject({ slots: { brightness_step: 'up' } });
  });
});

describe('a voice transcript that runs on: a statement after "please", a negative reason, "temperature wise"', () => {
  it('"can you turn the telly off please the kids have had heaps today"', () => {
    expect(read('can you turn the telly off please the kids have had heaps today')).toMatchObject({
      intent: 'HassTurnOff',
      slots: { name: 'Living Room TV' },
    });
  });
  it('"make it a bit dimmer in here my eyes arent awake yet": a negative statement of something else is why', () => {
    expect(read('make it a bit dimmer in here my eyes arent awake yet', 'Bedroom')).toMatchObject({
      intent: 'HassLightSet',
      slots: { area: 'Bedroom', brightness_step: 'down' },
    });
    expect(read('which doors arent locked')).toMatchObject({ slots: { domain: 'lock', state: 'unlocked' } });
  });
  it('"whats it like temperature wise outside"', () => {
    expect(read('whats it like temperature wise outside')).toMatchObject({
      intent: 'HassGetState',
      slots: { name: 'Outside Temperature' },
    });
  });
});

describe('heldout97: "do you reckon you could", a deadline of guests arriving, "a hair", "pleez"', () => {
  it('"Do you reckon you could switch the Christmas tree off for me?" asks it done', () => {
    expect(read('Do you reckon you could switch the Christmas tree off for me?')).toMatchObject({
      intent: 'HassTurnOff',
      slots: { name: 'Christmas Tree' },
    });
    expect(read('do you think you could have left the lights on').intent).toBe('HassGetState');
  });
  it('"… get the robot vacuum started before the ladies get here": now; "… before the guests arrive at 6" is no now', () => {
    expect(
      read("Honey, I'd be so grateful if you'd get the robot vacuum started before the ladies get here"),
    ).toMatchObject({ intent: 'HassVacuumStart', slots: { name: 'Robot Vacuum' } });
    expect(read('start the vacuum before the guests arrive at 6').intent).toBeNull();
  });
  it('"turn that music down a hair"; "cut off the garaj light pleez"', () => {
    expect(read('turn that music down a hair', 'Kitchen')).toMatchObject({
      intent: 'HassSetVolume',
      slots: { volume_step: 'down' },
    });
    expect(read('cut off the garaj light pleez')).toMatchObject({
      intent: 'HassTurnOff',
      slots: { name: 'Garage Light' },
    });
  });
});

describe('heldout96: Scots "dae the away yin", "naw? lock it then", "an aw", "start the telly up again"', () => {
  it('"start the telly up again" resumes it — no step up of its sound; "turn the telly up" still is', () => {
    expect(read('start the telly up again')).toMatchObject({
      intent: 'HassMediaUnpause',
      slots: { name: 'Living Room TV' },
    });
    expect(read('turn the telly up')).toMatchObject({ slots: { volume_step: 'up' } });
    expect(read('coffee maker, fire it up')).toMatchObject({ intent: 'HassTurnOn' });
  });
  it('"we\'re aff oot, dae the away yin"', () => {
    expect(read("we're aff oot, dae the away yin")).toMatchObject({
      intent: 'HassTurnOn',
      slots: { name: 'Away' },
    });
  });
  it('"naw? lock it then" after a question answers it, then asks; "Undo? No." still takes back', () => {
    expect(read('naw? lock it then', null, ['is the back door locked'])).toMatchObject({
      intent: 'HassTurnOn',
      slots: { name: 'Back Door' },
    });
    expect(read('Undo? No.').intent).toBeNull();
  });
  it('"aye and pit the light on in there an aw" after the garage door', () => {
    expect(read('aye and pit the light on in there an aw', null, ['open the garage door'])).toMatchObject({
      intent: 'HassTurnOn',
      slots: { name: 'Garage Light' },
    });
  });
});

describe("heldout97: an exclamation first, a light made soft, a noun before a room's word", () => {
  it('"Lord have mercy, it\'s hot as blazes in here"', () => {
    expect(read("Lord have mercy, it's hot as blazes in here", 'Office')).toMatchObject({
      intent: 'HassClimateSetTemperature',
      slots: { area: 'Office', temperature_step: 'down' },
    });
  });
  it('"make the mirror light real soft, like twenty percent"', () => {
    expect(read('make the mirror light real soft, like twenty percent')).toMatchObject({
      intent: 'HassLightSet',
      slots: { name: 'Mirror Light', brightness: 20 },
    });
  });
  it('"… Folks are fixing to come by for Bible study.": "study" there is no room', () => {
    expect(
      read(
        'Sugar, would you mind turning the porch light on for me? Folks are fixing to come by for Bible study.',
      ),
    ).toMatchObject({ intent: 'HassTurnOn', slots: { name: 'Porch Light' } });
  });
});

describe('where someone goes is no place of what is switched off', () => {
  it('"turn off the lights, we are going to the kitchen" turned off the kitchen\'s lights — now asks nothing of them', () => {
    expect(read('turn off the lights, we are going to the kitchen').intent).toBeNull();
    expect(read('turn off the lights we are going to the kitchen').intent).toBeNull();
    // switched on where one goes, it is that place's light
    expect(read("put the light on, I'm heading into the garage")).toMatchObject({
      intent: 'HassTurnOn',
      slots: { name: 'Garage Light' },
    });
    expect(read('ok im off to bed now good night')).toMatchObject({ slots: { name: 'Good Night' } });
  });
  it('a place alone after the comma still narrows: "turn on the lights, living room"', () => {
    expect(read('turn on the lights, living room')).toMatchObject({
      intent: 'HassTurnOn',
      slots: { domain: 'light', area: 'Living Room' },
    });
  });
});

describe('"did I forget to lock …" asks whether it was left the other way; "at 22h"', () => {
  it('"did I forget to lock the back door?" asks whether it is unlocked — "No, it\'s locked" answers it', () => {
    expect(read('did I forget to lock the back door?')).toMatchObject({
      intent: 'HassGetState',
      slots: { name: 'Back Door', state: 'unlocked' },
    });
    expect(read('Did somebody forget to close the light in the garage?')).toMatchObject({
      slots: { name: 'Garage Light', state: 'on' },
    });
  });
  it('"Every evening at 21h close the curtains of the bedroom" is a rule; "at 22h" is 22:00', () => {
    expect(read('Every evening at 21h close the curtains of the bedroom.').intent).toBe(
      'HearthAutomationCreate',
    );
    expect(read('turn off the porch light at 22h')).toMatchObject({ slots: { at: '22:00' } });
  });
});

describe('written the way forms and notes write: "@ 17:45", "in unlocked state", "position 25"', () => {
  it('"schedule porch light on @ 17:45"', () => {
    expect(read('schedule porch light on @ 17:45')).toMatchObject({
      intent: 'HassTurnOn',
      slots: { name: 'Porch Light', at: '17:45' },
    });
    expect(read('schedule a meeting at 5').intent).toBeNull();
  });
  it('"any locks in unlocked state?", "bedroom curtains position 25"', () => {
    expect(read('any locks in unlocked state?')).toMatchObject({
      intent: 'HassGetState',
      slots: { domain: 'lock', state: 'unlocked' },
    });
    expect(read('bedroom curtains position 25')).toMatchObject({
      intent: 'HassSetPosition',
      slots: { name: 'Bedroom Curtains', position: 25 },
    });
  });
});

describe('a statement run on after a request without its comma; a fond word of address', () => {
  it('"please close the garage door I think somebody left it open" closes it', () => {
    expect(read('please close the garage door I think somebody left it open')).toMatchObject({
      intent: 'HassTurnOff',
      slots: { name: 'Garage Door' },
    });
    expect(read("activate movie night we're watching a scary one")).toMatchObject({
      intent: 'HassTurnOn',
      slots: { name: 'Movie Night' },
    });
  });
  it('never where the run-on words ask for more, nor a clause of the request', () => {
    // the heater part must not be lost
    expect(read('turn the ceiling fan off its roasting up there turn the heater on').intent).not.toBe(
      'HassTurnOff',
    );
    expect(
      read('Please set the bedside lamp to 15% so I can read without disturbing himself.'),
    ).toMatchObject({
      intent: 'HassLightSet',
      slots: { name: 'Bedside Lamp', brightness: 15 },
    });
  });
  it('"mijo could you …", "brah can you …" call the agent fondly; "ciara would you …" someone else', () => {
    expect(read('mijo could you turn on the porch light please').intent).toBe('HassTurnOn');
    expect(read('brah can you shut off da kitchen fan').intent).toBe('HassTurnOff');
    expect(read('ciara would you turn that telly down').intent).toBeNull();
  });
});

describe('words written as an accent says them', () => {
  it('Boston: a non-rhotic "r" written "h" — "staht", "gahage dooah", "dinnah pahty", "thuhty"', () => {
    expect(read('hey can ya staht the vacuum').intent).toBe('HassVacuumStart');
    expect(read('shut the gahage dooah')).toMatchObject({
      intent: 'HassTurnOff',
      slots: { name: 'Garage Door' },
    });
    expect(read('do the dinnah pahty thing')).toMatchObject({ slots: { name: 'Dinner Party' } });
    expect(read('lock the back door at ten thuhty tonight')).toMatchObject({
      intent: 'HassTurnOn',
      slots: { name: 'Back Door', at: '22:30' },
    });
  });
  it('"th" said "t": "volume to tirty" — a thing\'s word is never respelled ("fish tank light on")', () => {
    expect(read('kitchen speaker volume to tirty')).toMatchObject({ slots: { volume_level: 30 } });
    expect(read('fish tank light on').intent).toBeNull();
  });
  it('"clothes the garage door": the transcript\'s word of the same sound', () => {
    expect(read('clothes the garage door')).toMatchObject({
      intent: 'HassTurnOff',
      slots: { name: 'Garage Door' },
    });
  });
});

describe('Hawaiʻi Pidgin: "da", "stay", "wen", "try", "like", "den", "an\'"', () => {
  it('"how hot stay outside", "who wen leave da kitchen light on?"', () => {
    expect(read('how hot stay outside, brah?')).toMatchObject({ slots: { name: 'Outside Temperature' } });
    expect(read('who wen leave da kitchen light on?')).toMatchObject({
      intent: 'HassGetState',
      slots: { name: 'Kitchen Light', state: 'on' },
    });
  });
  it('"eh try turn up da thermostat to 76", "like turn on da porch light fo\' me?" are requests', () => {
    expect(read('eh try turn up da thermostat to 76 please')).toMatchObject({
      intent: 'HassClimateSetTemperature',
      slots: { temperature: 76 },
    });
    expect(read("eh, like turn on da porch light fo' me? tanks ah")).toMatchObject({
      intent: 'HassTurnOn',
      slots: { name: 'Porch Light' },
    });
  });
  it('"stay hot in here, turn on da fan"; "wheneva da sun go down, …" is a rule', () => {
    expect(read('stay hot in here, turn on da fan', 'Kitchen')).toMatchObject({
      slots: { name: 'Kitchen Fan' },
    });
    expect(read('wheneva da sun go down, turn on da porch light').intent).toBe('HearthAutomationCreate');
  });
  it('"open da garage door den turn on da garage light", "turn off da tv an\' da backlight"', () => {
    expect(read('open da garage door den turn on da garage light').intent).toBe('HassTurnOn+HassTurnOn');
    expect(read("turn off da tv an' da backlight")).toMatchObject({
      intent: 'HassTurnOff+HassTurnOff',
      slots: { '1.name': 'Living Room TV', '2.name': 'TV Backlight' },
    });
  });
});

describe('sentences of one message read in turn, as a conversation is', () => {
  it('"Is the porch light on? Turn it off." turns it off; "too warm in here; lower it" lowers the office', () => {
    expect(read('Is the porch light on? Turn it off.')).toMatchObject({
      intent: 'HassTurnOff',
      slots: { name: 'Porch Light' },
    });
    expect(read('too warm in here; lower it', 'Office')).toMatchObject({
      intent: 'HassClimateSetTemperature',
      slots: { temperature_step: 'down', area: 'Office' },
    });
  });
  it('a sentence that tells after a question or a request changes nothing', () => {
    expect(read('is the heat even on? it feels cold to me').intent).toBe('HassGetState');
    expect(read('Can you turn off all the lights on the ground floor please. Heading up now.')).toMatchObject(
      {
        intent: 'HassTurnOff',
        slots: { domain: 'light', floor: 'Ground Floor' },
      },
    );
    expect(read("unlock the front door. the back door's stuck").intent).toBeNull();
  });
  it('"Turn on the desk lamp. Need it dimmer.": on, then dimmer — the want said of "it"', () => {
    expect(read('Turn on the desk lamp. Need it dimmer.')).toMatchObject({
      intent: 'HassTurnOn+HassLightSet',
      slots: { '1.name': 'Desk Lamp', '2.name': 'Desk Lamp', '2.brightness_step': 'down' },
    });
    // a value or a place alone after a request is no request of its own
    expect(read('Mirror light to eighty percent. Ninety.').intent).toBeNull();
    expect(read('turn off the lights. Love, Kitchen').intent).toBeNull();
  });
  it('"backlight to like ten... no twenty" sets twenty only', () => {
    expect(read('backlight to like ten... no twenty', 'Living Room')).toMatchObject({
      intent: 'HassLightSet',
      slots: { name: 'TV Backlight', brightness: 20 },
    });
  });
  it('"desk lamp 80%; office heater 21": a value\'s sign ends a sentence; a clock time told is a remark', () => {
    expect(read('desk lamp 80%; office heater 21')).toMatchObject({
      intent: 'HassLightSet+HassClimateSetTemperature',
      slots: { '1.brightness': 80, '2.temperature': 21 },
    });
    expect(read('Please pause the kitchen speaker; I have a call at 2:15.')).toMatchObject({
      intent: 'HassMediaPause',
      slots: { name: 'Kitchen Speaker' },
    });
    expect(read('Turn off the porch light. Turn it on at 9.')).toMatchObject({
      intent: 'HassTurnOff+HassTurnOn',
      slots: { '2.at': '09:00' },
    });
  });
});

describe('never a device the words did not name: a place after parts, a second kind of device', () => {
  it('"the night light please beta, on you put, in the bedroom" is the bedside lamp alone', () => {
    expect(read('the night light please beta, on you put, in the bedroom')).toMatchObject({
      intent: 'HassTurnOn',
      slots: { name: 'Bedside Lamp' },
    });
  });
  it('"turn on the kettle, the lamp" never turns on the kitchen light, nor the kettle alone', () => {
    for (const text of [
      'turn on the kettle, the lamp',
      'turn on the kettle the lamp',
      'turn on the kettle the fan',
    ]) {
      const r = read(text);
      expect(JSON.stringify(r.slots)).not.toContain('Kitchen Light');
      expect(r.intent === null || r.intent.includes('+') || r.ask !== undefined).toBe(true);
    }
    expect(read('turn on the christmas tree lights')).toMatchObject({ slots: { name: 'Christmas Tree' } });
  });
});

describe('heldout98–100: "too much light", "boil the kettle", Hindi "lagao", "and after,"', () => {
  it('"too much light here" dims the room; "too much light on the porch" dims it, never switches it on', () => {
    expect(read('Too much light here, the baby cannot sleep', 'Bedroom')).toMatchObject({
      intent: 'HassLightSet',
      slots: { area: 'Bedroom', brightness_step: 'down' },
    });
    expect(read('too much bright, beta, my eyes', 'Bedroom')).toMatchObject({
      slots: { brightness_step: 'down' },
    });
    expect(read('too much light on the porch')).toMatchObject({
      intent: 'HassLightSet',
      slots: { name: 'Porch Light', brightness_step: 'down' },
    });
  });
  it('"boil the kettle", "you can make the kettle boil?" switch it on; cooking eggs asks nothing', () => {
    expect(read('boil the kettle')).toMatchObject({ intent: 'HassTurnOn', slots: { name: 'Kettle' } });
    expect(read('Please, you can make the kettle boil? Mèsi.')).toMatchObject({ slots: { name: 'Kettle' } });
    expect(read('how long do i boil eggs for soft boiled').intent).toBeNull();
    expect(read('the kettle already boiled').intent).toBeNull();
  });
  it('"movie night lagao", "subah ho gayi, good morning scene please", "anyone left lights on downstairs"', () => {
    expect(read('beta, movie night lagao, my drama I will watch')).toMatchObject({
      slots: { name: 'Movie Night' },
    });
    expect(read('subah ho gayi, good morning scene please')).toMatchObject({
      slots: { name: 'Good Morning' },
    });
    expect(read('anyone left lights on downstairs')).toMatchObject({
      intent: 'HassGetState',
      slots: { domain: 'light', floor: 'Ground Floor', state: 'on' },
    });
  });
  it('"Start the vacuum and after, pause the speaker of the kitchen"; "da boy gotta sleep" is a reason', () => {
    expect(read('Start the vacuum and after, pause the speaker of the kitchen').intent).toBe(
      'HassVacuumStart+HassMediaPause',
    );
    expect(read('shut off da tv in one hour, da boy gotta sleep')).toMatchObject({
      intent: 'HassTurnOff',
      slots: { name: 'Living Room TV', delay_seconds: 3600 },
    });
  });
  it('"open the thermostat settings" never switches the thermostat', () => {
    expect(read('open the thermostat settings').intent).toBeNull();
  });
});

describe('heldout93–100, second round: a room the home lacks, a spelled word that is a saying, a question twice', () => {
  it('"loft light on" names a room the home does not have — no "lift", no asking which light', () => {
    expect(read('loft light on').intent).toBeNull();
    expect(read('turn on the attic light').intent).toBeNull();
  });
  it('"turn off the televison": spelled, then the home\'s word for it', () => {
    expect(read('turn off the televison')).toMatchObject({
      intent: 'HassTurnOff',
      slots: { name: 'Living Room TV' },
    });
  });
  it('"And the back door? Is it locked?" asks once; "the front door, locked it is?" asks whether locked', () => {
    expect(read('And the back door? Is it locked?', null, ['Is the front door locked?'])).toMatchObject({
      intent: 'HassGetState',
      slots: { name: 'Back Door', state: 'locked' },
    });
    expect(read('the front door, locked it is, beta?')).toMatchObject({
      slots: { name: 'Front Door', state: 'locked' },
    });
  });
  it('"da one by da bed" answers which lamp', () => {
    expect(read('da one by da bed', null, ['turn on da lamp'])).toMatchObject({
      slots: { name: 'Bedside Lamp' },
    });
  });
  it('"Make the lamp of the bed very low, ten percent only"; a value after its part is that part, once', () => {
    expect(read('Make the lamp of the bed very low, ten percent only')).toMatchObject({
      intent: 'HassLightSet',
      slots: { name: 'Bedside Lamp', brightness: 10 },
    });
    expect(read('turn the kitchen speaker down, 20 percent')).toMatchObject({
      intent: 'HassSetVolume',
      slots: { name: 'Kitchen Speaker', volume_level: 20 },
    });
  });
});

describe('heldout101–103: a clock time never lost, "excuse me", Taglish, Jamaican Patois', () => {
  it('a clock time said with words not understood never acts now ("tuwing umaga po at 5:30, …")', () => {
    expect(read('blah blah at 5:30, turn on the kettle').intent).toBeNull();
    expect(read('tuwing umaga po at 5:30, turn on the kettle').intent).not.toBe('HassTurnOn');
    // one's own day told, or a purpose, keeps the request now
    expect(read('Please pause the kitchen speaker; I have a call at 2:15.').intent).toBe('HassMediaPause');
    expect(read('hallway light at fifteen percent so it is not blinding at 3am')).toMatchObject({
      slots: { name: 'Hallway Light', brightness: 15 },
    });
  });
  it('"excuse me is the coffee machine still on" asks; "kindly warm this room a little" warms it', () => {
    expect(read('excuse me is the coffee machine still on')).toMatchObject({
      intent: 'HassGetState',
      slots: { name: 'Coffee Machine', state: 'on' },
    });
    expect(read('kindly warm this room a little, it is chilly', 'Office')).toMatchObject({
      slots: { temperature_step: 'up' },
    });
  });
  it.each([
    ['pakibukas po ang porch light, salamat', 'HassTurnOn', { name: 'Porch Light' }],
    ['pakilock naman po ng back door, anak', 'HassTurnOn', { name: 'Back Door' }],
    [
      'pakipatay po ng lahat ng ilaw upstairs, salamat po',
      'HassTurnOff',
      { domain: 'light', floor: 'Upper Floor' },
    ],
    ['naka-lock na po ba ang front door?', 'HassGetState', { name: 'Front Door', state: 'locked' }],
    [
      'pakipatay po ng kitchen light tapos i-lock ang back door',
      'HassTurnOff+HassTurnOn',
      { '1.name': 'Kitchen Light', '2.name': 'Back Door' },
    ],
    ['ay, mali! ibalik mo po', 'HearthUndo', {}],
  ])('Taglish "%s"', (text, intent, slots) => {
    expect(read(text)).toMatchObject({ intent, slots });
  });
  it.each([
    ['tun awn di porch lite', 'HassTurnOn', { name: 'Porch Light' }],
    ['do mi a favour an lock di front door nuh', 'HassTurnOn', { name: 'Front Door' }],
    ['lock di front door an tun off di porch light', 'HassTurnOn+HassTurnOff', { '2.name': 'Porch Light' }],
    ['when di sun go down, tun on di porch light', 'HearthAutomationCreate', {}],
    ['wah timer dem set right now?', 'HearthTimerList', {}],
  ])('Patois "%s"', (text, intent, slots) => {
    expect(read(text)).toMatchObject({ intent, slots });
  });
});

describe('heldout101: Kenyan English with Swahili and Sheng', () => {
  it.each([
    ['sasa, can you fungua the lounge blinds pliz', 'HassTurnOn', { name: 'Living Room Blinds' }],
    ['weka volume ya tv kwa thirty', 'HassSetVolume', { name: 'Living Room TV', volume_level: 30 }],
    [
      'zima kettle na coffee machine',
      'HassTurnOff+HassTurnOff',
      { '1.name': 'Kettle', '2.name': 'Coffee Machine' },
    ],
    ['pause the living room tee vee', 'HassMediaPause', { name: 'Living Room TV' }],
  ])('"%s"', (text, intent, slots) => {
    expect(read(text)).toMatchObject({ intent, slots });
  });
  it('"sasa, volume juu kidogo" at the living room raises its sound', () => {
    expect(read('sasa, volume juu kidogo', 'Living Room')).toMatchObject({
      intent: 'HassSetVolume',
      slots: { volume_step: 'up' },
    });
  });
});

describe('heldout101–102, second round: an undo said formally, a family word before a name, the little one', () => {
  it('"Kindly reverse what you have just done." undoes', () => {
    expect(read('Kindly reverse what you have just done.').intent).toBe('HearthUndo');
  });
  it('"is tito alex home?", "is uncle alex home?" ask after Alex', () => {
    for (const text of ['is tito alex home?', 'is uncle alex home?'])
      expect(read(text)).toMatchObject({ intent: 'HassGetState', slots: { name: 'Alex', state: 'home' } });
    // said to one of the family, still someone else
    expect(read('mum, could you turn on the porch light').intent).toBeNull();
  });
  it('"… The little one is sleeping on the couch." is a reason; "ang lamig dito" is cold here', () => {
    expect(read('Could you set the TV volume to 10? The little one is sleeping on the couch.')).toMatchObject(
      {
        intent: 'HassSetVolume',
        slots: { name: 'Living Room TV', volume_level: 10 },
      },
    );
    expect(read("ang lamig dito, it's too cold po", 'Living Room')).toMatchObject({
      slots: { temperature_step: 'up' },
    });
    expect(read('may ilaw pa bang bukas downstairs po?')).toMatchObject({
      intent: 'HassGetState',
      slots: { domain: 'light', floor: 'Ground Floor', state: 'on' },
    });
  });
});

describe('heldout104–106: Bengali mixed into English, punctuation dictated, Appalachian English', () => {
  it.each([
    ['amma please kitchen er fan ta bondho koro', 'HassTurnOff', { name: 'Kitchen Fan' }],
    ['please bedroom er curtain kholo', 'HassTurnOn', { name: 'Bedroom Curtains' }],
    ['thermostat ta baish degree koro', 'HassClimateSetTemperature', { name: 'Thermostat', temperature: 22 }],
    ['garage door khola ache?', 'HassGetState', { name: 'Garage Door', state: 'open' }],
    ['kettle on koro ar kitchen fan bondho koro', 'HassTurnOn+HassTurnOff', { '2.name': 'Kitchen Fan' }],
    ['na na, ager moto koro', 'HearthUndo', {}],
  ])('Bengali "%s"', (text, intent, slots) => {
    expect(read(text)).toMatchObject({ intent, slots });
  });
  it('Bengali words that are English too are read only beside a word no English message has', () => {
    expect(read('my head ache is bad').intent).toBeNull();
    expect(read('turn off the kettle ar')).toMatchObject({
      intent: 'HassTurnOff',
      slots: { name: 'Kettle' },
    });
  });
  it('"wallahi is the back door actually locked rn" asks, never locks', () => {
    expect(read('wallahi is the back door actually locked rn')).toMatchObject({
      intent: 'HassGetState',
      slots: { name: 'Back Door', state: 'locked' },
    });
  });
  it('punctuation dictated: "… comma I\'m pulling in", "… at 5:45 p.m. period"; "nineteen comma five" is a number', () => {
    expect(read("Can you please open the garage door comma I'm pulling in")).toMatchObject({
      intent: 'HassTurnOn',
      slots: { name: 'Garage Door' },
    });
    expect(read('Turn on the porch light at 5:45 p.m. period')).toMatchObject({ slots: { at: '17:45' } });
    expect(read('set the thermostat to nineteen comma five')).toMatchObject({ slots: { temperature: 19.5 } });
  });
  it('Appalachian "out yonder", "right smart chilly", "good night you\'uns"', () => {
    expect(read('how cold is it out yonder')).toMatchObject({ slots: { name: 'Outside Temperature' } });
    expect(read("it's right smart chilly in here", 'Living Room')).toMatchObject({
      slots: { temperature_step: 'up' },
    });
    expect(read("good night you'uns")).toMatchObject({ slots: { name: 'Good Night' } });
  });
});

describe('heldout106, second round: the family run on without an apostrophe; opening up for someone who comes later', () => {
  it('"… please grandpas on the phone", "turn off the tv mums asleep" are reasons', () => {
    expect(read('can u pause the kitchen speaker please grandpas on the phone')).toMatchObject({
      intent: 'HassMediaPause',
      slots: { name: 'Kitchen Speaker' },
    });
    expect(read('turn off the tv mums asleep')).toMatchObject({
      intent: 'HassTurnOff',
      slots: { name: 'Living Room TV' },
    });
    expect(read('turn off the lights where the kids are').intent).toBeNull();
  });
  it('"unlock the front door, granny\'s arriving after lunch" is not done now; the heating for tonight is', () => {
    for (const text of [
      "unlock the front door, granny's arriving after lunch",
      'unlock the front door grannys arriving after lunch',
      'open the garage door moms pulling in after work',
    ])
      expect(read(text).intent).toBeNull();
    expect(read('turn on the heating, we have guests tonight').intent).toBe('HassTurnOn');
    expect(read("mum's cooking tonight, set up the dinner party scene")).toMatchObject({
      slots: { name: 'Dinner Party' },
    });
  });
  it('"call that timer off" cancels it; "what\'s it like in the office temperature wise" asks', () => {
    expect(read('call that timer off').intent).toBe('HearthTimerCancel');
    expect(read("what's it like in the office temperature wise")).toMatchObject({
      intent: 'HassClimateGetTemperature',
      slots: { area: 'Office' },
    });
  });
});

describe('heldout107–109: a comparative said the Romance way, Cuban Spanish, a thing called "her"', () => {
  it('"put the heating more high, at twenty-four" sets the thermostat to 24 — never a volume', () => {
    expect(read('put the heating more high, at twenty-four')).toMatchObject({
      intent: 'HassClimateSetTemperature',
      slots: { name: 'Thermostat', temperature: 24 },
    });
    expect(read('put the heating more high')).toMatchObject({ slots: { temperature_step: 'up' } });
  });
  it('"la luz del portal" is the porch light; "todas las noches at ten, …" is a rule', () => {
    expect(read('apaga la luz del portal tonight at eleven')).toMatchObject({
      intent: 'HassTurnOff',
      slots: { name: 'Porch Light', at: '23:00' },
    });
    expect(read('todas las noches at ten, lock the back door').intent).toBe('HearthAutomationCreate');
  });
  it('"switch her off", "in a couple of hours", "in the mornin", Geordie "hoy the kettle on"', () => {
    expect(read('the tv backlight, switch her off')).toMatchObject({
      intent: 'HassTurnOff',
      slots: { name: 'TV Backlight' },
    });
    expect(read('turn the porch light off in a couple of hours')).toMatchObject({
      slots: { delay_seconds: 7200 },
    });
    expect(read('put the kettle on at quarter to seven in the mornin')).toMatchObject({
      slots: { at: '06:45' },
    });
    expect(read('hoy the kettle on')).toMatchObject({ intent: 'HassTurnOn', slots: { name: 'Kettle' } });
  });
});

describe("an English word is never an accent's number; a room told beside the vacuum is where", () => {
  it('"dirty" is no "thirty"; "tirty" is', () => {
    expect(read('the floor is dirty, start the vacuum')).toMatchObject({ intent: 'HassVacuumStart' });
    expect(read('kitchen speaker volume to tirty')).toMatchObject({ slots: { volume_level: 30 } });
  });
  it('"start the vacuum. the kitchen is a mess." starts it', () => {
    expect(read('start the vacuum. the kitchen is a mess.')).toMatchObject({
      intent: 'HassVacuumStart',
      slots: { name: 'Robot Vacuum' },
    });
  });
});

describe('heldout110–112: Brummie "bab", "basically", "teh", the twenty-four-hour clock said', () => {
  it.each([
    ['pause teh telly bab', 'HassMediaPause', { name: 'Living Room TV' }],
    ['put the telly volume on fifteen bab', 'HassSetVolume', { volume_level: 15 }],
    ['okay so basically movie night mode', 'HassTurnOn', { name: 'Movie Night' }],
    [
      'Set the thermostat to 18 degrees at 2300 hours.',
      'HassClimateSetTemperature',
      { temperature: 18, at: '23:00' },
    ],
  ])('"%s"', (text, intent, slots) => {
    expect(read(text)).toMatchObject({ intent, slots });
  });
});

describe('heldout110–112, second round: unhurried, a device and its state after a colon, Irish "after leaving"', () => {
  it.each([
    ['please, in your own time, turn off the desk lamp', 'HassTurnOff', { name: 'Desk Lamp' }],
    ['living room blinds: position 0', 'HassSetPosition', { name: 'Living Room Blinds', position: 0 }],
    ['alex home yet', 'HassGetState', { name: 'Alex', state: 'home' }],
    ['anything scheduled?', 'HearthTimerList', {}],
    [
      "do us a favour and turn off the mirror light, someone's after leaving it on again",
      'HassTurnOff',
      { name: 'Mirror Light' },
    ],
  ])('"%s"', (text, intent, slots) => {
    expect(read(text)).toMatchObject({ intent, slots });
  });
  it('a heading that names nothing still only heads ("NOTE: the kitchen light is on" asks nothing)', () => {
    expect(read('NOTE: the kitchen light is on').intent).toBeNull();
  });
});

describe("a review of this sitting's mechanisms: where they must not act", () => {
  it.each([
    // "don't" in other Englishes
    ['nuh unlock di front door'],
    ['mi nuh waan di tv awn, tun it off'],
    ['garage door ta kholo na'],
    ['no open the garage door'],
    // opening the house up beside any time told, whoever's
    ['open the garage door, my husband gets home at six'],
    ['turn off the alarm, the cleaner will be here at 9'],
    ['unlock the front door so granny can get in at 3pm'],
    ["unlock the front door and turn on the porch light, granny's arriving after dark"],
    ["unlock the front door I'll be back in an hour"],
    ['Is the garage door open? Keep it open.'],
    // a question after a complaint asks; a time "then" points at
    ['too warm in here; is it on?', 'Office'],
    ['I have a call at 2:15, turn off the tv then'],
    // said to someone who comes home
    ['mijo can you turn the porch light on when you get home'],
    // a second device of the same kind said apart
    ['open the garage door the blinds'],
  ])('"%s" does not act', (text: string, area?: string) => {
    const r = read(text, area ?? null);
    expect(r.intent === null || r.ask !== undefined || r.intent === 'HassGetState').toBe(true);
  });
  it('"Turn off the tv. It\'s too loud. Turn it down instead." turns it down only', () => {
    expect(read("Turn off the tv. It's too loud. Turn it down instead.")).toMatchObject({
      intent: 'HassSetVolume',
      slots: { name: 'Living Room TV', volume_step: 'down' },
    });
  });
  it('"… put the thermostat at seventy …" is a value, no time ("leaving the Jewel now, open the garage door …")', () => {
    expect(
      read(
        "okay so I'm leaving the Jewel now, open the garage door turn the hallway light on and put the thermostat at seventy because I'm freezing in this car",
      ).intent,
    ).toBe('HassTurnOn+HassTurnOn+HassClimateSetTemperature');
  });
});

describe('heldout113–116, first round: Yorkshire, Koreatown, a deed told, a device only told of', () => {
  it.each([
    // Yorkshire's article cut to "t'", "tha'd", an oath, "how it were"
    [
      "ey up, be a love and put t'big light on in t'lounge",
      null,
      'HassTurnOn',
      { name: 'Living Room Ceiling Light' },
    ],
    ["I'd be reet grateful if tha'd stick t'kettle on, love", null, 'HassTurnOn', { name: 'Kettle' }],
    [
      "by 'eck it's reet cold in 'ere",
      'Living Room',
      'HassClimateSetTemperature',
      { area: 'Living Room', temperature_step: 'up' },
    ],
    ["nay, that's not reet, go back to how it were", null, 'HearthUndo', {}],
    // British "do us a favour and …" wraps a request
    [
      "do us a favour and open t'garage door, I'm bringing t'bike in",
      null,
      'HassTurnOn',
      { name: 'Garage Door' },
    ],
    // how long a state lasted adds nothing to the question
    [
      "has t'Christmas tree been left on all day?",
      null,
      'HassGetState',
      { name: 'Christmas Tree', state: 'on' },
    ],
    // what someone did, said after the request, is its reason
    [
      'pleeease can u start the robot hoover thing, i spilt crisps all over the hall',
      null,
      'HassVacuumStart',
      { name: 'Robot Vacuum' },
    ],
    // "n" between two requests; Korean "bul kkeo" (light off)
    [
      'lock front door n arm alarm',
      null,
      'HassTurnOn+HassTurnOn',
      { '1.name': 'Front Door', '2.name': 'Home Alarm' },
    ],
    ['kitchen bul kkeo', null, 'HassTurnOff', { name: 'Kitchen Light' }],
    // opened, then how far: one command to that value
    [
      'bedroom curtain open little bit, twenty percent',
      null,
      'HassSetPosition',
      { name: 'Bedroom Curtains', position: 20 },
    ],
  ] as const)('"%s" (in %s) → %s', (text, area, intent, slots) => {
    expect(read(text, area)).toEqual({ intent, slots });
  });
  it.each([
    // a state supposed ("must have been") is told, never done
    ['the porch light must have been on all night'],
    ['the back door must have been locked'],
    // a device named with nothing asked of it, then a statement about it
    ['The kettle we brought from India did not fit in the plugs here'],
    ['the kettle, we brought it from India'],
    ["porch light - it's been flickering"],
  ])('"%s" does not act', (text) => {
    expect(read(text).intent).toBeNull();
  });
  it('a bare name stays a follow-up, and a scene or a question by name alone still reads', () => {
    expect(read('the fan as well', null, ['switch off the kitchen light'])).toMatchObject({
      intent: 'HassTurnOff',
      slots: { name: 'Kitchen Fan' },
    });
    expect(read('movie night the kids are here').intent).toBe('HassTurnOn');
    expect(read('hows the office temperature the heater is broken').intent).toBe('HassGetState');
  });
});

describe('heldout117–120, first round: numbers digit by digit, radio procedure, Tanglish, Doric, Luganda', () => {
  it.each([
    // a number said digit by digit, as a controller or a phone caller says it
    [
      'Thermostat, seven two degrees.',
      null,
      'HassClimateSetTemperature',
      { name: 'Thermostat', temperature: 72 },
    ],
    [
      'Office heater, six niner.',
      null,
      'HassClimateSetTemperature',
      { name: 'Office Heater', temperature: 69 },
    ],
    ['Mirror light, one zero zero percent.', null, 'HassLightSet', { name: 'Mirror Light', brightness: 100 }],
    [
      'Thermostat, seven four point five.',
      null,
      'HassClimateSetTemperature',
      { name: 'Thermostat', temperature: 74.5 },
    ],
    ['Close garage door at two two zero zero.', null, 'HassTurnOff', { name: 'Garage Door', at: '22:00' }],
    [
      'Porch light off in three zero minutes.',
      null,
      'HassTurnOff',
      { name: 'Porch Light', delay_seconds: 1800 },
    ],
    [
      'Bedroom curtains, position five zero.',
      null,
      'HassSetPosition',
      { name: 'Bedroom Curtains', position: 50 },
    ],
    // radio procedure
    ['Request hallway light on, please.', null, 'HassTurnOn', { name: 'Hallway Light' }],
    ['Back door. Locked, affirm?', null, 'HassGetState', { name: 'Back Door', state: 'locked' }],
    ['Good morning sequence, execute.', null, 'HassTurnOn', { name: 'Good Morning' }],
    ['Roger, turning in. Good night scene.', null, 'HassTurnOn', { name: 'Good Night' }],
    ['Alarm. Arm.', null, 'HassTurnOn', { name: 'Home Alarm' }],
    ['Vacuum, return to base.', null, 'HassVacuumReturnToBase', { name: 'Robot Vacuum' }],
    ['Going to bed. Turn off the tv.', null, 'HassTurnOff', { name: 'Living Room TV' }],
    // Tanglish: "pannu" (do), "konjam" (a little) said after the step, the "-a" of a word
    ['tv volume konjam down pannu', null, 'HassSetVolume', { name: 'Living Room TV', volume_step: 'down' }],
    [
      'konjam dim pannu, trying to sleep',
      'Bedroom',
      'HassLightSet',
      { area: 'Bedroom', brightness_step: 'down' },
    ],
    [
      'living room blinds-a close pannu, sun is too much',
      null,
      'HassTurnOff',
      { name: 'Living Room Blinds' },
    ],
    ['coffee machine on-a illa off-a?', null, 'HassGetState', { name: 'Coffee Machine', state: 'on' }],
    // Doric
    [
      "thermostat up tae twenty-twa, it's baltic",
      null,
      'HassClimateSetTemperature',
      { name: 'Thermostat', temperature: 22 },
    ],
    [
      'lock the back door an pit the porch light aff',
      null,
      'HassTurnOn+HassTurnOff',
      { '1.name': 'Back Door', '2.name': 'Porch Light' },
    ],
    [
      'bedroom curtains halfway, nae mair',
      null,
      'HassSetPosition',
      { name: 'Bedroom Curtains', position: 50 },
    ],
    // Luganda's words of address; "extinguish"; "put of" is off
    [
      'Kindly extinguish the lights of the kitchen, I have finished my supper.',
      null,
      'HassTurnOff',
      { area: 'Kitchen', domain: 'light' },
    ],
    ['nyabo bambi put off the kettle, it has boiled', null, 'HassTurnOff', { name: 'Kettle' }],
    ['put of the kettel', null, 'HassTurnOff', { name: 'Kettle' }],
  ] as const)('"%s" (in %s) → %s', (text, area, intent, slots) => {
    expect(read(text, area)).toEqual({ intent, slots });
  });
  it.each([
    ['I dreamt the garage door opened by itself'],
    ['the back door unlocked on its own'],
    ["Garage door opener's been sticking again. Noted."],
    ['Say again?'],
    ['turn on the porch light for the day'],
  ])('"%s" does not act', (text) => {
    expect(read(text).intent).toBeNull();
  });
  it('two digits before a span of time are a reckoning, not digits ("two three minutes")', () => {
    expect(read('turn off the kettle in two three minutes').slots).not.toMatchObject({
      delay_seconds: 23 * 60,
    });
  });
});

describe('heldout121–124, first round, and the review of this sitting: Irish, Manglish, German and French turns', () => {
  it.each([
    // Irish
    ['would you switch on the kettle there, good man', null, 'HassTurnOn', { name: 'Kettle' }],
    ["what time is it at all, I've no watch on me", null, 'HassGetCurrentTime', {}],
    ['the curtains in the bedroom, open them there', null, 'HassTurnOn', { name: 'Bedroom Curtains' }],
    ['the light beyant in the garage, would you turn it off', null, 'HassTurnOff', { name: 'Garage Light' }],
    // a pause after "and" adds; "um, actually no" still takes back
    [
      'Kettle on, coffee machine on, and, hang on, open the living room blinds',
      null,
      'HassTurnOn+HassTurnOn+HassTurnOn',
      { '1.name': 'Kettle', '2.name': 'Coffee Machine', '3.name': 'Living Room Blinds' },
    ],
    [
      'turn on the porch light and um actually no the hallway light',
      null,
      'HassTurnOn',
      { name: 'Hallway Light' },
    ],
    // Manglish
    [
      'tolong tutup the living room blinds ya, the afternoon sun very hot',
      null,
      'HassTurnOff',
      { name: 'Living Room Blinds' },
    ],
    ['tutup lampu kichen', null, 'HassTurnOff', { name: 'Kitchen Light' }],
    ['boleh tolong on the kettle tak? nak buat teh', null, 'HassTurnOn', { name: 'Kettle' }],
    [
      'coffee machine dah off ke belum?',
      null,
      'HassGetState',
      { name: 'Coffee Machine', domain: 'switch', state: 'off' },
    ],
    // German and French turns
    ['Please, the desk lamp shall be on, I must work now.', null, 'HassTurnOn', { name: 'Desk Lamp' }],
    [
      'could you lower the store in the living room please, the sun is in my eyes',
      null,
      'HassTurnOff',
      { name: 'Living Room Blinds' },
    ],
    ['cut the heating in one hour', null, 'HassTurnOff', { name: 'Thermostat', delay_seconds: 3600 }],
    ['oh la la, annul that please', null, 'HearthUndo', {}],
    // Tanglish made so: the comparative, never the complaint
    ['floor lamp konjam bright pannu', null, 'HassLightSet', { name: 'Floor Lamp', brightness_step: 'up' }],
    ['tv konjam loud pannu', null, 'HassSetVolume', { name: 'Living Room TV', volume_step: 'up' }],
    // digits after "at" that make a clock time
    ['turn off the tv at six three zero', null, 'HassTurnOff', { name: 'Living Room TV', at: '06:30' }],
    [
      'put the living room ceiling light at a hundred',
      null,
      'HassLightSet',
      { name: 'Living Room Ceiling Light', brightness: 100 },
    ],
  ] as const)('"%s" (in %s) → %s', (text, area, intent, slots) => {
    expect(read(text, area)).toEqual({ intent, slots });
  });
  it.each([
    // digits after "at" that make no clock time, and steps said as two digits
    ['turn on the porch light at six three'],
    ['open the garage door at eight eight'],
    ['turn on the lamp at five five'],
    ['turn the heat up two three degrees'],
    // a state told in Tamil ("it is open", "isn't locked")
    ['garage door open-a irukku'],
    ['back door unlock-a irukku'],
    ['front door lock illa'],
    // a device's own doing, a guess at one's own, an undo phrase kept or asked
    ['the front door unlocked by itself'],
    ['the alarm armed itself'],
    ['i must have left the back door unlocked'],
    ['leave it how it were'],
    ['is it how it were?'],
    ['request no lights on'],
    ['the vacuum returns to base'],
    // the garage kept open, the alarm kept off: any time told beside opening the house up
    ['keep the garage open all day'],
    ['keep the alarm off all weekend'],
    // "the cat" is never spelled into "cut"
    ['is my cat in your garden again'],
  ])('"%s" does not act', (text) => {
    expect(read(text).intent).toBeNull();
  });
  it.each([
    ["the vacuum's going, stop it", 'HassTurnOff', { name: 'Robot Vacuum' }],
    ['we had the blinds open, close them', 'HassTurnOff', { name: 'Living Room Blinds' }],
    ['lamp to eight, eight percent', 'HassLightSet', { brightness: 8 }],
  ] as const)(
    '"%s": a state told, or digits parted by a comma, then the request → %s',
    (text, intent, slots) => {
      expect(read(text)).toMatchObject({ intent, slots });
    },
  );
  it.each([
    [
      'Would you be a sweetheart and close the bedroom curtains? The sun is coming straight in on my face and I only got off shift at seven.',
      'HassTurnOff',
      { name: 'Bedroom Curtains' },
    ],
    [
      "Would you mind switching off the desk lamp in the office? Alex always forgets it when he's done with his paperwork.",
      'HassTurnOff',
      { name: 'Desk Lamp' },
    ],
    [
      "Are there any lights still on downstairs? I really don't want to walk all the way back down.",
      'HassGetState',
      { floor: 'Ground Floor', domain: 'light', state: 'on' },
    ],
  ] as const)(
    '"%s": a sentence of one\'s day, or of what someone does, is why → %s',
    (text, intent, slots) => {
      expect(read(text)).toMatchObject({ intent, slots });
    },
  );
  it('"cancel the timer on my phone" is no timer of ours', () => {
    expect(read('cancel the timer on my phone').intent).toBeNull();
  });
  it('"the kitchen light\'s going on and off" (flickering) does not act', () => {
    expect(read("the kitchen light's going on and off").intent).toBeNull();
  });
  it('"garage door open-a irukku, close pannu" closes it only', () => {
    expect(read('garage door open-a irukku, close pannu')).toEqual({
      intent: 'HassTurnOff',
      slots: { name: 'Garage Door' },
    });
  });
});

describe('heldout125–128, first round: isiZulu and Somali words, cleaning is a vacuum\'s, "please" before a question', () => {
  it.each([
    ['ngicela vala the bedroom curtains manje', null, 'HassTurnOff', { name: 'Bedroom Curtains' }],
    ['ngicela cisha the telly, I want to pray', null, 'HassTurnOff', { name: 'Living Room TV' }],
    [
      'vala the garage door and cisha the garage light',
      null,
      'HassTurnOff+HassTurnOff',
      { '1.name': 'Garage Door', '2.name': 'Garage Light' },
    ],
    [
      'walaal, fadlan turn off the garage light, I forget again',
      null,
      'HassTurnOff',
      { name: 'Garage Light' },
    ],
    ['porch light on hadda', null, 'HassTurnOn', { name: 'Porch Light' }],
    [
      'would you mind starting the robot vacuum, hooyo wants the floors clean before the guests get here',
      null,
      'HassVacuumStart',
      { name: 'Robot Vacuum' },
    ],
    ['please mate, is the porch light on?', null, 'HassGetState', { name: 'Porch Light', state: 'on' }],
  ] as const)('"%s" (in %s) → %s', (text, area, intent, slots) => {
    expect(read(text, area)).toEqual({ intent, slots });
  });
  it('"maya, more dark. ten" after "dim the floor lamp to 30 percent": the step, then its value — the value', () => {
    expect(read('maya, more dark. ten', null, ['dim the floor lamp to 30 percent'])).toEqual({
      intent: 'HassLightSet',
      slots: { name: 'Floor Lamp', brightness: 10 },
    });
  });
  it('"mum wants the floors clean" cleans nothing but with a vacuum, and turns on no floor lamp', () => {
    expect(read('mum wants the floors clean').intent).toBeNull();
    expect(read('clean the kitchen')).toEqual({ intent: 'HassVacuumStart', slots: { area: 'Kitchen' } });
  });
});

describe('remarks after a request: where people are, a mark said twice, what a thing does now', () => {
  it.each([
    [
      'Would you put the lights off upstairs please, everyone is downstairs now.',
      null,
      'HassTurnOff',
      { floor: 'Upper Floor', domain: 'light' },
    ],
    ['pause it!! im coming back in a sec', 'Living Room', 'HassMediaPause', { area: 'Living Room' }],
    ['The TV, pause it please, the telephone rings.', null, 'HassMediaPause', { name: 'Living Room TV' }],
  ] as const)('"%s" (in %s) → %s', (text, area, intent, slots) => {
    expect(read(text, area)).toEqual({ intent, slots });
  });
  it('"turn off the lights, everyone is downstairs now" says no place of the lights: nothing', () => {
    expect(read('turn off the lights, everyone is downstairs now').intent).toBeNull();
  });
});

describe("the second review of this sitting's mechanisms (bench/probe-own-changes-9.jsonl): where they must not act", () => {
  it.each([
    // Manglish asking whether, or telling a state: never done
    ['garage door buka ke tak', 'HassGetState'],
    ['tolong check garage door buka ke tak', 'HassGetState'],
    ['garage door dah buka', null],
    ['front door dah unlock', null],
    // "shall be" with a check or a question after it
    ['the front door shall be unlocked, can you check', null],
    // a time someone else keeps, then "then"; "he/she gets …" is no statement that drops it
    ['he gets back at seven, open the garage then', null],
    // "cut" in other senses, "the store" as a shop
    ['cut the tv volume', null],
    ['I cut the lights', null],
    ['the store closes at nine, lock the front door at nine', null],
    // a value against the step's way
    ['brighter. ten', null],
  ] as const)('"%s" → %s', (text, intent) => {
    const history = text === 'brighter. ten' ? ['dim the floor lamp to 30'] : [];
    expect(read(text, null, history).intent).toBe(intent);
  });
  it('Maya is a name, unless another word of Somali is said', () => {
    expect(read('Maya is asleep, turn off the tv')).toEqual({
      intent: 'HassTurnOff',
      slots: { name: 'Living Room TV' },
    });
  });
  it('"let the blinds go all the way down" still closes them', () => {
    expect(read('let the blinds go all the way down').intent).toBe('HassTurnOff');
  });
});

describe('heldout129–132, first round: Karachi Urdu', () => {
  it.each([
    ['achha beta, kettle chala do, chai banani hai', null, 'HassTurnOn', { name: 'Kettle' }],
    ['beta, garage ka darwaza khula hai kya?', null, 'HassGetState', { name: 'Garage Door', state: 'open' }],
    ['bedsied lamp band krdo', null, 'HassTurnOff', { name: 'Bedside Lamp' }],
    ['garage light band', null, 'HassTurnOff', { name: 'Garage Light' }],
    ['kettle 10 minute baad band kar dena', null, 'HassTurnOff', { name: 'Kettle', delay_seconds: 600 }],
    ['blinds khol do, dhoop aane do', null, 'HassTurnOn', { name: 'Living Room Blinds' }],
    ['tv volume thirty pe kr do', null, 'HassSetVolume', { name: 'Living Room TV', volume_level: 30 }],
    // "thora" before the step is said after it: dimmer, never the complaint's brighter
    [
      'bedside lamp thora dim kar do',
      null,
      'HassLightSet',
      { name: 'Bedside Lamp', brightness_step: 'down' },
    ],
    // "kitni garmi hai" asks how hot, it asks for no cooling
    ['office mein kitni garmi hai rn', null, 'HassClimateGetTemperature', { area: 'Office' }],
    ['please pause the telly, beta, dinner is ready', null, 'HassMediaPause', { name: 'Living Room TV' }],
  ] as const)('"%s" (in %s) → %s', (text, area, intent, slots) => {
    expect(read(text, area)).toEqual({ intent, slots });
  });
});

describe('heldout130 at first measure: its two wrong actions', () => {
  it('a stumble, then "and", adds: "turn the coffee machine on and — uh, sorry — and open the living room blinds"', () => {
    expect(read('turn the coffee machine on and — uh, sorry — and open the living room blinds')).toEqual({
      intent: 'HassTurnOn+HassTurnOn',
      slots: { '1.name': 'Coffee Machine', '2.name': 'Living Room Blinds' },
    });
  });
  it('"I used to have a desk lamp just like the one up in the office." tells, nothing done', () => {
    expect(read('I used to have a desk lamp just like the one up in the office.').intent).toBeNull();
  });
});

describe('heldout132: an apology of one\'s own beside a request, and a mine site\'s "isolate"', () => {
  it.each([
    [
      "Apologies, I'm not very good with this. Could you lock the front door please?",
      'HassTurnOn',
      { name: 'Front Door' },
    ],
    [
      'Thank you, and could you please turn off the Christmas tree now. Sorry, I keep asking for things',
      'HassTurnOff',
      { name: 'Christmas Tree' },
    ],
    [
      'isolate the kettle and the coffee machine',
      'HassTurnOff+HassTurnOff',
      { '1.name': 'Kettle', '2.name': 'Coffee Machine' },
    ],
  ] as const)('"%s" → %s', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });
  it('an apology that takes back still takes back: "Turn on the porch light. Sorry, I meant the hallway light."', () => {
    expect(read('Turn on the porch light. Sorry, I meant the hallway light.')).toEqual({
      intent: 'HassTurnOn',
      slots: { name: 'Hallway Light' },
    });
  });
});

describe('"one" that names a thing is no number', () => {
  it('"no, the bed one" after another light is never a brightness of 1 %', () => {
    expect(read('no, the bed one', null, ['kitchen light off']).intent).toBeNull();
  });
  it.each([
    ['the floor one', ['turn on the lamp'], 'HassTurnOn', { name: 'Floor Lamp' }],
    ['the desk one please', ['turn on the lamp'], 'HassTurnOn', { name: 'Desk Lamp' }],
  ] as const)('"%s" after %j', (text, history, intent, slots) => {
    expect(read(text, null, [...history])).toEqual({ intent, slots });
  });
  it('"one" as a value still is: "set the kitchen light to one"', () => {
    expect(read('set the kitchen light to one')).toEqual({
      intent: 'HassLightSet',
      slots: { name: 'Kitchen Light', brightness: 1 },
    });
  });
});

describe('heldout135: Nigerian Pidgin, and plain English it showed missing', () => {
  it.each([
    [
      'shey somebody dey move for the hallway?',
      'HassGetState',
      {
        state: 'on',
        area: 'Hallway',
        domain: 'binary_sensor',
        device_class: 'motion',
      },
    ],
    [
      'abeg the back door, e don lock abi e still dey open?',
      'HassGetState',
      { name: 'Back Door', state: 'locked' },
    ],
    ['make you help me put off the garage light abeg', 'HassTurnOff', { name: 'Garage Light' }],
    ['jọ̀ọ́ open the bedroom curtains make light enter', 'HassTurnOn', { name: 'Bedroom Curtains' }],
    ['the robot vacuum, make e start work', 'HassVacuumStart', { name: 'Robot Vacuum' }],
    ['abeg send the vacuum back to where e dey charge', 'HassVacuumReturnToBase', { name: 'Robot Vacuum' }],
    ['vacuum, go charge', 'HassVacuumReturnToBase', { name: 'Robot Vacuum' }],
    ['wetin you fit do sef?', 'HearthHelp', {}],
    ['abeg reverse am', 'HearthUndo', {}],
    ['tuen off all the lighs upstairs', 'HassTurnOff', { floor: 'Upper Floor', domain: 'light' }],
    // a cover's position said as a number is where it goes, whichever way that is
    [
      'raise the living room blinds to 80 percent',
      'HassSetPosition',
      { name: 'Living Room Blinds', position: 80 },
    ],
  ] as const)('"%s" → %s', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });
  it('"the sound" of a player is its volume', () => {
    expect(read('reduce the sound small', 'Living Room')).toEqual({
      intent: 'HassSetVolume',
      slots: { area: 'Living Room', volume_step: 'down' },
    });
  });
  it('"we dey comot" and "i no dey hear" keep their Pidgin verbs', () => {
    expect(read('we dey comot away mode sharp sharp').intent).toBe('HassTurnOn');
    expect(read('i no dey hear the tv, increase am')).toEqual({
      intent: 'HassSetVolume',
      slots: { name: 'Living Room TV', volume_step: 'up' },
    });
  });
  it('"charge my phone" and "two three percent" (two or three) act on nothing', () => {
    expect(read('my phone battery is low, si you charge it').intent).toBeNull();
    expect(read('raise the blinds two three percent').intent).toBeNull();
  });
  it("a rule whose place has no such sensor is not made on another room's sensor", () => {
    expect(read('whenever there is motion in the kitchen, turn on the kitchen light').intent).toBeNull();
    expect(read('anytime motion dey for hallway, on the hallway light')).toEqual({
      intent: 'HearthAutomationCreate',
      slots: { trigger: 'state' },
    });
    expect(read('when the sun set, put on the porch light')).toEqual({
      intent: 'HearthAutomationCreate',
      slots: { trigger: 'sun' },
    });
  });
});

describe('heldout140: Portuguese mixed in, and what a bare name beside a word not understood is', () => {
  it.each([
    ['por favor desliga a TV', 'HassTurnOff', { name: 'Living Room TV' }],
    [
      'liga a luz da cozinha and start the coffee machine',
      'HassTurnOn+HassTurnOn',
      {
        '1.name': 'Kitchen Light',
        '2.name': 'Coffee Machine',
      },
    ],
    ['desliga a TV daqui a 30 minutos', 'HassTurnOff', { name: 'Living Room TV', delay_seconds: 1800 }],
    ['abre a cortina', 'HassTurnOn', { name: 'Bedroom Curtains' }],
    ['pausa the kitchen speeker rapidinho', 'HassMediaPause', { name: 'Kitchen Speaker' }],
    ['the christmas tree, desliga', 'HassTurnOff', { name: 'Christmas Tree' }],
    ['Please, which day is today?', 'HassGetCurrentDate', {}],
    ['gente, what can this thing even do', 'HearthHelp', {}],
    ['yo undo that, my bad', 'HearthUndo', {}],
    ['who left lights on upstairs?', 'HassGetState', { state: 'on', floor: 'Upper Floor', domain: 'light' }],
  ] as const)('"%s" → %s', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });
  it('"mad cold in here" is very cold', () => {
    expect(read('mad cold in here fr', 'Office')).toEqual({
      intent: 'HassClimateSetTemperature',
      slots: { area: 'Office', temperature_step: 'up' },
    });
  });
  it.each([
    // a word not understood beside a device named bare may be what is asked of it
    'the kettle, florp',
    'no kettle for me thanks',
    // what is not heard is no device: not every player turned up
    "I can't hear anything",
    // "hose" is no "home"
    'turn on the hose in the garden',
  ])('"%s" acts on nothing', (text) => {
    expect(read(text).intent).toBeNull();
  });
  it('a bare name still answers "which one?"', () => {
    expect(read('the desk one', null, ['turn on the lamp'])).toEqual({
      intent: 'HassTurnOn',
      slots: { name: 'Desk Lamp' },
    });
  });
});

describe("heldout137: Polish, mixed in or written whole, and a learner's English", () => {
  it.each([
    ['wylacz swiatlo w kuchni', 'HassTurnOff', { name: 'Kitchen Light' }],
    ['Włącz proszę lampkę nocną', 'HassTurnOn', { name: 'Bedside Lamp' }],
    ['Ustaw ogrzewanie na 22 stopnie', 'HassClimateSetTemperature', { name: 'Thermostat', temperature: 22 }],
    [
      'Czy drzwi wejściowe są zamknięte na klucz?',
      'HassGetState',
      {
        name: 'Front Door',
        domain: 'lock',
        state: 'locked',
      },
    ],
    ['Za dziesięć minut wyłącz czajnik', 'HassTurnOff', { name: 'Kettle', delay_seconds: 600 }],
    ['Światło w garażu wyłącz', 'HassTurnOff', { name: 'Garage Light' }],
    ['co ty umiesz robić?', 'HearthHelp', {}],
    ['Cofnij to', 'HearthUndo', {}],
    ['proszę, what time is now?', 'HassGetCurrentTime', {}],
    ['please to stop the hoover and send him home', 'HassVacuumReturnToBase', { name: 'Robot Vacuum' }],
  ] as const)('"%s" → %s', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });
  it('"nie nie, cancel this" cancels the timer just set', () => {
    expect(read('nie nie, cancel this', null, ['switch the coffee machine on in 20 minutes'])).toEqual({
      intent: 'HearthTimerCancel',
      slots: {},
    });
  });
  it('a question about a word is none about the home', () => {
    expect(read('What is English word for czajnik?').intent).toBeNull();
  });
});

describe('heldout143: French of Québec, read with the language of the whole message', () => {
  it.each([
    ["peux-tu fermer la lumière de la cuisine s'il te plaît", 'HassTurnOff', { name: 'Kitchen Light' }],
    ["merci de barrer la porte d'en arrière", 'HassTurnOn', { name: 'Back Door' }],
    [
      'thermostat à vingt et un et demi',
      'HassClimateSetTemperature',
      { name: 'Thermostat', temperature: 21.5 },
    ],
    ['la télé est-tu encore allumée', 'HassGetState', { name: 'Living Room TV', state: 'on' }],
    [
      'ferme la lumière de la cuisine pis part la bouilloire',
      'HassTurnOff+HassTurnOn',
      {
        '1.name': 'Kitchen Light',
        '2.name': 'Kettle',
      },
    ],
    ['la lumière du garage, ferme-la', 'HassTurnOff', { name: 'Garage Light' }],
    [
      'ferme les lumières du salon dans vingt minutes',
      'HassTurnOff',
      {
        area: 'Living Room',
        domain: 'light',
        delay_seconds: 1200,
      },
    ],
    ["quelle heure qu'il est là", 'HassGetCurrentTime', {}],
  ] as const)('"%s" → %s', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });
  it('a place said in its own clause keeps its language: "en haut, …" is upstairs, never every light', () => {
    expect(read('en haut, ferme toute les lumières')).toEqual({
      intent: 'HassTurnOff',
      slots: { floor: 'Upper Floor', domain: 'light' },
    });
  });
  it('"the gas bill" is no "kill": nothing is switched off by a remark about it', () => {
    expect(read('thermostat to sixty six, wallah the gas bill')).toEqual({
      intent: 'HassClimateSetTemperature',
      slots: { name: 'Thermostat', temperature: 66 },
    });
  });
});

describe('heldout141 and 144: Vietnamese, with or without its marks, and Arabic in Latin letters', () => {
  it.each([
    ['làm ơn tắt cái kitchen light giùm mẹ nha', 'HassTurnOff', { name: 'Kitchen Light' }],
    ['bật đèn hallway', 'HassTurnOn', { name: 'Hallway Light' }],
    ['tat den garage di', 'HassTurnOff', { name: 'Garage Light' }],
    ['để office heater 68 độ', 'HassClimateSetTemperature', { name: 'Office Heater', temperature: 68 }],
    [
      'tắt kitchen light and lock the back door luôn',
      'HassTurnOff+HassTurnOn',
      {
        '1.name': 'Kitchen Light',
        '2.name': 'Back Door',
      },
    ],
    ['min fadlak tfi the garage light, shukran', 'HassTurnOff', { name: 'Garage Light' }],
    ['sakker the garaj door', 'HassTurnOff', { name: 'Garage Door' }],
    ["what time is it halla'", 'HassGetCurrentTime', {}],
  ] as const)('"%s" → %s', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });
  it('a clock time keeps its colon when the message is read in its language first', () => {
    expect(read('every morning 6:30 bật coffee machine cho ba')).toEqual({
      intent: 'HearthAutomationCreate',
      slots: { trigger: 'time' },
    });
  });
  it('shopping is no question about the home, and Brummie "bab" is no door', () => {
    expect(read('what thermostat should we buy at costco').intent).toBeNull();
    expect(read('turn the fan on bab').intent).toBe('HassTurnOn');
  });
});

describe("heldout139: a letter signed with a name alone, and older words for the home's things", () => {
  it.each([
    [
      'The light on the front stoop, would you turn it off, please. Harold',
      'HassTurnOff',
      { name: 'Porch Light' },
    ],
    ['switch on the tall lamp beside the chesterfield', 'HassTurnOn', { name: 'Floor Lamp' }],
    ['start the little robot sweeper', 'HassVacuumStart', { name: 'Robot Vacuum' }],
    ['turn on the light in the front hall', 'HassTurnOn', { name: 'Hallway Light' }],
  ] as const)('"%s" → %s', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });
  it('"the vacuum machine" is the vacuum, never the Coffee Machine', () => {
    expect(read('has the vacuum machine gone back to its dock?').slots.name).toBe('Robot Vacuum');
  });
  it('a word the reader knows is no signature: "Back. Unlock." stays declined', () => {
    expect(read('Back. Unlock.').intent).toBeNull();
  });
});

describe('heldout138: Singlish, and a helper asking leave to do it', () => {
  it.each([
    ["Ma'am, I will on the kitchen light ya?", 'HassTurnOn', { name: 'Kitchen Light' }],
    ['please open the living room blinds, very gloomy today', 'HassTurnOn', { name: 'Living Room Blinds' }],
    ['porch light off liao', 'HassTurnOff', { name: 'Porch Light' }],
    ['kopi machine on already or not?', 'HassGetState', { name: 'Coffee Machine', state: 'on' }],
    ['tutup tv sekarang', 'HassTurnOff', { name: 'Living Room TV' }],
  ] as const)('"%s" → %s', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });
  it('"I will …" told, not asked, is no request', () => {
    expect(read('I will lock the front door when I leave').intent).toBeNull();
  });
});

describe('heldout142: English shaped by ASL, topic first', () => {
  it.each([
    ['hallway ligt on finish?', 'HassGetState', { name: 'Hallway Light', state: 'on' }],
    ['front door lock finish?', 'HassGetState', { name: 'Front Door', domain: 'lock', state: 'locked' }],
    ['light downstairs which on?', 'HassGetState', { domain: 'light', floor: 'Ground Floor', state: 'on' }],
    ['timer cancel', 'HearthTimerCancel', {}],
    ['mirror light full 100%', 'HassLightSet', { name: 'Mirror Light', brightness: 100 }],
    ['tonight 10 porch light off', 'HassTurnOff', { name: 'Porch Light', at: '22:00' }],
    ['every day sunset porch light on', 'HearthAutomationCreate', { trigger: 'sun' }],
  ] as const)('"%s" → %s', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });
});

describe('heldout131: an Urdu clause that tells, beside an Urdu request, is why', () => {
  it.each([
    [
      'beta zara kitchen ki light band karo please, bijli ka bill bohat aaya hai',
      'HassTurnOff',
      { name: 'Kitchen Light' },
    ],
    ['meherbani karke front door lock kar do, raat ho gayi hai', 'HassTurnOn', { name: 'Front Door' }],
    ['beta, mirror light on kar do, kuch nazar nahi aa raha', 'HassTurnOn', { name: 'Mirror Light' }],
  ] as const)('"%s" → %s', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });
  it('a clause that says when is never set aside', () => {
    expect(read('kettle on kar do, main 7 baje aa raha hoon').intent).toBeNull();
  });
});

describe('heldout131: Hindi "band" closes, and "aur" joins a compound', () => {
  it.each([
    [
      'kitchen ki light band karo aur kettle bhi',
      'HassTurnOff+HassTurnOff',
      { '1.name': 'Kitchen Light', '2.name': 'Kettle' },
    ],
    ['garage ka darwaza, band karo beta', 'HassTurnOff', { name: 'Garage Door' }],
    ['curtains band', 'HassTurnOff', { name: 'Bedroom Curtains' }],
    ['garage light band', 'HassTurnOff', { name: 'Garage Light' }],
  ] as const)('"%s" → %s', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });
  it('"achha ab band kar do" after a light switched on switches it off', () => {
    expect(read('achha ab band kar do', null, ['kitchen light on kar do'])).toEqual({
      intent: 'HassTurnOff',
      slots: { name: 'Kitchen Light' },
    });
  });
});

describe('heldout133: Welsh words, "next song on the speaker", a purpose told as "let … in"', () => {
  it.each([
    ['next song on the speaker', 'HassMediaNext', { name: 'Kitchen Speaker' }],
    [
      'would you mind opening the living room blinds, let a bit of daylight in',
      'HassTurnOn',
      { name: 'Living Room Blinds' },
    ],
    ['has somebody gone and left the telly on', 'HassGetState', { name: 'Living Room TV', state: 'on' }],
    ['can you shut the bedroom curtains please bach', 'HassTurnOff', { name: 'Bedroom Curtains' }],
    ["what's the date today cariad", 'HassGetCurrentDate', {}],
    [
      'is it cwtchy in the lounge yet or is it still cold in there',
      'HassClimateGetTemperature',
      { area: 'Living Room' },
    ],
  ] as const)('"%s" → %s', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });
});

describe('the review of the new languages: a negation, a past, an exception and a time in them', () => {
  it.each([
    "ne débarre pas la porte d'entrée",
    'ouvre pas la porte du garage',
    'allume pas la télé',
    'la lumière de la cuisine, ferme-la pas',
    'ferme la lumière du garage, pas celle de la cuisine',
    'nie wyłączaj światła w kuchni',
    'wyłączyłem światło w kuchni',
    'desliga todas as luzes menos a da cozinha',
    'đừng tắt đèn kitchen',
    'no off the kitchen light, off the garage light',
  ])('"%s" acts on nothing', (text) => {
    expect(read(text).intent).toBeNull();
  });
  it('"o 22" in Polish is a clock time, never a brightness', () => {
    expect(read('włącz światło w kuchni o 22')).toEqual({
      intent: 'HassTurnOn',
      slots: { name: 'Kitchen Light', at: '22:00' },
    });
  });
});

describe('French "verrouiller" locks and "déverrouiller" unlocks', () => {
  it('"verrouille la porte d\'en arrière" locks the back door; "déverrouille" unlocks it', () => {
    expect(read("verrouille la porte d'en arrière")).toEqual({
      intent: 'HassTurnOn',
      slots: { name: 'Back Door' },
    });
    expect(read("déverrouille la porte d'en arrière")).toEqual({
      intent: 'HassTurnOff',
      slots: { name: 'Back Door' },
    });
  });
});

describe('heldout147: a device told of, with a way said after it and a verb of its own', () => {
  it.each([
    'The front door lock is acting weird lately, it makes this clicking noise',
    'the front door lock keeps beeping',
    'the front door lock has been beeping',
    'the porch light on is annoying',
  ])('"%s" acts on nothing', (text) => {
    expect(read(text).intent).toBeNull();
  });
  it('a way said after the device alone is still the request: "front door lock"', () => {
    expect(read('front door lock')).toEqual({ intent: 'HassTurnOn', slots: { name: 'Front Door' } });
  });
});

describe('heldout148: "switch off" said alone is the verb, never every switch of the home', () => {
  it('after a question about the garage light, it switches that light off', () => {
    expect(read('Okay, then switch off, please', null, ['Is the garage light on?'])).toEqual({
      intent: 'HassTurnOff',
      slots: { name: 'Garage Light' },
    });
  });
  it('with nothing spoken of, it acts on nothing', () => {
    expect(read('switch off please').intent).toBeNull();
  });
  it('a switch named as a thing is still the kind: "turn the switch off"', () => {
    expect(read('turn the switch off')).toEqual({ intent: 'HassTurnOff', slots: { domain: 'switch' } });
  });
});

describe('heldout146: a question wrapped in "would you be able to tell me", "might I ask"', () => {
  it.each([
    [
      'Would you be able to tell me how warm it is in the living room?',
      'HassClimateGetTemperature',
      { area: 'Living Room' },
    ],
    ["I'd like to know how warm it is in the office", 'HassClimateGetTemperature', { area: 'Office' }],
    [
      'Might I ask whether the front door has been locked?',
      'HassGetState',
      { state: 'locked', name: 'Front Door' },
    ],
  ] as const)('"%s" → %s', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });
});

describe('heldout146: "play again" resumes; "play that song again" goes back', () => {
  it('"tv pause, and kitchen speaker play again" pauses one and resumes the other', () => {
    expect(read('tv pause, and kitchen speaker play again')).toEqual({
      intent: 'HassMediaPause+HassMediaUnpause',
      slots: { '1.name': 'Living Room TV', '2.name': 'Kitchen Speaker' },
    });
  });
  it('"play the last song again" goes back', () => {
    expect(read('play the last song again').intent).toBe('HassMediaPrevious');
  });
});

describe('heldout147: two sentences asking the same of the same devices are one command', () => {
  it('"too dark. more light" in the kitchen brightens its lights once', () => {
    expect(read('too dark. more light', 'Kitchen')).toEqual({
      intent: 'HassLightSet',
      slots: { brightness_step: 'up', area: 'Kitchen' },
    });
  });
});

describe('heldout145: Swahili read whole — owners after things, "u-" verbs, "si", times and feelings', () => {
  it.each([
    [
      'zima taa ya jikoni na ufunge back door',
      null,
      'HassTurnOff+HassTurnOn',
      { '1.name': 'Kitchen Light', '2.name': 'Back Door' },
    ],
    [
      'blinds za sebule to sixty percent',
      null,
      'HassSetPosition',
      { name: 'Living Room Blinds', position: 60 },
    ],
    ['zima taa zote', null, 'HassTurnOff', { domain: 'light' }],
    ['leo ni tarehe gani', null, 'HassGetCurrentDate', {}],
    [
      'kuna baridi hapa',
      'Living Room',
      'HassClimateSetTemperature',
      { area: 'Living Room', temperature_step: 'up' },
    ],
    ['funga mlango wa mbele', null, 'HassTurnOn', { name: 'Front Door' }],
  ] as const)('"%s" (at %s) → %s', (text, area, intent, slots) => {
    expect(read(text, area)).toEqual({ intent, slots });
  });
  it('"si uzime basi" after a question about the tv switches it off', () => {
    expect(read('si uzime basi', null, ['is the tv on'])).toEqual({
      intent: 'HassTurnOff',
      slots: { name: 'Living Room TV' },
    });
  });
  it('"jua likizama, washa the porch light" is a rule at sunset, never the light now', () => {
    expect(read('jua likizama, washa the porch light').intent).toBe('HearthAutomationCreate');
  });
});

describe('texting words, Korean and Japanese particles', () => {
  it.each([
    ['pls turn off the mirror light thnx', 'HassTurnOff', { name: 'Mirror Light' }],
    ['movie nyt', 'HassTurnOn', { name: 'Movie Night' }],
    ['kitchen light off juseyo', 'HassTurnOff', { name: 'Kitchen Light' }],
    ['sumimasen, hallway light on onegai', 'HassTurnOn', { name: 'Hallway Light' }],
  ] as const)('"%s" → %s', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });
});

describe('heldout146–148: Philadelphia "jawn", a deed of one\'s day said alone, a scene asked with a remark', () => {
  it.each([
    ['coffee jawn on', null, [], 'HassTurnOn', { name: 'Coffee Machine' }],
    ['that porch jawn, flip it on', null, [], 'HassTurnOn', { name: 'Porch Light' }],
    ['just woke up. good morning scene', null, [], 'HassTurnOn', { name: 'Good Morning' }],
    ['dinner party mode, guests coming soon', null, [], 'HassTurnOn', { name: 'Dinner Party' }],
    [
      'Might we have the dinner party setting, please? Our guests will arrive shortly.',
      null,
      [],
      'HassTurnOn',
      { name: 'Dinner Party' },
    ],
    [
      "would you ever put on the kettle for me there's a good girl",
      'Kitchen',
      [],
      'HassTurnOn',
      { name: 'Kettle' },
    ],
  ] as const)('"%s" → %s', (text, area, history, intent, slots) => {
    expect(read(text, area, [...history])).toEqual({ intent, slots });
  });
  it('"vacuum, home" still sends the vacuum home', () => {
    expect(read('vacuum, home').intent).toBe('HassVacuumReturnToBase');
  });
  it('"may I have the ceiling fan in the bedroom switched off" keeps its state', () => {
    expect(read('may I have the ceiling fan in the bedroom switched off please')).toEqual({
      intent: 'HassTurnOff',
      slots: { name: 'Ceiling Fan' },
    });
  });
});

describe('heldout146: a wait or an hour said the Japanese way, a sound made small', () => {
  it.each([
    ['ten minutes after, kettle off please', 'HassTurnOff', { name: 'Kettle', delay_seconds: 600 }],
    [
      'thirty minutes after, christmas tree please off',
      'HassTurnOff',
      { name: 'Christmas Tree', delay_seconds: 1800 },
    ],
    ["bedroom curtain open, morning six o'clock", 'HassTurnOn', { name: 'Bedroom Curtains', at: '06:00' }],
    ["porch light on, night ten o'clock", 'HassTurnOn', { name: 'Porch Light', at: '22:00' }],
    ['TV, sound little small please', 'HassSetVolume', { volume_step: 'down', name: 'Living Room TV' }],
  ] as const)('"%s" → %s', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });
  it('"ten minutes after I leave, lock the door" waits for an event: nothing now', () => {
    expect(read('ten minutes after I leave, lock the door').intent).toBeNull();
  });
});

describe('heldout146: formal requests and a thing that only measures, named alone', () => {
  it.each([
    [
      'I would be much obliged if the kettle could be switched on. I should like some tea.',
      null,
      'HassTurnOn',
      { name: 'Kettle' },
    ],
    [
      'Would it be possible to set the bedroom ceiling light to a quarter of its brightness?',
      null,
      'HassLightSet',
      { brightness: 25, name: 'Bedroom Ceiling Light' },
    ],
    [
      'It has become rather chilly in here; would it be possible to warm the room a little?',
      'Living Room',
      'HassClimateSetTemperature',
      { temperature_step: 'up', area: 'Living Room' },
    ],
    ['What sort of things may I ask of you?', null, 'HearthHelp', {}],
    ['ah no no, mistake. please back to before', null, 'HearthUndo', {}],
    ['current temp in office', null, 'HassClimateGetTemperature', { area: 'Office' }],
    ['bathroom humidity', null, 'HassGetState', { name: 'Bathroom Humidity' }],
  ] as const)('"%s" (at %s) → %s', (text, area, intent, slots) => {
    expect(read(text, area)).toEqual({ intent, slots });
  });
  it('"it is warm up here" is too warm, never a warming', () => {
    expect(read('it is warm up here', 'Office')).toEqual({
      intent: 'HassClimateSetTemperature',
      slots: { temperature_step: 'down', area: 'Office' },
    });
  });
  it('a measuring thing named in a statement is no question: "I love the outside temperature"', () => {
    expect(read('I love the outside temperature').intent).toBeNull();
  });
});

describe('heldout152: Twi and Ghanaian Pidgin, a thing’s own deed told, whom a question is said to', () => {
  it.each([
    ['mepa wo kyɛw, dum kanea for the porch', null, 'HassTurnOff', { name: 'Porch Light' }],
    [
      'Abeg sɔ the bedroom ceiling light, mepa wo kyɛw',
      null,
      'HassTurnOn',
      { name: 'Bedroom Ceiling Light' },
    ],
    ['porch kanea sɔ', null, 'HassTurnOn', { name: 'Porch Light' }],
    ['dum kanea', 'Bedroom', 'HassTurnOff', { domain: 'light', area: 'Bedroom' }],
    [
      'bruv are there bare lights on upstairs',
      null,
      'HassGetState',
      { state: 'on', floor: 'Upper Floor', domain: 'light' },
    ],
  ] as const)('"%s" (at %s) → %s', (text, area, intent, slots) => {
    expect(read(text, area)).toEqual({ intent, slots });
  });
  it('"dum" alone says no Twi, and is never taken for a mistyped "dim"', () => {
    expect(read('dum the lights').intent).toBeNull();
  });
  it('"the bulb in the porch light has started flickering" tells, it asks nothing', () => {
    expect(read('I think the bulb in the porch light has started flickering.').intent).toBeNull();
  });
  it('"more, it\'s still quiet" after turning the telly up turns it up again', () => {
    expect(read("more, it's still quiet", null, ['telly volume up'])).toEqual({
      intent: 'HassSetVolume',
      slots: { volume_step: 'up', name: 'Living Room TV' },
    });
  });
});

describe('heldout150: Gujarati words beside Hindi verbs', () => {
  it.each([
    ['pankho chalu karo', 'Kitchen', 'HassTurnOn', { name: 'Kitchen Fan' }],
    ['hallway ni light bandh karo', null, 'HassTurnOff', { name: 'Hallway Light' }],
    ['bedroom ma light chalu karo', null, 'HassTurnOn', { domain: 'light', area: 'Bedroom' }],
    ['su che the temperature in kitchen', null, 'HassClimateGetTemperature', { area: 'Kitchen' }],
    ['pankho bandh karo in one hour', 'Bedroom', 'HassTurnOff', { name: 'Ceiling Fan', delay_seconds: 3600 }],
  ] as const)('"%s" (at %s) → %s', (text, area, intent, slots) => {
    expect(read(text, area)).toEqual({ intent, slots });
  });
  it('"kitchen fan chalu che" (the fan is on) tells a state: nothing is switched', () => {
    expect(read('kitchen fan chalu che').intent).toBeNull();
  });
});

describe('heldout149 and others: Scots words, "kettle" heard as "cattle", dictation homophones', () => {
  it.each([
    ['kettle oan', null, [], 'HassTurnOn', { name: 'Kettle' }],
    [
      'doon the stair the lights pit them aw aff',
      null,
      [],
      'HassTurnOff',
      { floor: 'Ground Floor', domain: 'light' },
    ],
    ['wid ye open the garage door fur us please', null, [], 'HassTurnOn', { name: 'Garage Door' }],
    ['pit the cattle on', null, [], 'HassTurnOn', { name: 'Kettle' }],
    ['switch of the cattle now', null, [], 'HassTurnOff', { name: 'Kettle' }],
    ['Lock the back door four the night', null, [], 'HassTurnOn', { name: 'Back Door' }],
    ['Turn it of then', null, ['Is the garage light on'], 'HassTurnOff', { name: 'Garage Light' }],
  ] as const)('"%s" → %s', (text, area, history, intent, slots) => {
    expect(read(text, area, [...history])).toEqual({ intent, slots });
  });
  it('"go up the stairs and turn off the light" names no floor ("stairs" is the way there)', () => {
    expect(read('go up the stairs and turn off the light').intent).toBeNull();
  });
  it('"set the lamp to four" keeps its number', () => {
    expect(read('set the lamp to four')).toMatchObject({ intent: 'HassLightSet', slots: { brightness: 4 } });
  });
});

describe('the review of this sitting’s readers: what they must not act on', () => {
  it.each([
    // a request for quiet, or a complaint of a small sound, is no step the other way
    ['turn the tv a bit quiet', null, []],
    ['the telly volume so small', null, []],
    // comparatives and values are kept when asking to have something
    ['can we have the lights a little dimmer', null, []],
    // Swahili "I don't want"
    ['sitaki uzime taa', null, []],
    ['sitaki uwashe tv', null, []],
    // Twi: a deed of one's own, told
    ['medaase, I already turned off the kanea', null, []],
    ['chale the kanea for the porch, I dum am yesterday', null, []],
    // "back to before" said of how things are
    ['things are back to before', null, []],
    ['the heating went back to before', null, []],
    // "the room" described further is no room of here
    ['turn off the lights in the room down the hall', 'Living Room', []],
    ['lock the door of the room downstairs', 'Kitchen', []],
    // a thing of a room, unnamed
    ['turn on the kitchen jawn', null, []],
    ['turn on the kitchen thing', null, []],
    // an hour without its part of the day, as a clause of its own
    ["turn on the porch light, six o'clock", null, []],
    // someone's deed, or what one lived through
    ['mum turned off the lights', null, []],
    ['thanks, I already turned off the lights', null, []],
    ['heard the back door unlock.', null, []],
    ['fell asleep with the tv on.', null, []],
    // a scene's evening spoken of
    ['movie night, kai was rubbish', null, []],
    ["the dinner party mode, it's broken", null, []],
    ['the garage door open lets the cold in', null, []],
  ] as const)('"%s" (at %s) acts on nothing', (text, area, history) => {
    expect(read(text, area, [...history]).intent).toBeNull();
  });
  it.each([
    ['can we have the tv louder', 'HassSetVolume', { volume_step: 'up', name: 'Living Room TV' }],
    ['set it back to before', 'HearthUndo', {}],
    ['good night, it was a long day', 'HassTurnOn', { name: 'Good Night' }],
    ['away mode, we’re gone to the airport', 'HassTurnOn', { name: 'Away' }],
  ] as const)('"%s" → %s', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });
});

describe('heldout145–152, second round: deadlines, letting a timer go, hours without "at"', () => {
  it.each([
    [
      'can u pls close the garage door before dad yells at me again',
      null,
      [],
      'HassTurnOff',
      { name: 'Garage Door' },
    ],
    ['nah forget that', null, ['turn off the kitchen light in 20 minutes'], 'HearthTimerCancel', {}],
    ['every day sun go down, porch light on', null, [], 'HearthAutomationCreate', { trigger: 'sun' }],
    ['garage door open 5:45am', null, [], 'HassTurnOn', { name: 'Garage Door', at: '05:45' }],
    [
      "it's peak cold in here man",
      'Living Room',
      [],
      'HassClimateSetTemperature',
      { temperature_step: 'up', area: 'Living Room' },
    ],
  ] as const)('"%s" → %s', (text, area, history, intent, slots) => {
    expect(read(text, area, [...history])).toEqual({ intent, slots });
  });
  it.each([
    // an arrival may be hours away: waited for, never done now
    ['open the garage door before Sam arrives', null, []],
    // "forget that" with nothing set for later lets nothing go
    ['nah forget that', null, ['turn off the kitchen light']],
    // an hour told of oneself is no time to act
    ['good morning scene rn i have an 8am', null, []],
    ['tv volume to ten its 1am', null, []],
    // "how long …" is no "song"
    ['how long do i boil the plantain', 'Kitchen', []],
    ['all night long the porch light is on', null, []],
  ] as const)('"%s" acts on nothing', (text, area, history) => {
    expect(read(text, area, [...history]).intent).toBeNull();
  });
});

describe('heldout153–156: German, Punjabi and Jamaican words, an AAC board’s order', () => {
  it.each([
    ['licht aus', 'Living Room', [], 'HassTurnOff', { domain: 'light', area: 'Living Room' }],
    ['Kaffeemaschine an.', null, [], 'HassTurnOn', { name: 'Coffee Machine' }],
    ['Front door abschließen.', null, [], 'HassTurnOn', { name: 'Front Door' }],
    ['gute nacht', 'Living Room', [], 'HassTurnOn', { name: 'Good Night' }],
    ['good morning bitte', 'Living Room', [], 'HassTurnOn', { name: 'Good Morning' }],
    [
      'mir ist kalt',
      'Living Room',
      [],
      'HassClimateSetTemperature',
      { temperature_step: 'up', area: 'Living Room' },
    ],
    [
      'Dim the desk lamp to fünfzig percent.',
      null,
      [],
      'HassLightSet',
      { brightness: 50, name: 'Desk Lamp' },
    ],
    ['putt tv bund car do ji', null, [], 'HassTurnOff', { name: 'Living Room TV' }],
    ['kinne vaje ne putt', null, [], 'HassGetCurrentTime', {}],
    [
      'kettle chala do te pakha vi chala do',
      'Kitchen',
      [],
      'HassTurnOn+HassTurnOn',
      { '1.name': 'Kettle', '2.name': 'Kitchen Fan' },
    ],
    [
      'putt kettle nu das minute baad band kar do',
      null,
      [],
      'HassTurnOff',
      { name: 'Kettle', delay_seconds: 600 },
    ],
    ['di back door lock yet', null, [], 'HassGetState', { state: 'locked', name: 'Back Door' }],
    ['di coffee machine still a run', null, [], 'HassGetState', { state: 'on', name: 'Coffee Machine' }],
    ['TV LOUD MORE', null, [], 'HassSetVolume', { volume_step: 'up', name: 'Living Room TV' }],
    ['WARM OFFICE WANT', null, [], 'HassClimateSetTemperature', { temperature_step: 'up', area: 'Office' }],
    ['my rooms one', null, ['turn off the ceiling light'], 'HassTurnOff', { name: 'Bedroom Ceiling Light' }],
    ['Make here the light out, I go upstairs.', 'Kitchen', [], 'HassTurnOff', { name: 'Kitchen Light' }],
  ] as const)('"%s" (at %s) → %s', (text, area, history, intent, slots) => {
    expect(read(text, area, [...history])).toEqual({ intent, slots });
  });
  it.each([
    ['tell Di the front door is unlocked', null, []],
    ["turn off the light, I'm going upstairs", 'Kitchen', []],
  ] as const)('"%s" (at %s) acts on nothing', (text, area, history) => {
    expect(read(text, area, [...history]).intent).toBeNull();
  });
  it('Spanish "mi amor" is left as it is', () => {
    expect(read('mi amor, how cold is it afuera?')).toEqual({
      intent: 'HassGetState',
      slots: { name: 'Outside Temperature' },
    });
  });
});

describe('a feeling told with its "it" left out, as a sentence of its own, is why', () => {
  it('"please the office heater on. Is cold in office" switches the heater on, once', () => {
    expect(read('please the office heater on. Is cold in office')).toEqual({
      intent: 'HassTurnOn',
      slots: { name: 'Office Heater' },
    });
  });
  it('asked with its "?", it is a question: "Is cold in office?"', () => {
    expect(read('Is cold in office?').intent).toBe('HassClimateGetTemperature');
  });
});

describe('heldout156: a grandmother’s courtesies before her request', () => {
  it.each([
    [
      "Good morning dear, I hope I'm not being a bother, but would you be so kind as to open the living room blinds for me? The sun is lovely this morning.",
      'HassTurnOn',
      { name: 'Living Room Blinds' },
    ],
    [
      "I'm sorry to ask again, but how cold is it outside? I can't decide whether to take my cardigan to the shops.",
      'HassGetState',
      { name: 'Outside Temperature' },
    ],
    [
      'Before I settle in, could you please set the heating to 22 and turn on the floor lamp? Thank you, love.',
      'HassClimateSetTemperature+HassTurnOn',
      { '1.temperature': 22, '1.name': 'Thermostat', '2.name': 'Floor Lamp' },
    ],
    [
      "Could you tell me, dear, how warm it is in the office? I'd like to sit up there and do my crossword.",
      'HassClimateGetTemperature',
      { area: 'Office' },
    ],
  ] as const)('"%s" → %s', (text, intent, slots) => {
    expect(read(text)).toMatchObject({ intent, slots });
  });
  it('"before we go on holiday next week, lock the doors" waits: nothing now', () => {
    expect(read('before we go on holiday next week, lock the doors').intent).toBeNull();
  });
});

describe('a request said first, then a story that asks for nothing (rambling.ts)', () => {
  it.each([
    [
      'Would you mind starting the robot vacuum? The shipping boxes left cardboard bits all over the hallway again, I swear I spend half my life sweeping, and my mother-in-law already commented on it twice',
      'HassVacuumStart',
      { name: 'Robot Vacuum' },
    ],
    [
      'Quick question, is the coffee machine still on? I ran out the door for a pickup and I have this horrible feeling, my mom used to leave the iron on all the time and I think I inherited it',
      'HassGetState',
      { state: 'on', name: 'Coffee Machine' },
    ],
    [
      "Please could you pop the porch light on for me, love. Joan is dropping me home after bingo and I don't want her tripping on the step.",
      'HassTurnOn',
      { name: 'Porch Light' },
    ],
  ] as const)('"%s" → %s', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });
  it.each([
    // a story that takes back, limits or asks again is no story
    'Could you switch the kettle on? Actually, leave it.',
    'Could you switch the kettle on? Only if the coffee machine is off.',
    'Would you turn off the porch light, the tv too',
    'What exactly is a thermostat, and who invented it?',
    'Could you turn the heater on, the office gets cold at 6',
  ])('"%s" is not done as its first request alone', (text) => {
    const r = read(text);
    expect(r.intent === null || r.intent !== 'HassTurnOn' || r.slots.name !== 'Office Heater').toBe(true);
    if (text.startsWith('Could you switch the kettle on?')) expect(r.intent).toBeNull();
    if (text.startsWith('What exactly')) expect(r.intent).toBeNull();
  });
});

describe('the second review of this sitting’s readers (bench/probe-own-changes-12.jsonl)', () => {
  it.each([
    ['Das Licht ist schon aus', null, []],
    ['Die Heizung ist aus', null, []],
    ['Licht nicht aus, bitte', null, []],
    ['Kaffeemaschine nicht an, danke', null, []],
    ['Wohnzimmer Licht aus, Kuche an lassen', null, []],
    ['tv di awaaz uchi na karo', null, []],
    ['light na bujha do', null, []],
    ['bedroom di light band kar do te kitchen di nahi', null, []],
    ['pehlan vargi? nahi nahi', null, []],
    ["my room's one? no, the office", null, ['turn on the light']],
    ["my sister's room", null, ['turn on the ceiling light']],
    ['turn off the lights, I go upstairs', null, []],
    ['I always close the garage door before dad yells', null, []],
  ] as const)('"%s" acts on nothing', (text, area, history) => {
    expect(read(text, area, [...history]).intent).toBeNull();
  });
  it.each([
    ['set the heat to twenty four now', 'HassClimateSetTemperature', { temperature: 24, name: 'Thermostat' }],
    ['wor lass has folk comin for their tea put the dinner party on', 'HassTurnOn', { name: 'Dinner Party' }],
  ] as const)('"%s" → %s', (text, intent, slots) => {
    expect(read(text)).toEqual({ intent, slots });
  });
  it('"the one in the living room" still answers which ceiling light', () => {
    expect(read('the one in the living room', null, ['turn off the ceiling light'])).toEqual({
      intent: 'HassTurnOff',
      slots: { name: 'Living Room Ceiling Light' },
    });
  });
});

describe('heldout157–160: Italian, Shona and Cantonese words; a lamp asked where there is none', () => {
  it.each([
    ['per favore accendi la luce in cucina grazie', null, 'HassTurnOn', { name: 'Kitchen Light' }],
    ['spegni il ventilatore della cucina per piacere', null, 'HassTurnOff', { name: 'Kitchen Fan' }],
    ['che ore sono', null, 'HassGetCurrentTime', {}],
    ['spegni il kettle fra cinque minuti', null, 'HassTurnOff', { name: 'Kettle', delay_seconds: 300 }],
    ['ndapota batidza the kettle', 'Kitchen', 'HassTurnOn', { name: 'Kettle' }],
    ['bvisa the kitchen fan', null, 'HassTurnOff', { name: 'Kitchen Fan' }],
    ['iwe is the garage door open', null, 'HassGetState', { state: 'open', name: 'Garage Door' }],
    ['mh goi hoi the kitchen light', null, 'HassTurnOn', { name: 'Kitchen Light' }],
    ['garage door saan', null, 'HassTurnOff', { name: 'Garage Door' }],
    ['front door lock already mah', null, 'HassGetState', { state: 'locked', name: 'Front Door' }],
  ] as const)('"%s" (at %s) → %s', (text, area, intent, slots) => {
    expect(read(text, area)).toMatchObject({ intent, slots });
  });
  it('"turn on the lamp" at the kitchen, which has no lamp, asks which lamp', () => {
    expect(read('turn on the lamp please', 'Kitchen')).toMatchObject({ intent: 'HassTurnOn', slots: {} });
    expect(read('turn on the lamp please', 'Kitchen').ask).toBeDefined();
  });
});

describe('heldout156–159, last round: Dublin "yoke" and "gaff", Italian leftovers, an AAC board’s wait and greeting', () => {
  it.each([
    ['is sam in the gaff', null, 'HassGetState', { state: 'home', name: 'Sam' }],
    ['dinner party yoke on, the lads are bringin cans', null, 'HassTurnOn', { name: 'Dinner Party' }],
    ['do me a favor shut the garage light off', null, 'HassTurnOff', { name: 'Garage Light' }],
    ['garage door open or closed', null, 'HassGetState', { state: 'open', name: 'Garage Door' }],
    ['how cold is it out', null, 'HassGetState', { name: 'Outside Temperature' }],
    ['buona notte a tutti', null, 'HassTurnOn', { name: 'Good Night' }],
    [
      'troppo buio qua non vedo niente',
      'Kitchen',
      'HassLightSet',
      { brightness_step: 'up', area: 'Kitchen' },
    ],
    ['TV OFF 30 MINUTE', null, 'HassTurnOff', { name: 'Living Room TV', delay_seconds: 1800 }],
    ['MORNING GOOD', null, 'HassTurnOn', { name: 'Good Morning' }],
  ] as const)('"%s" (at %s) → %s', (text, area, intent, slots) => {
    expect(read(text, area)).toEqual({ intent, slots });
  });
});
