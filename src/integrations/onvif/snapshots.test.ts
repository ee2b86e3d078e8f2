import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../clock.js';
import { encodeBlockJpeg, looksLikeJpeg } from './jpeg.js';
import { motionOf } from './motion.js';
import { SnapshotStore } from './snapshots.js';

const dir = mkdtempSync(join(tmpdir(), 'hearth-snapshots-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the motion snapshot store', () => {
  const clock = new FakeClock(Date.parse('2026-11-20T10:00:00Z'));
  const limits = { max: 4, days: 2 };
  const store = new SnapshotStore(join(dir, 'snapshots'), clock, () => limits);
  const jpeg = encodeBlockJpeg([[10, 200]], 'x');

  it('keeps snapshots newest first, private to Hearth, and drops the oldest beyond the count', () => {
    for (let i = 0; i < 6; i++) {
      store.add('cam-1', jpeg);
      clock.advance(60_000);
    }
    const list = store.list('cam-1');
    expect(list).toHaveLength(4);
    expect(list[0]!.at).toBe('2026-11-20T10:05:00.000Z');
    expect(list[3]!.at).toBe('2026-11-20T10:02:00.000Z');
    expect(statSync(join(dir, 'snapshots', 'cam-1')).mode & 0o777).toBe(0o700);
    expect(store.read('cam-1', list[0]!.id)).toEqual(jpeg);
    expect(store.read('cam-1', '../../etc/passwd')).toBeUndefined();
  });

  it('drops snapshots older than the days, on the next snapshot or the hourly pass', () => {
    clock.advance(2 * 86_400_000 - 2 * 60_000); // the two newest are still within two days
    expect(store.pruneAll()).toBe(2);
    expect(store.list('cam-1').map((s) => s.at)).toEqual([
      '2026-11-20T10:05:00.000Z',
      '2026-11-20T10:04:00.000Z',
    ]);
    clock.advance(3 * 60_000);
    store.add('cam-1', jpeg);
    expect(store.list('cam-1')).toHaveLength(1);
    store.removeCamera('cam-1');
    expect(store.list('cam-1')).toEqual([]);
  });

  it('makes JPEGs a browser can take (SOI … EOI)', () => {
    const j = encodeBlockJpeg([[0, 255, 128]], 'frame 1');
    expect(looksLikeJpeg(j)).toBe(true);
    expect(j.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
  });
});

describe('motion messages', () => {
  const msg = (topic: string, name: string, value: unknown, op = 'Changed') => ({
    topic: { _: topic },
    message: {
      message: {
        $: { UtcTime: new Date('2026-11-20T10:00:00Z'), PropertyOperation: op },
        data: { simpleItem: { $: { Name: name, Value: value } } },
      },
    },
  });

  it('reads both motion topics whatever their namespace prefix, and ignores other topics', () => {
    expect(motionOf(msg('tns1:RuleEngine/CellMotionDetector/Motion', 'IsMotion', true))).toMatchObject({
      motion: true,
      operation: 'Changed',
    });
    expect(motionOf(msg('tns1:VideoSource/MotionAlarm', 'State', 'false', 'Initialized'))).toMatchObject({
      motion: false,
      operation: 'Initialized',
    });
    expect(motionOf(msg('ns0:VideoSource/ns0:MotionAlarm', 'State', 1))).toMatchObject({ motion: true });
    expect(motionOf(msg('tns1:Device/Trigger/DigitalInput', 'LogicalState', true))).toBeUndefined();
  });

  it('calls a motion message without a readable state malformed', () => {
    expect(motionOf(msg('tns1:RuleEngine/CellMotionDetector/Motion', 'Other', true))).toBe('malformed');
    expect(motionOf(msg('tns1:VideoSource/MotionAlarm', 'State', 'maybe'))).toBe('malformed');
    expect(motionOf({})).toBe('malformed');
  });
});
