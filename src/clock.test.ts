import { describe, expect, it } from 'vitest';
import { SystemClock } from './clock.js';

describe('SystemClock', () => {
  it('runs a long wait (woken early, then re-armed) once, never before its wall-clock due time', async () => {
    const clock = new SystemClock();
    const due = Date.now() + 1_100;
    const fired: number[] = [];
    clock.setTimeout(() => fired.push(Date.now()), due - Date.now());
    const cleared = clock.setTimeout(() => fired.push(-1), 1_050);
    clock.clearTimeout(cleared);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(fired).toHaveLength(1);
    expect(fired[0]).toBeGreaterThanOrEqual(due);
  });
});
