/**
 * Sentence templates for switching things: on/off, open/close, lock/unlock, scenes and scripts,
 * vacuums. Data only; see ../grammar.ts for the syntax and ./lists.ts for lists and rules.
 */
import type { IntentGroup } from './types.js';

const TOGGLE = [
  'light',
  'switch',
  'fan',
  'input_boolean',
  'humidifier',
  'automation',
  'siren',
  'media_player',
  'climate',
  'water_heater',
];
const ACTIVATE = [...TOGGLE, 'scene', 'script'];
const OPENABLE = ['cover', 'valve'];

export const CONTROL: IntentGroup[] = [
  // ---- named entities --------------------------------------------------------------------
  {
    intent: 'HassTurnOn',
    requires: { domain: ACTIVATE },
    sentences: [
      '<turn> on [<all>] [{area}] {name} [{name_noun:_n}] [<loc>]',
      '<turn> [<all>] [{area}] {name} [{name_noun:_n}] on [<loc>]',
      '[{area}] {name} [{name_noun:_n}] on [<loc>]',
      '(activate|enable|power on|switch on|turn on|fire up|launch) [{area}] {name} [{name_noun:_n}] [<loc>]',
    ],
  },
  { intent: 'HassTurnOn', requires: { domain: ['light', 'switch', 'fan'] }, sentences: ['{name}'] },
  {
    intent: 'HassTurnOn',
    requires: { domain: ['scene'] },
    sentences: [
      '(change|switch|transition|go|set|move) [{area}] to [{area}] {name} [scene] [<loc>]',
      '(change|switch|set) {area} to {name} [scene]',
      '(recall|apply|load|play) [{area}] {name} [scene] [<loc>]',
      '(scene|set scene) {name} [<loc>]',
      '{name} scene [<loc>]',
    ],
  },
  {
    intent: 'HassTurnOn',
    requires: { domain: ['script'] },
    sentences: ['(run|start|execute|trigger) {name} [script]', '(run|start|execute) script {name}'],
  },
  {
    intent: 'HassTurnOff',
    requires: { domain: TOGGLE },
    sentences: [
      '<turn> <off> [<all>] [{area}] {name} [{name_noun:_n}] [<loc>]',
      '<turn> [<all>] [{area}] {name} [{name_noun:_n}] <off> [<loc>]',
      '[{area}] {name} [{name_noun:_n}] <off> [<loc>]',
      '(deactivate|disable|power off|kill|shut off|shut down|switch off|turn off) [{area}] {name} [{name_noun:_n}] [<loc>]',
    ],
  },
  {
    // ("stop the tv" pauses it: settings.ts HassMediaPause)
    intent: 'HassTurnOff',
    requires: { domain: TOGGLE.filter((d) => d !== 'media_player') },
    sentences: ['stop [{area}] {name} [{name_noun:_n}] [<loc>]'],
  },
  {
    intent: 'HassTurnOn',
    requires: { domain: OPENABLE },
    sentences: ['<open_verb> [<all>] {name} [<loc>]', '{name} open'],
  },
  {
    intent: 'HassTurnOff',
    requires: { domain: OPENABLE },
    sentences: ['<close_verb> [<all>] {name} [<loc>]', '{name} (close|closed|shut)'],
  },
  { intent: 'HassTurnOn', requires: { domain: ['lock'] }, sentences: ['lock {name} [<loc>]', '{name} lock'] },
  {
    intent: 'HassTurnOn',
    requires: { domain: ['alarm_control_panel'] },
    sentences: ['(arm|turn on|activate|switch on|enable) {name}'],
  },
  {
    intent: 'HassTurnOff',
    requires: { domain: ['alarm_control_panel'] },
    sentences: ['(disarm|turn off|deactivate|switch off|disable) {name}'],
  },
  {
    intent: 'HassTurnOff',
    requires: { domain: ['lock'] },
    sentences: ['unlock {name} [<loc>]', '{name} unlock'],
  },

  // ---- areas, floors and whole-home by kind of device ------------------------------------
  {
    intent: 'HassTurnOn',
    sentences: [
      '<turn> on [<all>] [<place>] {device_noun} [<loc>]',
      '[<loc>] <turn> [<all>] [<place>] {device_noun} [<loc>] on [<loc>]',
      '[<loc>] [<all>] [<place>] {device_noun} [<loc>] on [<loc>]',
      '[<loc>] <activate> [<all>] [<place>] {device_noun} [<loc>]',
      'make sure <all> {device_noun} [<loc>] <is> on [<loc>]',
    ],
  },
  {
    intent: 'HassTurnOff',
    sentences: [
      '<turn> <off> [<all>] [<place>] {device_noun} [<loc>]',
      '[<loc>] <turn> [<all>] [<place>] {device_noun} [<loc>] <off> [<loc>]',
      '[<loc>] [<all>] [<place>] {device_noun} [<loc>] <off> [<loc>]',
      '[<loc>] <deactivate> [<all>] [<place>] {device_noun} [<loc>]',
      'make sure <all> {device_noun} [<loc>] <is> off [<loc>]',
    ],
  },
  {
    intent: 'HassTurnOn',
    slots: { domain: 'light' },
    sentences: [
      '(light up|illuminate|brighten up) [<all>] [(room|rooms|area|areas)] [<loc>]',
      '(light up|illuminate) [<all>|entire|whole] <place> [<loc>]',
      'light (it|<here>) up [<loc>]',
    ],
  },
  {
    intent: 'HassTurnOff',
    slots: { domain: 'light' },
    sentences: ['(darken|black out) [<all>] [(room|rooms|area|areas)] [<loc>]', 'make it dark [<loc>]'],
  },
  {
    intent: 'HassTurnOn',
    sentences: [
      '<open_verb> [<all>] [<place>] {cover_noun} [<loc>]',
      '[<all>] [<place>] {cover_noun} [<loc>] open',
    ],
  },
  {
    intent: 'HassTurnOff',
    sentences: [
      '<close_verb> [<all>] [<place>] {cover_noun} [<loc>]',
      '[<all>] [<place>] {cover_noun} [<loc>] (close|shut)',
    ],
  },
  {
    intent: 'HassTurnOn',
    slots: { domain: 'lock' },
    sentences: ['lock [<all>] [<place>] {lock_noun} [<loc>]'],
  },
  {
    intent: 'HassTurnOff',
    slots: { domain: 'lock' },
    sentences: ['unlock [<all>] [<place>] {lock_noun} [<loc>]'],
  },

  // ---- vacuums ---------------------------------------------------------------------------
  {
    intent: 'HassVacuumStart',
    requires: { domain: ['vacuum'] },
    sentences: [
      '(start|run|activate|turn on|launch) {name} [vacuum] [<loc>]',
      '(send|let) {name} [to] (clean|vacuum) [<loc>]',
      '{name} (start|clean|vacuum) [<loc>]',
    ],
  },
  {
    intent: 'HassVacuumStart',
    sentences: [
      '(clean|vacuum|hoover) [<all>] <place>',
      '(clean|vacuum|hoover) (<here>|<everywhere>)',
      '(start|begin) (cleaning|vacuuming|vacuum) [<loc>]',
      '(clean|vacuum) [up] [floor|floors] [<loc>]',
    ],
  },
  {
    intent: 'HassVacuumReturnToBase',
    requires: { domain: ['vacuum'] },
    sentences: [
      '(return|send|bring) {name} [back] (to base|to dock|to charger|home|back|to station)',
      '(dock|return) {name}',
      '{name} (return|go) [back] (to base|to dock|home|to charger|to station)',
    ],
  },
];
