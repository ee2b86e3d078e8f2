/**
 * Sentence templates for setting values: light brightness and colour, covers' position,
 * thermostats, media players. Data only; see ../grammar.ts for the syntax.
 */
import type { IntentGroup } from './types.js';

/** What a light setting can be aimed at. */
const L = '({name}|{area}|{floor}|[<all>] [{area}|{floor}] {light_noun:_l} [<loc>]|<here>)';
/** What a media command can be aimed at. */
const M = '(on {name}|<loc>|on <here>)';
const C = '({name}|{area}|{floor}|<here>)';

export const SETTINGS: IntentGroup[] = [
  // ---- light brightness ------------------------------------------------------------------
  {
    intent: 'HassLightSet',
    requires: { domain: ['light'] },
    sentences: [
      `<set> [brightness (of|in|for)] ${L} [brightness] [to] {brightness} [percent] [brightness] [<loc>]`,
      `<set> ${L} brightness [to] {brightness} [percent] [<loc>]`,
      `<set> brightness [to] {brightness} [percent] [<loc>]`,
      `[brightness] ${L} [brightness] [to] {brightness} [percent] [brightness] [<loc>]`,
      `(dim|brighten) ${L} to {brightness} [percent]`,
    ],
  },
  {
    intent: 'HassLightSet',
    requires: { domain: ['light'] },
    slots: { brightness_step: 'up' },
    sentences: [
      `(make|turn|set) [${L}] <bit> (brighter|lighter) [<loc>]`,
      `${L} <bit> brighter`,
      `(brighten|brighten up) [${L}] <bit> [<loc>]`,
      `(increase|raise|turn up|bump up|boost) [brightness] [(of|in|for)] [${L}] [brightness] <bit> [<loc>]`,
      `(turn|bring|set) [brightness] [(of|in|for)] [${L}] [brightness] up <bit> [<loc>]`,
      '(more light|brighter) [<loc>]',
      'it is too dark [<loc>]',
    ],
  },
  {
    intent: 'HassLightSet',
    requires: { domain: ['light'] },
    slots: { brightness_step: 'down' },
    sentences: [
      `(make|turn|set) [${L}] <bit> (dimmer|darker) [<loc>]`,
      `${L} <bit> dimmer`,
      `dim [down] [${L}] <bit> [<loc>]`,
      `(decrease|lower|reduce|turn down|tone down) [brightness] [(of|in|for)] [${L}] [brightness] <bit> [<loc>]`,
      `(turn|bring|set) [brightness] [(of|in|for)] [${L}] [brightness] down <bit> [<loc>]`,
      '(less light|dimmer) [<loc>]',
      'it is too bright [<loc>]',
    ],
  },
  // ---- light colour ----------------------------------------------------------------------
  {
    intent: 'HassLightSet',
    requires: { domain: ['light'] },
    sentences: [
      `<set> [(color|colour) (of|in|for)] ${L} [color|colour] [to] {color} [<loc>]`,
      `<set> (color|colour) (of|in|for) ${L} [to] {color} [<loc>]`,
      `<set> (color|colour) [to] {color} [<loc>]`,
      `${L} [color|colour] {color} [<loc>]`,
    ],
  },
  // ---- covers and valves position --------------------------------------------------------
  {
    intent: 'HassSetPosition',
    requires: { domain: ['cover', 'valve'] },
    sentences: [
      '(<set>|open|close|raise|lower|increase|decrease) [<all>] {name} [position] [<loc>] to {position} [percent] [<loc>]',
      '(<set>|open|close|raise|lower|increase|decrease) [position of] [<all>] {name} [<loc>] to {position} [percent]',
      '{name} [position] [to] {position} percent',
    ],
  },
  {
    intent: 'HassSetPosition',
    sentences: [
      '(<set>|open|close|raise|lower) [<all>] [<place>] {cover_noun} [<loc>] [position] to {position} [percent] [open|closed] [<loc>]',
      '<set> [position of] [<all>] [<place>] {cover_noun} [<loc>] to {position} [percent] [<loc>]',
    ],
  },
  // ---- thermostats -----------------------------------------------------------------------
  {
    intent: 'HassClimateSetTemperature',
    requires: { domain: ['climate'] },
    sentences: [
      `<set> [${C}] (temperature|temp|thermostat|heat|heating|heater) [(of|in|on|for) ${C}] [<loc>] to {temperature} [degrees] [<loc>]`,
      '<set> {name} to {temperature} [degrees]',
      `<set> ${C} to {temperature} degrees`,
      `<set> it [to] {temperature} degrees [<loc>]`,
      `(i want|i would like) it [to be] {temperature} degrees [<loc>]`,
      `(temperature|temp) [to] {temperature} [degrees] [<loc>]`,
    ],
  },
  {
    intent: 'HassClimateSetTemperature',
    slots: { temperature_step: 'up' },
    requires: { domain: ['climate'] },
    sentences: [
      `(make|set|turn) [it|${C}] <bit> (warmer|hotter) [<loc>]`,
      `(increase|raise|turn up|bump up|boost) [${C}] (temperature|temp|heat|heating|thermostat) [(of|in|on) ${C}] <bit> [<loc>]`,
      `(warm up|heat up) [${C}] <bit> [<loc>]`,
      `(turn|bring|set) [${C}] [(temperature|temp|heat|heating)] [(of|in|on) ${C}] up <bit> [<loc>]`,
      'i am (cold|freezing|chilly) [<loc>]',
      'it is [too] (cold|chilly|freezing) [<loc>]',
      '<bit> (warmer|hotter) [<loc>]',
    ],
  },
  {
    intent: 'HassClimateSetTemperature',
    slots: { temperature_step: 'down' },
    requires: { domain: ['climate'] },
    sentences: [
      `(make|set|turn) [it|${C}] <bit> (cooler|colder) [<loc>]`,
      `(decrease|lower|reduce|turn down) [${C}] (temperature|temp|heat|heating|thermostat) [(of|in|on) ${C}] <bit> [<loc>]`,
      `(cool down) [${C}] <bit> [<loc>]`,
      `(turn|bring|set) [${C}] [(temperature|temp|heat|heating)] [(of|in|on) ${C}] down <bit> [<loc>]`,
      'i am (hot|warm|sweating) [<loc>]',
      'it is [too] (hot|warm|stuffy) [<loc>]',
      '<bit> (cooler|colder) [<loc>]',
    ],
  },
  {
    intent: 'HassClimateGetTemperature',
    requires: { domain: ['climate'] },
    sentences: [
      'what is (temperature|temp) [<loc>]',
      `what is (temperature|temp) (of|in|on|at) ${C}`,
      `what is ${C} (temperature|temp)`,
      'how (warm|hot|cold) is it [<loc>]',
      `how (warm|hot|cold) is ${C}`,
      `what temperature is it [<loc>]`,
      `(what is|tell me) [current] (temperature|temp) [<loc>]`,
      `what is ${C} set to`,
    ],
  },
  // ---- media players ---------------------------------------------------------------------
  {
    intent: 'HassMediaPause',
    requires: { domain: ['media_player'] },
    sentences: [
      `[${M}] [{name}] (pause|stop) [{media_noun:_m}] [{name}] [{area}] [{media_noun:_m}] [${M}]`,
      `[{name}] (pause|stop) [{media_noun:_m}]`,
    ],
  },
  {
    intent: 'HassMediaUnpause',
    requires: { domain: ['media_player'] },
    sentences: [
      `[${M}] [{name}] (unpause|resume|continue|keep playing|continue playing) [{media_noun:_m}] [{name}] [{area}] [{media_noun:_m}] [${M}]`,
      `(play|start) [{media_noun:_m}] again [${M}]`,
    ],
  },
  {
    intent: 'HassMediaNext',
    requires: { domain: ['media_player'] },
    sentences: [
      `[${M}] [{name}] (next|skip [to] [next]|play next|go to next|go forward) [(this|that)] [(item|song|track|one|episode|chapter)] [${M}]`,
    ],
  },
  {
    intent: 'HassMediaPrevious',
    requires: { domain: ['media_player'] },
    sentences: [
      `[${M}] [{name}] (go back [to [(previous|last)] [(item|song|track|one|episode)]]|(replay|play) [(previous|last)] [(item|song|track|one|episode)] [again]|previous [(item|song|track|one|episode)]|back) [${M}]`,
    ],
  },
  {
    intent: 'HassSetVolume',
    requires: { domain: ['media_player'] },
    sentences: [
      `[${M}] (<set>|increase|decrease|raise|lower|turn up|turn down) [(up|down)] [({name}|{area})] volume [(up|down)] [${M}] to {volume:volume_level} [percent] [${M}]`,
      `[{name}|{area}] volume [to] {volume:volume_level} [percent] [${M}]`,
    ],
  },
  {
    intent: 'HassSetVolume',
    requires: { domain: ['media_player'] },
    slots: { volume_step: 'up' },
    sentences: [
      `[${M}] (increase|raise|turn up|pump up|crank up|bump up) [({name}|{area})] volume <bit> [${M}]`,
      `[${M}] (turn|bring) [({name}|{area})] volume up <bit> [${M}]`,
      `[{name}|{area}] volume up [${M}]`,
      `(make|turn) [it|{name}] <bit> louder [${M}]`,
      `<bit> louder [${M}]`,
    ],
  },
  {
    intent: 'HassSetVolume',
    requires: { domain: ['media_player'] },
    slots: { volume_step: 'down' },
    sentences: [
      `[${M}] (decrease|lower|reduce|turn down) [({name}|{area})] volume <bit> [${M}]`,
      `[${M}] (turn|bring) [({name}|{area})] volume down <bit> [${M}]`,
      `[{name}|{area}] volume down [${M}]`,
      `(make|turn) [it|{name}] <bit> (quieter|softer) [${M}]`,
      `<bit> (quieter|softer) [${M}]`,
    ],
  },
];
