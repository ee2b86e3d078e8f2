import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { apiRequest, tempDataDir } from '../../src/test-support/harness.js';
import { startServiceProcess, type ServiceProcess } from '../../src/test-support/process.js';

/**
 * What the fault scenarios share: a real Hearth process per start (through tsx, as
 * test/foundation/restart.test.ts does), loopback only, cleaned up after the file.
 */
export class FaultBench {
  private readonly children: ServiceProcess[] = [];
  private readonly dirs: string[] = [];

  dataDir(): string {
    const d = tempDataDir();
    this.dirs.push(d);
    return d;
  }

  /** A Hearth process on 127.0.0.1, its embedded broker on a free loopback port, the demo home in-process. */
  async start(
    env: Record<string, string>,
    timeoutMs = 45_000,
    prefix: string[] = [],
  ): Promise<ServiceProcess> {
    const svc = await startServiceProcess(
      {
        HEARTH_MQTT_BROKER_HOST: '127.0.0.1',
        HEARTH_MQTT_BROKER_PORT: '0',
        HEARTH_DEMO_TRANSPORT: 'in-process',
        ...env,
      },
      timeoutMs,
      prefix,
    );
    this.children.push(svc);
    return svc;
  }

  async stop(svc: ServiceProcess): Promise<void> {
    if (svc.child.exitCode !== null || svc.child.signalCode !== null) return;
    svc.child.kill('SIGTERM');
    await svc.exited;
  }

  cleanup(): void {
    for (const c of this.children)
      if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGKILL');
    for (const d of this.dirs) rmSync(d, { recursive: true, force: true });
  }
}

export const PASSWORD = 'correct horse battery';

/** Registers the first user (the admin) and returns its token. */
export async function firstAdmin(url: string): Promise<string> {
  const reg = await apiRequest(url, 'POST', '/api/auth/register', {
    body: { username: 'owner', password: PASSWORD },
  });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${JSON.stringify(reg.body)}`);
  return reg.body.access_token as string;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A small tmpfs that only Hearth sees: a holder process in its own mount namespace mounts it,
 * Hearth joins that namespace through `nsenter`, and the test reaches the files through
 * `/proc/<holder>/root`. Killing the holder takes the mount with it, so nothing is left on the
 * host. Needs root (CI runs as root); `undefined` with the reason otherwise.
 */
export interface SmallDisk {
  /** The mount point as Hearth sees it (use as HEARTH_DATA_DIR). */
  dir: string;
  /** The same directory as this process sees it. */
  outside: string;
  /** Prefix for the service command so it runs in the namespace. */
  prefix: string[];
  /** Fills the disk with a filler file to the last byte. */
  fill(): void;
  /** Deletes the filler (space returns). */
  free(): void;
  close(): void;
}

export async function smallDisk(sizeMb: number): Promise<SmallDisk | string> {
  if (process.platform !== 'linux') return 'needs Linux mount namespaces';
  if (process.getuid?.() !== 0)
    return 'needs root to mount a tmpfs (run the fault suite as root, as CI does)';
  const { mkdtempSync, openSync, writeSync, closeSync, rmSync } = await import('node:fs');
  const { spawn } = await import('node:child_process');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(join(tmpdir(), 'hearth-full-disk-'));
  const holder = spawn(
    'unshare',
    [
      '-m',
      '--propagation',
      'private',
      'sh',
      '-c',
      `mount -t tmpfs -o size=${sizeMb}m,mode=0750 hearth-fault "$0" && echo mounted && exec sleep 100000`,
      dir,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let err = '';
  holder.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const ok = await new Promise<boolean>((resolve) => {
    holder.stdout.once('data', () => resolve(true));
    holder.once('exit', () => resolve(false));
    holder.once('error', () => resolve(false));
  });
  if (!ok) {
    rmSync(dir, { recursive: true, force: true });
    return `could not mount a tmpfs in a private mount namespace (unshare -m): ${err.trim() || 'no unshare'}`;
  }
  const outside = `/proc/${holder.pid}/root${dir}`;
  const filler = join(outside, 'filler');
  return {
    dir,
    outside,
    prefix: ['nsenter', '-t', String(holder.pid), '-m', `--wd=${process.cwd()}`, '--'],
    fill() {
      const fd = openSync(filler, 'a');
      const chunk = Buffer.alloc(64 * 1024, 7);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOSPC') throw e;
      }
      // The last partial chunk: byte by byte until nothing fits.
      try {
        for (;;) writeSync(fd, chunk, 0, 512);
      } catch {
        /* full */
      }
      try {
        for (;;) writeSync(fd, chunk, 0, 1);
      } catch {
        /* full */
      }
      closeSync(fd);
    },
    free() {
      rmSync(filler, { force: true });
    },
    close() {
      holder.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
