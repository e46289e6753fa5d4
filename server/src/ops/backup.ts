import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { AppConfig } from '../config.ts';

const run = promisify(execFile);

/** What a backup folder holds, written last (a folder without it is not a finished backup). */
export interface BackupManifest {
  format: 1;
  engine: 'sqlite' | 'postgres';
  /** When the copy of the database was taken (ms). */
  takenAt: number;
  /** The database copy, in the folder. */
  database: string;
  /** `uploads`: the files are in the folder; `s3`: they stay in the bucket (keep it versioned). */
  uploads: 'uploads' | 's3';
  files: number;
}

const MANIFEST = 'manifest.json';
const SQLITE_COPY = 'gomeum.sqlite';
const PG_COPY = 'database.pgdump';

/** The SQLite file of a configuration. */
function sqliteFile(config: Pick<AppConfig, 'dataDir' | 'sqliteFile'>): string {
  return config.sqliteFile ?? path.join(config.dataDir, 'gomeum.sqlite');
}

/** Copies the uploads folder, skipping files still being written (they are renamed when done). */
function copyUploads(from: string, to: string): number {
  if (!fs.existsSync(from)) return 0;
  let files = 0;
  fs.cpSync(from, to, {
    recursive: true,
    filter: (source) => {
      if (source.endsWith('.tmp') || path.basename(source).startsWith('.probe-')) return false;
      // Each file has a `.type` beside it (its content type): count the files themselves.
      if (!source.endsWith('.type') && fs.statSync(source).isFile()) files += 1;
      return true;
    },
  });
  return files;
}

/** An empty folder to write into (made when missing); refuses one with anything in it. */
function emptyFolder(dir: string): void {
  fs.mkdirSync(dir, { recursive: true });
  if (fs.readdirSync(dir).length > 0) throw new Error(`${dir} is not empty`);
}

/**
 * A consistent copy of everything Gomeum keeps, taken while the app runs: the database first
 * (SQLite's online backup API, or `pg_dump`), then the uploads (files are written once under new
 * names, so every file the copied database names is already there). S3 uploads stay in the bucket.
 */
export async function backup(config: AppConfig, dir: string): Promise<BackupManifest> {
  emptyFolder(dir);
  const takenAt = Date.now();
  let manifest: BackupManifest;
  if (config.databaseUrl) {
    const args = ['--format=custom', '--no-owner', `--file=${path.join(dir, PG_COPY)}`];
    if (config.databaseSchema) args.push(`--schema=${config.databaseSchema}`);
    await run('pg_dump', [...args, config.databaseUrl], { maxBuffer: 1 << 20 });
    manifest = { format: 1, engine: 'postgres', takenAt, database: PG_COPY, uploads: 'uploads', files: 0 };
  } else {
    const source = new SQLite(sqliteFile(config), { fileMustExist: true });
    try {
      // After the first step, everything left in one step: a copy that writers (in WAL mode, on
      // other connections) cannot make start over.
      await source.backup(path.join(dir, SQLITE_COPY), { progress: () => 0x7fffffff });
    } finally {
      source.close();
    }
    manifest = { format: 1, engine: 'sqlite', takenAt, database: SQLITE_COPY, uploads: 'uploads', files: 0 };
  }
  if (config.storage.driver === 's3') manifest.uploads = 's3';
  else manifest.files = copyUploads(path.join(config.dataDir, 'uploads'), path.join(dir, 'uploads'));
  fs.writeFileSync(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Reads a finished backup's manifest. */
export function readManifest(dir: string): BackupManifest {
  const file = path.join(dir, MANIFEST);
  if (!fs.existsSync(file)) throw new Error(`${dir} holds no finished backup (no ${MANIFEST})`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as BackupManifest;
}

/**
 * Brings a backup back into an empty data folder (and, for PostgreSQL, an empty database or
 * schema): refuses to overwrite anything. Checks the restored SQLite database's integrity.
 */
export async function restore(config: AppConfig, dir: string): Promise<BackupManifest> {
  const manifest = readManifest(dir);
  if (manifest.engine === 'postgres') {
    if (!config.databaseUrl) throw new Error('This backup is of PostgreSQL: set DATABASE_URL to an empty database');
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    try {
      const tables = await client.query(
        'SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = $1',
        [config.databaseSchema ?? 'public'],
      );
      if ((tables.rows[0] as { n: number }).n > 0) throw new Error('The target database is not empty');
    } finally {
      await client.end();
    }
    await run(
      'pg_restore',
      ['--no-owner', '--exit-on-error', `--dbname=${config.databaseUrl}`, path.join(dir, PG_COPY)],
      {
        maxBuffer: 1 << 20,
      },
    );
  } else {
    if (config.databaseUrl) throw new Error('This backup is of SQLite: unset DATABASE_URL');
    const target = sqliteFile(config);
    if (fs.existsSync(target)) throw new Error(`${target} exists: restore into an empty data folder`);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(path.join(dir, SQLITE_COPY), target, fs.constants.COPYFILE_EXCL);
    const restored = new SQLite(target, { readonly: true });
    try {
      const check = restored.pragma('integrity_check', { simple: true });
      if (check !== 'ok') throw new Error(`The restored database failed its integrity check: ${String(check)}`);
    } finally {
      restored.close();
    }
  }
  if (manifest.uploads === 'uploads' && fs.existsSync(path.join(dir, 'uploads'))) {
    const uploads = path.join(config.dataDir, 'uploads');
    if (fs.existsSync(uploads) && fs.readdirSync(uploads).length > 0) {
      throw new Error(`${uploads} is not empty: restore into an empty data folder`);
    }
    fs.cpSync(path.join(dir, 'uploads'), uploads, { recursive: true });
  }
  return manifest;
}
