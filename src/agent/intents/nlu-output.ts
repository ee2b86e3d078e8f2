/**
 * One understood message as an `nlu` output line: `{intent, slots, ask?}` in Home Assistant's
 * intent and slot names. Compound commands join their intents with "+" and number their slots
 * ("1.name", "2.area"); a time to act adds `delay_seconds` or `at`; a rule for an automation
 * is `HearthAutomationCreate` with its trigger kind.
 */
import type { Conversation } from '../understanding/conversation.js';
import type { Command, Understanding, Understood } from '../understanding/understand.js';

export interface NluLine {
  intent: string | null;
  slots: Record<string, string | number>;
  ask?: string;
}

export function nluLine(
  u: Understanding,
  text: string,
  area: string | null,
  history: string[] = [],
): NluLine {
  const conv: Conversation = { touched: 0 };
  for (const h of history) u.remember(conv, u.understand(h, area, conv));
  return toLine(u.understand(text, area, conv));
}

function commandSlots(c: Command): Record<string, string | number> {
  const slots = { ...c.reading.slots };
  if (c.when?.delay_seconds !== undefined) slots.delay_seconds = c.when.delay_seconds;
  if (c.when?.at !== undefined) slots.at = c.when.at;
  return slots;
}

export function toLine(x: Understood): NluLine {
  switch (x.kind) {
    case 'command':
      return { intent: x.command.reading.intent, slots: commandSlots(x.command) };
    case 'ask': {
      // a question back about which device: the value said stands, the target is not settled
      const { name: _n, area: _a, floor: _f, domain: _d, device_class: _c, ...values } = x.reading.slots;
      return { intent: x.reading.intent, slots: values, ask: x.reading.ask ?? '' };
    }
    case 'compound': {
      const slots: Record<string, string | number> = {};
      x.parts.forEach((p, i) => {
        const s = commandSlots(p);
        for (const [k, v] of Object.entries(s)) {
          // with a name, domain and device_class are implied (as the scorer treats single lines)
          if ((k === 'domain' || k === 'device_class') && 'name' in s) continue;
          slots[`${i + 1}.${k}`] = v;
        }
      });
      return { intent: x.parts.map((p) => p.reading.intent).join('+'), slots };
    }
    case 'special':
      return { intent: x.intent, slots: {} };
    case 'rule':
      return {
        intent: 'HearthAutomationCreate',
        slots: {
          trigger:
            x.rule.trigger.type === 'device_state'
              ? 'state'
              : x.rule.trigger.type === 'solar'
                ? 'sun'
                : 'time',
        },
      };
    case 'none':
      return { intent: null, slots: {} };
  }
}
