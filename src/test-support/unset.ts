/**
 * For after-hooks: a `let` assigned in beforeAll/beforeEach is still unset when that hook failed
 * part-way, though its declared type cannot say so. `await orUnset(browser)?.close()`.
 */
export const orUnset = <T>(value: T): T | undefined => value;
