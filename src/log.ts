import { pino, type Logger } from 'pino';
import type { LogLevel } from './config/index.js';

export type { Logger };

/**
 * The one root logger. Parts take a child (`log.child({ part: 'auth' })`). Anything that looks
 * like a credential is redacted even if a caller logs it by mistake.
 */
export function createLogger(level: LogLevel, destination?: NodeJS.WritableStream): Logger {
  return pino(
    {
      level,
      base: { service: 'hearth' },
      redact: {
        paths: [
          'password', '*.password', 'new_password', '*.new_password', 'current_password', '*.current_password',
          'token', '*.token', 'access_token', '*.access_token', 'authorization', '*.authorization',
          'req.headers.authorization', 'headers.authorization', 'secret', '*.secret', 'api_key', '*.api_key', 'llm_api_key', '*.llm_api_key',
        ],
        censor: '[redacted]',
      },
    },
    destination as never,
  );
}
