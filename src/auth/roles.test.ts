import { describe, expect, it } from 'vitest';
import { roleAllows } from './roles.js';

// §5.6: admin ⊃ user ⊃ viewer; `public` needs nothing. The route matrix builds on this table.
describe('roleAllows', () => {
  it.each([
    ['viewer', 'public', true],
    ['viewer', 'viewer', true],
    ['viewer', 'user', false],
    ['viewer', 'admin', false],
    ['user', 'public', true],
    ['user', 'viewer', true],
    ['user', 'user', true],
    ['user', 'admin', false],
    ['admin', 'public', true],
    ['admin', 'viewer', true],
    ['admin', 'user', true],
    ['admin', 'admin', true],
  ] as const)('a %s calling a %s route: %s', (role, access, allowed) => {
    expect(roleAllows(role, access)).toBe(allowed);
  });
});
