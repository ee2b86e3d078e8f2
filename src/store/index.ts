export type * from './types.js';
export { StoreConflictError, StoreError } from './errors.js';
export { SqliteStore } from './sqlite/index.js';
