// `npm run checks`: type-check, format check and lint side by side (each is one single-threaded
// process, so together they take about as long as the slowest, the type-aware lint, instead of the
// sum). Each one's output is printed whole when it ends; the exit code is the first failure's.
import { spawn } from 'node:child_process';

const CHECKS = [
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['format', 'npm', ['run', '--silent', 'format:check']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
];

const started = Date.now();
const results = await Promise.all(
  CHECKS.map(
    ([name, cmd, args]) =>
      new Promise((resolve) => {
        const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        child.stdout.on('data', (d) => (out += d));
        child.stderr.on('data', (d) => (out += d));
        child.on('close', (code) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(0);
          process.stdout.write(`${code === 0 ? '✓' : '✗'} ${name} (${seconds} s)\n${code === 0 ? '' : out}`);
          resolve(code ?? 1);
        });
      }),
  ),
);
process.exitCode = results.find((code) => code !== 0) ?? 0;
