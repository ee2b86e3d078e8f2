import type { AuthService } from './auth/index.js';
import type { EventBus } from './bus.js';
import type { Clock } from './clock.js';
import type { Config } from './config/index.js';
import type { Logger } from './log.js';
import type { Store } from './store/index.js';

/** The one typed context every part receives from the composition root (`app.ts`). */
export interface CoreContext {
  config: Config;
  version: string;
  log: Logger;
  clock: Clock;
  bus: EventBus;
  store: Store;
  auth: AuthService;
}

/** A part of the system with a lifecycle; `app.ts` starts parts in order and stops them in reverse. */
export interface Part {
  readonly name: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}
