import { describe, expect, it } from 'vitest';
import { DeadlineQueue } from './deadlines.js';

describe('DeadlineQueue', () => {
  it('pops by due time, equal due times in insertion order', () => {
    const q = new DeadlineQueue<string>();
    const items: [string, number][] = [];
    for (let i = 0; i < 500; i++) items.push([`i${i}`, (i * 7919) % 97]);
    for (const [item, due] of items) q.push(item, due);
    const out: string[] = [];
    for (let e = q.pop(); e; e = q.pop()) out.push(e.item);
    const expected = items
      .map((x, i) => ({ x, i }))
      .sort((a, b) => a.x[1] - b.x[1] || a.i - b.i)
      .map((e) => e.x[0]);
    expect(out).toEqual(expected);
    expect(q.size).toBe(0);
  });

  it('keeps heap order after dropping entries', () => {
    const q = new DeadlineQueue<number>();
    for (let i = 0; i < 300; i++) q.push(i, (i * 31) % 101);
    q.filter((i) => i % 3 !== 0);
    expect(q.size).toBe(200);
    const dues: number[] = [];
    for (let e = q.pop(); e; e = q.pop()) {
      expect(e.item % 3).not.toBe(0);
      dues.push(e.due);
    }
    expect(dues).toEqual([...dues].sort((a, b) => a - b));
  });
});
