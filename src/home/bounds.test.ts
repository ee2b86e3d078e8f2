import { describe, expect, it } from 'vitest';
import { DEVICE_LIMITS, boundAttributes, boundEntity, boundId, boundName, boundState } from './bounds.js';

describe('bounds on what devices say', () => {
  it('cuts a name to the limit, drops control characters and collapses spaces', () => {
    const trimmed: string[] = [];
    expect(boundName('  Porch\u0000  \u202eLight\n', 'x', trimmed)).toBe('Porch Light');
    expect(boundName('a'.repeat(65_536), 'x', trimmed)).toHaveLength(DEVICE_LIMITS.name);
    expect(trimmed).toEqual(['name cut from 65536 characters']);
  });

  it('uses the fallback for a name that is not text or is empty', () => {
    expect(boundName(42, 'node_7', [])).toBe('node_7');
    expect(boundName({ name: 'x' }, 'node_7', [])).toBe('node_7');
    expect(boundName('\u0000\u0001', 'node_7', [])).toBe('node_7');
  });

  it('never splits a surrogate pair when cutting', () => {
    const name = 'a'.repeat(DEVICE_LIMITS.name - 1) + '😀';
    const out = boundName(name + 'tail', 'x', []);
    expect(out).toBe('a'.repeat(DEVICE_LIMITS.name - 1));
  });

  it('keeps short ids as they are and shortens long ones stably and distinctly', () => {
    expect(boundId('0x00158d0001a2b3c4', [])).toBe('0x00158d0001a2b3c4');
    const a = boundId('u'.repeat(20_000) + 'a', []);
    const b = boundId('u'.repeat(20_000) + 'b', []);
    expect(a).not.toBe(b);
    expect(a).toBe(boundId('u'.repeat(20_000) + 'a', []));
    expect(a.length).toBeLessThanOrEqual(DEVICE_LIMITS.id);
  });

  it('bounds states and attributes', () => {
    expect(boundState('s'.repeat(10_000), [])).toHaveLength(DEVICE_LIMITS.state);
    expect(boundState(Number.NaN, [])).toBeNull();
    expect(boundState(undefined, [])).toBeUndefined();
    const many = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, i]));
    expect(Object.keys(boundAttributes(many, [])!)).toHaveLength(DEVICE_LIMITS.attributes);
    const attrs = boundAttributes(
      { big: { list: 'x'.repeat(10_000) }, text: 't'.repeat(5_000), ok: [1, 2] },
      [],
    )!;
    expect(attrs.big).toBeUndefined();
    expect((attrs.text as string).length).toBe(DEVICE_LIMITS.attributeString);
    expect(attrs.ok).toEqual([1, 2]);
  });

  it('refuses an entity of a domain Hearth does not know', () => {
    const trimmed: string[] = [];
    expect(
      boundEntity(
        { unique_id: 'x', domain: 'teleporter' as never, name: 'X', capabilities: { actions: [] } },
        trimmed,
      ),
    ).toBeUndefined();
    expect(trimmed[0]).toMatch(/unknown domain/);
  });
});
