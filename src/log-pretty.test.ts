import { describe, expect, it } from 'vitest';
import { LogCapture } from './test-support/harness.js';
import { createLogger } from './log.js';
import { prettyLine } from './log-pretty.js';

describe('readable log lines', () => {
  it('turns a JSON line into time, level, part, message and fields', () => {
    const line = JSON.stringify({
      level: 40,
      time: Date.UTC(2026, 0, 1, 12, 3, 4, 512),
      service: 'hearth',
      part: 'mqtt',
      msg: 'MQTT connection lost; reconnecting',
      url: 'mqtt://127.0.0.1:1883',
      retry_ms: 250,
      note: 'two words',
    });
    expect(prettyLine(line, false)).toBe(
      '12:03:04.512 WARN  [mqtt] MQTT connection lost; reconnecting url=mqtt://127.0.0.1:1883 retry_ms=250 note="two words"',
    );
  });

  it('writes pretty lines through the logger when asked, still redacted', () => {
    const out = new LogCapture();
    const log = createLogger('info', out, 'pretty');
    log.child({ part: 'auth' }).info({ password: 'hunter2hunter2', user: 'ann' }, 'login');
    expect(out.lines).toHaveLength(1);
    expect(out.lines[0]).toMatch(
      /^\d\d:\d\d:\d\d\.\d{3} INFO {2}\[auth\] login password=\[redacted\] user=ann$/,
    );
  });

  it('keeps JSON lines for machines', () => {
    const out = new LogCapture();
    createLogger('info', out, 'json').info('hello');
    expect(JSON.parse(out.lines[0]!).msg).toBe('hello');
  });
});
