import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Logger } from '../log.js';

const run = promisify(execFile);

/**
 * Node options the service runs with (package.json `start`, the systemd unit): V8's young
 * generation capped at 2 MB semi-spaces instead of 16 MB keeps ~40 MB of short-lived garbage out
 * of RSS on a Raspberry Pi (bench/RESULTS.md, "Memory").
 */
export const HEARTH_NODE_FLAGS = '--max-semi-space-size=2';

/** The package root (where package.json is): `src/license/` and `dist/license/` both sit two levels below it. */
export const PACKAGE_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** True when this process runs the TypeScript sources (tests, `npm run dev`) rather than the built `dist/`. */
const RUNNING_FROM_SOURCE = fileURLToPath(import.meta.url).includes(`${sep}src${sep}license${sep}`);

interface PackageJson {
  version: string;
  files?: string[];
  scripts?: Record<string, string>;
  [k: string]: unknown;
}

/**
 * Builds the release tarball that `GET /install/hearth.tgz` serves: the running version, packed
 * with `npm pack` once per process (lazily, at the first request) into `<data dir>/release/`.
 *
 * The tarball holds what package.json's `files` lists (dist/, bin/, README.md) plus the lockfile
 * as npm-shrinkwrap.json, so a home's `npm ci --omit=dev` installs exactly the tested versions.
 * It is packed from a staging copy, never from the checkout itself: a checkout (tests, dev) has
 * its dist/ compiled fresh from src/ there; an installed license server copies its own dist/.
 */
export class ReleaseBuilder {
  private building: Promise<string> | undefined;

  constructor(
    private readonly opts: { cacheDir: string; version: string; log: Logger; packageRoot?: string },
  ) {}

  /** Path of the tarball, building it on first call; a failed build is retried by the next call. */
  tarball(): Promise<string> {
    this.building ??= this.build().catch((err: unknown) => {
      this.building = undefined;
      throw err;
    });
    return this.building;
  }

  get fileName(): string {
    return `hearth-${this.opts.version}.tgz`;
  }

  private async build(): Promise<string> {
    const root = this.opts.packageRoot ?? PACKAGE_ROOT;
    const started = Date.now();
    mkdirSync(this.opts.cacheDir, { recursive: true });
    // Staging dirs left behind by a process that died mid-build.
    for (const entry of readdirSync(this.opts.cacheDir)) {
      if (entry.startsWith('stage-'))
        rmSync(join(this.opts.cacheDir, entry), { recursive: true, force: true });
    }
    const stage = mkdtempSync(join(this.opts.cacheDir, 'stage-'));
    try {
      const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as PackageJson;
      const files = pkg.files ?? ['dist', 'bin', 'README.md'];
      for (const entry of files) {
        if (entry === 'dist' && RUNNING_FROM_SOURCE && existsSync(join(root, 'tsconfig.build.json'))) {
          await compile(root, join(stage, 'dist'));
        } else if (existsSync(join(root, entry))) {
          cpSync(join(root, entry), join(stage, entry), { recursive: true });
        } else if (entry === 'dist') {
          throw new Error(`${join(root, 'dist')} is missing; run "npm run build" first`);
        }
      }
      // The installed copy runs dist/ directly: build scripts would need the dev tools it lacks.
      const lock = ['npm-shrinkwrap.json', 'package-lock.json']
        .map((f) => join(root, f))
        .find((f) => existsSync(f));
      if (lock)
        writeFileSync(
          join(stage, 'npm-shrinkwrap.json'),
          JSON.stringify(productionLock(JSON.parse(readFileSync(lock, 'utf8')) as Lockfile), null, 2) + '\n',
        );
      const { devDependencies: _dev, ...runtime } = pkg;
      const packed = {
        ...runtime,
        files: [...new Set([...files, ...(lock ? ['npm-shrinkwrap.json'] : [])])],
        scripts: { start: `node ${HEARTH_NODE_FLAGS} dist/main.js` },
      };
      writeFileSync(join(stage, 'package.json'), JSON.stringify(packed, null, 2) + '\n');

      const { stdout } = await run(
        'npm',
        ['pack', '--json', '--ignore-scripts', '--pack-destination', stage],
        {
          cwd: stage,
          maxBuffer: 32 * 1024 * 1024,
          env: { ...process.env, npm_config_update_notifier: 'false' },
        },
      );
      const result = (JSON.parse(stdout) as { filename: string }[])[0];
      if (!result) throw new Error('npm pack reported no tarball');
      const target = join(this.opts.cacheDir, this.fileName);
      renameSync(join(stage, result.filename), target);
      this.opts.log.info({ file: target, ms: Date.now() - started }, 'release tarball built');
      return target;
    } finally {
      rmSync(stage, { recursive: true, force: true });
    }
  }
}

async function compile(root: string, outDir: string) {
  const tsc = createRequire(join(root, 'package.json')).resolve('typescript/bin/tsc');
  try {
    await run(
      process.execPath,
      [tsc, '-p', join(root, 'tsconfig.build.json'), '--outDir', outDir, '--sourceMap', 'false'],
      { cwd: root, maxBuffer: 32 * 1024 * 1024 },
    );
  } catch (err) {
    const out = (err as { stdout?: string }).stdout ?? '';
    throw new Error(`compiling the release failed: ${out.slice(0, 2000) || (err as Error).message}`);
  }
}

interface Lockfile {
  packages?: Record<string, { dev?: boolean; devDependencies?: unknown; [k: string]: unknown }>;
  dependencies?: unknown;
  [k: string]: unknown;
}

/**
 * The lockfile without development packages. A home installs with `npm ci --omit=dev`, which
 * still checks the whole lock against package.json; dropping the dev side from both keeps that
 * check about what the home really installs (and off platform-specific dev tooling).
 */
export function productionLock(lock: Lockfile): Lockfile {
  const packages: NonNullable<Lockfile['packages']> = {};
  for (const [path, entry] of Object.entries(lock.packages ?? {})) {
    if (entry.dev === true) continue;
    if (path === '') {
      const { devDependencies: _dev, ...root } = entry;
      packages[path] = root;
    } else {
      packages[path] = entry;
    }
  }
  const { dependencies: _v1, ...rest } = lock;
  return { ...rest, packages };
}
