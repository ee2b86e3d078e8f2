import { AppError, Errors } from '../errors.js';
import { validateAction } from '../home/actions.js';
import type { Entity } from '../home/types.js';
import { checkValue, SchemaProblem } from '../schema/check.js';
import { isEntityAction, type AutomationDefinition } from './model.js';
import { AutomationBody, ConditionSchema } from './schemas.js';

/**
 * Checks an automation body once, at the edge, against the one schema in `schemas.ts`; every
 * problem names its field in the automation's own terms (`trigger.at must be HH:MM,
 * 00:00–23:59`). Throws 400 VALIDATION_FAILED with `details.field`.
 */
export function validateDefinition(body: unknown): AutomationDefinition {
  try {
    return checkValue(AutomationBody, body, [ConditionSchema]);
  } catch (err) {
    if (err instanceof SchemaProblem)
      throw Errors.validation(err.message, { field: err.field || undefined, problems: [err.message] });
    throw err;
  }
}

/**
 * Checks every entity action against the action catalogue the control path uses
 * (`src/home/actions.ts`), when the automation is saved rather than when it runs: a known
 * entity against its capabilities, an unknown one (saved with a warning) against the catalogue
 * alone. Throws 400 naming the field, e.g. `actions[0].brightness`.
 */
export function validateEntityActions(def: AutomationDefinition, entity: (id: string) => Entity | undefined) {
  def.actions.forEach((a, i) => {
    if (!isEntityAction(a)) return;
    const { entity: entityId, action, ...params } = a;
    try {
      validateAction(entity(entityId) ?? entityId, action, params);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const details = err.details as { field: string };
      throw Errors.validation(`actions[${i}]: ${err.message}`, {
        ...details,
        field: `actions[${i}].${details.field}`,
      });
    }
  });
}
