import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Why an automatic backup was made; part of its file name. */
export type BackupReason = 'daily' | `before-migration-${number}`;

export interface BackupFile {
  file: string;
  name: string;
  created_at: string;
  reason: string;
  bytes: number;
}

const NAME = /^hearth-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z)-([a-z0-9-]+)\.tar\.gz$/;

/** `hearth-2026-01-02T03-00-00-000Z-daily.tar.gz`: sortable by name, the time in UTC. */
export function backupName(at: number, reason: BackupReason): string {
  return `hearth-${new Date(at).toISOString().replace(/[:.]/g, '-')}-${reason}.tar.gz`;
}

/** The automatic backups in `dir`, newest first (none when the folder does not exist). */
export function listBackups(dir: string): BackupFile[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const out: BackupFile[] = [];
  for (const name of names) {
    const m = NAME.exec(name);
    if (!m) continue;
    const [date, time] = m[1]!.split('T') as [string, string];
    const t = time.replace(/^(\d{2})-(\d{2})-(\d{2})-(\d{3})Z$/, '$1:$2:$3.$4Z');
    const file = join(dir, name);
    out.push({ file, name, created_at: `${date}T${t}`, reason: m[2]!, bytes: statSync(file).size });
  }
  return out.sort((a, b) => b.name.localeCompare(a.name));
}

/** Deletes all but the newest `keep` automatic backups; returns the deleted files. */
export function pruneBackups(dir: string, keep: number): string[] {
  const old = listBackups(dir).slice(keep);
  for (const b of old) rmSync(b.file, { force: true });
  return old.map((b) => b.file);
}
