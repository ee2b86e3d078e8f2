/**
 * Wire shapes of the home: the service's own declarations, imported as types only (erased by
 * the build, so no server code reaches the bundle; `npm run lint` refuses a value import).
 */
export type {
  Area,
  Capabilities,
  CommandResult,
  Entity,
  EntityState,
  Outcome,
} from '../../src/home/types.js';
export type { Scene } from '../../src/home/scenes/types.js';
