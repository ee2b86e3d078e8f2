import { hostname } from 'node:os';
import { parseArgs } from 'node:util';
import { SystemClock } from '../clock.js';
import { ConfigError, loadConfig, type Config } from '../config/index.js';
import { AppError } from '../errors.js';
import { HomeLicense } from '../license/index.js';
import { createLogger, type Logger } from '../log.js';
import { SqliteStore, type UserRole } from '../store/index.js';
import { VERSION } from '../version.js';
import { createInvite, createUser, ROLES } from './accounts.js';
import { backupDirOf, listBackups } from '../backups/index.js';
import { backupDataDir, CliError, restoreDataDir, restoreOwnership } from './backup.js';

const USAGE = `hearth ${VERSION}: the Hearth smart-home service and its admin commands.
Settings come from the environment (HEARTH_DATA_DIR, ...) or HEARTH_CONFIG, as for the service.

  hearth start                                   run the service
  hearth user create --username U [--admin | --role admin|user|viewer]
                                                 create an active account; the password is read from stdin
  hearth invite create --role admin|user|viewer [--hours 72] [--max-uses 1]
                                                 print an invite code and its registration link
  hearth license activate --server URL --key KEY activate a license for this home
  hearth license status                          show the license state (verified offline)
  hearth backup [--out FILE]                     one .tar.gz of the data dir, safe while running
  hearth backup --list                           the automatic backups, newest first
  hearth restore FILE | --latest                 replace the data dir by a backup (service stopped)
  hearth version

The commands work on the data dir directly, whether the service runs or not.`;

/** Runs one CLI command; returns the exit code (0 ok, 1 failed, 2 usage or configuration error). */
export async function runCli(
  argv: string[],
  io: { out: (s: string) => void; err: (s: string) => void } = {
    out: (s) => process.stdout.write(s + '\n'),
    err: (s) => process.stderr.write(s + '\n'),
  },
): Promise<number> {
  const [command, sub] = argv;
  try {
    switch (command) {
      case 'start':
        await import('../main.js');
        return -1; // the service keeps the process alive and exits by itself
      case 'user':
        if (sub !== 'create') break;
        return await withStore(async (store, config) => {
          const { values } = parseArgs({
            args: argv.slice(2),
            options: {
              username: { type: 'string' },
              role: { type: 'string' },
              admin: { type: 'boolean' },
              'password-stdin': { type: 'boolean' },
            },
          });
          if (!values.username) throw new UsageError('--username is required');
          const role = values.admin ? 'admin' : parseRole(values.role ?? 'user');
          const password = await readPassword();
          const user = await createUser(store, { username: values.username, password, role });
          io.out(`created ${user.role} "${user.username}" (id ${user.id}) in ${config.data_dir}`);
          return 0;
        });
      case 'invite':
        if (sub !== 'create') break;
        return await withStore(async (store, config) => {
          const { values } = parseArgs({
            args: argv.slice(2),
            options: { role: { type: 'string' }, hours: { type: 'string' }, 'max-uses': { type: 'string' } },
          });
          if (!values.role) throw new UsageError('--role is required');
          const invite = await createInvite(store, {
            role: parseRole(values.role),
            hours: parseInteger(values.hours ?? '72', 'hours', 1, 24 * 365),
            maxUses: parseInteger(values['max-uses'] ?? '1', 'max-uses', 1, 1000),
          });
          const base = config.public_url ?? `http://${hostname()}:${config.port}`;
          io.out(`code: ${invite.code}`);
          io.out(`link: ${base.replace(/\/+$/, '')}/?invite=${invite.code}`);
          io.out(`role: ${invite.role}, uses: ${invite.max_uses}, expires: ${invite.expires_at}`);
          return 0;
        });
      case 'license':
        if (sub !== 'activate' && sub !== 'status') break;
        return await withStore(async (store, _config, log) => {
          const license = new HomeLicense({
            store,
            clock: new SystemClock(),
            log: log.child({ part: 'license' }),
          });
          let status;
          if (sub === 'activate') {
            const { values } = parseArgs({
              args: argv.slice(2),
              options: { server: { type: 'string' }, key: { type: 'string' } },
            });
            if (!values.server || !values.key)
              throw new UsageError('--server URL and --key KEY are required');
            if (!/^https?:\/\//.test(values.server))
              throw new UsageError('--server must be an http:// or https:// URL');
            status = await license.activate(values.server, values.key);
          } else {
            status = await license.status({ withKey: true });
          }
          io.out(
            `license: ${status.state}${status.customer ? ` (${status.customer})` : ''}${status.state === 'valid' ? `, valid until ${status.valid_until ?? 'no end date'}` : ''}`,
          );
          io.out(`home_id: ${status.home_id}`);
          if (status.reason) io.out(`reason: ${status.reason}`);
          return sub === 'status' || status.state === 'valid' ? 0 : 1;
        });
      case 'backup': {
        const { values } = parseArgs({
          args: argv.slice(1),
          options: { out: { type: 'string', short: 'o' }, list: { type: 'boolean' } },
        });
        const config = readConfig();
        if (values.list) {
          const dir = backupDirOf(config);
          const found = listBackups(dir);
          if (found.length === 0) io.out(`no automatic backups in ${dir}`);
          for (const b of found)
            io.out(`${b.created_at}  ${b.reason.padEnd(22)} ${String(b.bytes).padStart(10)}  ${b.file}`);
          return 0;
        }
        const out = values.out ?? `hearth-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`;
        const result = await backupDataDir(config.data_dir, out, VERSION);
        restoreOwnership(config.data_dir);
        io.out(`backup written: ${result.file} (${result.bytes} bytes)`);
        return 0;
      }
      case 'restore': {
        const { positionals, values } = parseArgs({
          args: argv.slice(1),
          allowPositionals: true,
          options: { latest: { type: 'boolean' } },
        });
        if (positionals.length !== (values.latest ? 0 : 1))
          throw new UsageError('restore takes one backup file, or --latest for the newest automatic backup');
        const config = readConfig();
        let archive = positionals[0];
        if (values.latest) {
          archive = listBackups(backupDirOf(config))[0]?.file;
          if (!archive) throw new CliError(`There is no automatic backup in ${backupDirOf(config)}.`);
        }
        const result = await restoreDataDir(config.data_dir, archive!);
        io.out(
          `restored ${config.data_dir} from ${archive}${result.previous ? `; the previous data is kept in ${result.previous}` : ''}`,
        );
        return 0;
      }
      case 'version':
      case '--version':
        io.out(VERSION);
        return 0;
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        io.out(USAGE);
        return 0;
    }
    throw new UsageError(`unknown command: ${argv.join(' ')}`);
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`hearth: ${err.message}\n\n${USAGE}`);
      return 2;
    }
    if (err instanceof ConfigError) {
      io.err(`hearth: ${err.message}`);
      return 2;
    }
    if (err instanceof TypeError && (err as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS')) {
      io.err(`hearth: ${err.message}`);
      return 2;
    }
    if (err instanceof CliError) {
      io.err(`hearth: ${err.message}`);
      return 1;
    }
    if (err instanceof AppError) {
      io.err(`hearth: ${err.message} (${err.code})`);
      return 1;
    }
    throw err;
  }
}

class UsageError extends Error {}

function readConfig(): Config {
  return loadConfig();
}

/** Opens the data dir's database as a second connection (WAL lets the running service go on) and closes it after. */
async function withStore(
  fn: (store: SqliteStore, config: Config, log: Logger) => Promise<number>,
): Promise<number> {
  const config = readConfig();
  // Quiet by default: the CLI's own output goes to stdout, log lines only when asked for.
  const log = createLogger(process.env.HEARTH_LOG_LEVEL ? config.log_level : 'warn', process.stderr);
  const store = new SqliteStore(config.data_dir, log.child({ part: 'store' }), config);
  try {
    return await fn(store, config, log);
  } finally {
    await store.close();
    restoreOwnership(config.data_dir);
  }
}

function parseRole(value: string): UserRole {
  if (!(ROLES as string[]).includes(value)) throw new UsageError(`--role must be one of ${ROLES.join(', ')}`);
  return value as UserRole;
}

function parseInteger(value: string, name: string, min: number, max: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new UsageError(`--${name} must be an integer from ${min} to ${max}`);
  return n;
}

/** The first line of standard input (a prompt is shown when it is a terminal). */
async function readPassword(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('Password: ');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) {
    chunks.push(chunk as Buffer);
    if (process.stdin.isTTY && Buffer.concat(chunks).includes(10)) break;
  }
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
}
