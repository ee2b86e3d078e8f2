import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeDurably } from '../../durable-file.js';

/** Where integrations keep their state: `<data dir>/integrations/<id>/` (inside `hearth backup`). */
export const INTEGRATIONS_DIR = 'integrations';

const NAME = /^[a-z0-9][a-z0-9._-]{0,99}$/;

/**
 * One integration's private directory: devices, addresses and credentials. The directory is
 * 0700 and every file 0600 (only Hearth's user reads them); writes go to a temporary file that is
 * fsynced and renamed over the old one, so an answered pairing survives kill -9 and a crash never
 * leaves half a file.
 */
export class IntegrationStorage {
  readonly dir: string;

  constructor(dataDir: string, integrationId: string) {
    if (!NAME.test(integrationId)) throw new Error(`invalid integration id "${integrationId}"`);
    this.dir = join(dataDir, INTEGRATIONS_DIR, integrationId);
  }

  /** True when the integration has saved anything: it then loads at start. */
  hasData(): boolean {
    try {
      return readdirSync(this.dir).some((f) => !f.startsWith('.'));
    } catch {
      return false;
    }
  }

  /** The directory, created 0700 (parents too) if missing; for integrations that keep more than JSON. */
  ensureDir(): string {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    chmodSync(this.dir, 0o700);
    return this.dir;
  }

  /** The path of a file in the directory (the name is checked: no separators, no dot files). */
  path(name: string): string {
    if (!NAME.test(name)) throw new Error(`invalid storage file name "${name}"`);
    return join(this.dir, name);
  }

  /** The file's JSON, `undefined` when there is none: the caller names the shape it wrote. */
  readJson(name: string): unknown {
    const file = this.path(name);
    if (!existsSync(file)) return undefined;
    return JSON.parse(readFileSync(file, 'utf8')) as unknown;
  }

  writeJson(name: string, value: unknown): void {
    this.writeFile(name, JSON.stringify(value, null, 2) + '\n');
  }

  writeFile(name: string, data: string | Uint8Array): void {
    this.ensureDir();
    const file = this.path(name);
    writeDurably(file, join(this.dir, `.${name}.tmp`), data, { syncDir: true });
  }

  remove(name: string): void {
    rmSync(this.path(name), { force: true, recursive: true });
  }
}
