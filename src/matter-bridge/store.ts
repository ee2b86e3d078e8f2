import { randomInt } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ExposeFilter } from './selection.js';

/**
 * What the bridge keeps in `<data dir>/matter-bridge/` besides matter.js' own storage: its
 * commissioning secret (passcode and discriminator, generated on first start, 0600), the admin's
 * settings, and one endpoint number per entity ever bridged — so a controller keeps its rooms and
 * automations across restarts, and an entity that comes back gets its old number.
 */

/** Passcodes the Matter specification forbids (5.1.7.1); matter.js refuses them. */
const FORBIDDEN_PASSCODES = new Set([
  0, 11111111, 22222222, 33333333, 44444444, 55555555, 66666666, 77777777, 88888888, 99999999, 12345678,
  87654321,
]);

export function generatePasscode(): number {
  for (;;) {
    const p = randomInt(1, 99999999);
    if (!FORBIDDEN_PASSCODES.has(p)) return p;
  }
}

export interface BridgeSecret {
  passcode: number;
  discriminator: number;
}

/**
 * What the bridge's service identity may do with the exposed entities: `control` acts like a
 * Hearth `user` (reads and commands), `read_only` like a `viewer` (controllers see state; their
 * commands and writes are refused with a Matter status and change nothing).
 */
export type BridgeAccess = 'control' | 'read_only';

export interface BridgeSettings {
  enabled: boolean;
  expose: ExposeFilter;
  access: BridgeAccess;
}

/** The first endpoint number a bridged entity gets; 0 is the root, 1 the Aggregator. */
export const FIRST_BRIDGED_ENDPOINT = 2;
export const AGGREGATOR_ENDPOINT = 1;

export class BridgeStore {
  readonly dir: string;
  private numbers: Record<string, number> | undefined;

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'matter-bridge');
  }

  get storageDir() {
    return join(this.dir, 'storage');
  }

  private read(name: string): unknown {
    const file = join(this.dir, name);
    if (!existsSync(file)) return undefined;
    return JSON.parse(readFileSync(file, 'utf8'));
  }

  /** Written whole through a temporary file: a kill -9 leaves the old or the new file, never half. */
  private write(name: string, value: unknown) {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const file = join(this.dir, name);
    writeFileSync(`${file}.tmp`, JSON.stringify(value, null, 2), { mode: 0o600 });
    renameSync(`${file}.tmp`, file);
    chmodSync(file, 0o600);
  }

  secret(): BridgeSecret {
    const stored = this.read('secret.json') as BridgeSecret | undefined;
    if (stored) return stored;
    const secret = { passcode: generatePasscode(), discriminator: randomInt(0, 4096) };
    this.write('secret.json', secret);
    return secret;
  }

  settings(): BridgeSettings {
    const stored = this.read('settings.json') as Partial<BridgeSettings> | undefined;
    // Files written before `access` existed meant control.
    return { enabled: false, expose: {}, access: 'control', ...stored };
  }

  saveSettings(settings: BridgeSettings) {
    this.write('settings.json', settings);
  }

  /** The entity's endpoint number, assigned (and stored) the first time it is bridged. */
  endpointNumber(entityId: string): number {
    this.numbers ??= (this.read('endpoints.json') as Record<string, number> | undefined) ?? {};
    const known = this.numbers[entityId];
    if (known !== undefined) return known;
    const next = Math.max(FIRST_BRIDGED_ENDPOINT - 1, ...Object.values(this.numbers)) + 1;
    this.numbers[entityId] = next;
    this.write('endpoints.json', this.numbers);
    return next;
  }
}
