import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository root (this file is src/test-support/process.ts). */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface ServiceProcess {
  child: ChildProcess;
  /** Base URL (127.0.0.1 and the port the service printed). */
  url: string;
  stderr: () => string;
  stdout: () => string;
  /** Resolves with the exit code (or signal name) once the process has ended. */
  exited: Promise<number | string>;
}

/**
 * Runs `src/main.ts` as a real child process (through tsx, so no build step is needed) with
 * only the given settings, and waits until it prints the address it listens on. With
 * HEARTH_PORT=0 the kernel picks the port and the "open http://…" line tells us which.
 */
export function runMain(
  env: Record<string, string>,
  /** A command to run the service under (e.g. `nsenter -t PID -m --`), so it sees another mount namespace. */
  prefix: string[] = [],
): {
  child: ChildProcess;
  exited: Promise<number | string>;
  stderr: () => string;
  stdout: () => string;
} {
  const argv = [...prefix, process.execPath, '--import', 'tsx', 'src/main.ts'];
  const child = spawn(argv[0]!, argv.slice(1), {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  return { child, exited, stderr: () => err, stdout: () => out };
}

export async function startServiceProcess(
  env: Record<string, string>,
  timeoutMs = 20_000,
  prefix: string[] = [],
): Promise<ServiceProcess> {
  const run = runMain(
    { HEARTH_HOST: '127.0.0.1', HEARTH_PORT: '0', HEARTH_LOG_LEVEL: 'warn', ...env },
    prefix,
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`service did not start: ${run.stderr()}`)), timeoutMs);
    const check = () => {
      const m = /open (http:\/\/[^:\s]+:(\d+))/.exec(run.stderr());
      if (m) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${m[2]}`);
      }
    };
    run.child.stderr!.on('data', check);
    void run.exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`service exited (${code}) before listening: ${run.stderr()}`));
    });
  });
  return { ...run, url };
}
