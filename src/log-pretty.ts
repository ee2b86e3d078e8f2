import { Writable } from 'node:stream';

/**
 * Human-readable log lines for a terminal (issue 17 §7): pino writes JSON, this turns each line
 * into `12:03:04.512 INFO  [mqtt] MQTT connected url=mqtt://127.0.0.1:1883`. Synchronous and
 * without a worker thread (unlike a pino transport), so nothing is lost when Hearth exits.
 * Redaction has already happened in pino: this only changes the layout.
 */
const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};
const COLOURS: Record<number, string> = { 10: '90', 20: '36', 30: '32', 40: '33', 50: '31', 60: '35' };
const SKIP = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'service', 'part']);

export function prettyLine(json: string, colour: boolean): string {
  let o: Record<string, unknown>;
  try {
    o = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const level = typeof o.level === 'number' ? o.level : 30;
  const time = typeof o.time === 'number' ? new Date(o.time).toISOString().slice(11, 23) : '';
  const name = LEVELS[level] ?? String(level);
  const tag = colour ? `\x1b[${COLOURS[level] ?? '0'}m${name}\x1b[0m` : name;
  const part = typeof o.part === 'string' ? ` [${o.part}]` : '';
  const fields: string[] = [];
  let stack = '';
  for (const [k, v] of Object.entries(o)) {
    if (SKIP.has(k) || v === undefined) continue;
    if (k === 'err' && typeof v === 'object' && v !== null) {
      const e = v as { message?: string; stack?: string };
      fields.push(`err=${JSON.stringify(e.message ?? '')}`);
      if (e.stack) stack = `\n    ${e.stack.split('\n').slice(1, 6).join('\n    ')}`;
      continue;
    }
    fields.push(`${k}=${typeof v === 'string' && !/\s/.test(v) ? v : JSON.stringify(v)}`);
  }
  return `${time} ${tag}${part} ${typeof o.msg === 'string' ? o.msg : ''}${fields.length ? ' ' + fields.join(' ') : ''}${stack}`;
}

/** A stream pino can write to that prints pretty lines to `out`. */
export function prettyStream(out: NodeJS.WritableStream & { isTTY?: boolean }): Writable {
  let rest = '';
  const colour = out.isTTY === true && !process.env.NO_COLOR;
  return new Writable({
    write(chunk: Buffer | string, _enc, done) {
      const text = rest + chunk.toString();
      const lines = text.split('\n');
      rest = lines.pop() ?? '';
      if (lines.length) out.write(lines.map((l) => prettyLine(l, colour)).join('\n') + '\n');
      done();
    },
  });
}
