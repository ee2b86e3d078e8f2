/**
 * Questions about the home ("is the front door locked?", "how warm is it in the kitchen?"):
 * which intents ask rather than act, and their answers from the entities' states now.
 */
import type { HomeAccess, HomeEntityView } from './home-access.js';
import { asResult, targetEntities } from './plan.js';
import { describeState, inState, stateAnswer, stateText } from './replies.js';
import type { Reading } from './understanding/reading.js';

/** Intents that ask about the home and change nothing. */
export const QUESTIONS = new Set(['HassGetState', 'HassClimateGetTemperature']);

/** The answer to a question reading, from the entities it points at. */
export function answerQuestion(r: Reading, home: HomeAccess): string {
  const entities = targetEntities(asResult(r), home.registry())
    .map((id) => home.entity(id))
    .filter((e): e is HomeEntityView => !!e);
  if (r.intent === 'HassClimateGetTemperature') {
    const e = entities.find((x) => typeof x.attributes.current_temperature === 'number');
    if (!e) return "I don't know the temperature there.";
    const where = typeof r.slots.area === 'string' ? ` in the ${r.slots.area}` : '';
    return `It is ${String(e.attributes.current_temperature)} degrees${where}.`;
  }
  const wanted = typeof r.slots.state === 'string' ? r.slots.state : undefined;
  if (!wanted && entities.length === 1) return describeState(entities[0]!);
  const word = wanted ? (wanted === 'not_home' ? 'away' : wanted) : '';
  if (wanted && entities.length === 1 && !inState(entities[0]!, wanted)) {
    return `No, the ${entities[0]!.name} is ${stateText(entities[0]!)}.`;
  }
  return stateAnswer(entities, wanted, word);
}
