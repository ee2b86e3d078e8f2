export type * from './types.js';
export { SqliteStore } from './sqlite/index.js';
