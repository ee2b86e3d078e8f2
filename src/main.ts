import { ConfigError, loadConfig } from './config/index.js';

/** Entry point: read config, build the app, start, stop cleanly on SIGINT/SIGTERM. */
async function main() {
  // Everything Hearth writes (database, keys, backups, voice models) is for its own user only.
  process.umask(0o077);
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`hearth: ${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  // The app's modules load only once the settings are valid: a mistake is answered at once.
  const { createApp } = await import('./app.js');
  const app = await createApp({ config });
  const url = await app.start();
  process.stderr.write(`Hearth ${app.ctx.version} is running: open ${url}\n`);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.ctx.log.info({ signal }, 'stopping');
    // A hung part must not keep the process alive forever.
    setTimeout(() => {
      app.ctx.log.error('shutdown took longer than 5 s; exiting anyway');
      process.exit(1);
    }, 5000).unref();
    app.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        app.ctx.log.error({ err }, 'error while stopping');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  process.stderr.write(`hearth: failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
