/**
 * Sentence templates for questions about state (HassGetState). The state a word stands for
 * ("open", "low", "wet") depends on the entity or the group asked about; ../states.ts maps it.
 * Data only; see ../grammar.ts for the syntax.
 */
import type { IntentGroup } from './types.js';

const Q = '((is|are) [there]|there (is|are)|tell me if there (is|are)|tell me if|do i have)';

export const STATE: IntentGroup[] = [
  // ---- one named entity ------------------------------------------------------------------
  {
    intent: 'HassGetState',
    context_area: false,
    sentences: [
      '(is|are) {name} [{state_noun:_noun}] [<loc>] [turned] {state_word} [<loc>]',
      '(is|are) {area} {name} [{state_noun:_noun}] {state_word}',
      'tell me if {name} [{state_noun:_noun}] (is|are) {state_word}',
      '(what is|tell me|give me|show me) [current] [(state|status|value|reading|level)] [of] {name} [<loc>]',
      '(what is|tell me|give me|show me) ... (of|in|by|from|for|on) {name}',
      '(what is|tell me) {name} ...',
      '(how much|how many|how long|how far|how fast|how big) ... {name} ...',
      'when (is|will|was) {name} ...',
      '{name} (state|status|value)',
    ],
  },
  {
    intent: 'HassGetState',
    context_area: false,
    requires: { domain: ['person'] },
    sentences: ['where (is|are) {name}', 'where is {name} (at|now)'],
  },
  {
    intent: 'HassGetState',
    context_area: false,
    slots: { state_word: 'problem' },
    sentences: [
      '(is|are) there [any] (problem|problems|issue|issues|trouble) with {name}',
      'does {name} have [any] (problem|problems|issues)',
    ],
  },
  // ---- groups: "are any curtains open in the living room?" -------------------------------
  {
    intent: 'HassGetState',
    context_area: false,
    sentences: [
      `${Q} [any|all] [of] [<place>] {state_noun} [<loc>] [turned] {state_word} [<loc>]`,
      `${Q} [any] {state_word} {state_noun} [<loc>]`,
      'any [of] [<place>] {state_noun} [<loc>] {state_word} [<loc>]',
      '(which|what) [of] [<place>] {state_noun} (is|are) [<loc>] [turned] {state_word} [<loc>]',
      'how many [of] [<place>] {state_noun} (is|are) [<loc>] [turned] {state_word} [<loc>]',
      '(is|are) [<place>] {state_noun} [<loc>] [turned] {state_word} [<loc>]',
      'is (anything|something|any thing) [<loc>] {state_word} [<loc>]',
      '(is|are) {area} {state_word}',
    ],
  },
  {
    intent: 'HassGetState',
    context_area: false,
    slots: { state_word: 'detected' },
    sentences: [
      'is there [any] {sensed} [detected] [<loc>] [detected]',
      'is [any] {sensed} (detected|sensed) [<loc>]',
      'do you (detect|sense) [any] {sensed} [<loc>]',
    ],
  },
  // ---- people ----------------------------------------------------------------------------
  {
    intent: 'HassGetState',
    context_area: false,
    slots: { domain: 'person', state: 'home' },
    sentences: [
      '(is|are) (anyone|everyone|anybody|everybody|someone|somebody) [at] home',
      'who is [at] home',
      'how many (people|persons) are [at] home',
    ],
  },
];
