import { pino, type Logger } from 'pino';
import type { LogLevel } from './config/index.js';
import { prettyStream } from './log-pretty.js';

export type LogFormat = 'auto' | 'json' | 'pretty';

export type { Logger };

/**
 * The one root logger. Parts take a child (`log.child({ part: 'auth' })`). Anything that looks
 * like a credential is redacted even if a caller logs it by mistake.
 */
export function createLogger(
  level: LogLevel,
  destination?: NodeJS.WritableStream,
  format: LogFormat = 'auto',
): Logger {
  // JSON for machines (journald, files, pipes); readable lines when a person watches a terminal.
  // `isTTY` is typed `boolean` but is undefined when stdout is a pipe or file.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-conversion -- see above
  const pretty = format === 'pretty' || (format === 'auto' && !destination && Boolean(process.stdout.isTTY));
  const out = pretty ? prettyStream(destination ?? process.stdout) : destination;
  return pino(
    {
      level,
      base: { service: 'hearth' },
      redact: {
        paths: [
          'password',
          '*.password',
          'new_password',
          '*.new_password',
          'current_password',
          '*.current_password',
          'token',
          '*.token',
          'access_token',
          '*.access_token',
          'authorization',
          '*.authorization',
          'req.headers.authorization',
          'headers.authorization',
          'secret',
          '*.secret',
          'api_key',
          '*.api_key',
          'llm_api_key',
          '*.llm_api_key',
          'mqtt_password',
          '*.mqtt_password',
          'mqtt_broker_password',
          '*.mqtt_broker_password',
          'invite',
          '*.invite',
          'key',
          '*.key',
        ],
        censor: '[redacted]',
      },
    },
    out as never,
  );
}
