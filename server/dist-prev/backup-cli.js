import {
  loadConfig
} from "./chunk-W76DJSGM.js";

// src/backup-cli.ts
import path2 from "node:path";

// src/ops/backup.ts
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import SQLite from "better-sqlite3";
import pg from "pg";
var run = promisify(execFile);
var MANIFEST = "manifest.json";
var SQLITE_COPY = "gomeum.sqlite";
var PG_COPY = "database.pgdump";
function sqliteFile(config) {
  return config.sqliteFile ?? path.join(config.dataDir, "gomeum.sqlite");
}
function copyUploads(from, to) {
  if (!fs.existsSync(from)) return 0;
  let files = 0;
  fs.cpSync(from, to, {
    recursive: true,
    filter: (source) => {
      if (source.endsWith(".tmp") || path.basename(source).startsWith(".probe-")) return false;
      if (!source.endsWith(".type") && fs.statSync(source).isFile()) files += 1;
      return true;
    }
  });
  return files;
}
function emptyFolder(dir) {
  fs.mkdirSync(dir, { recursive: true });
  if (fs.readdirSync(dir).length > 0) throw new Error(`${dir} is not empty`);
}
async function backup(config, dir) {
  emptyFolder(dir);
  const takenAt = Date.now();
  let manifest;
  if (config.databaseUrl) {
    const args = ["--format=custom", "--no-owner", `--file=${path.join(dir, PG_COPY)}`];
    if (config.databaseSchema) args.push(`--schema=${config.databaseSchema}`);
    await run("pg_dump", [...args, config.databaseUrl], { maxBuffer: 1 << 20 });
    manifest = { format: 1, engine: "postgres", takenAt, database: PG_COPY, uploads: "uploads", files: 0 };
  } else {
    const source = new SQLite(sqliteFile(config), { fileMustExist: true });
    try {
      await source.backup(path.join(dir, SQLITE_COPY), { progress: () => 2147483647 });
    } finally {
      source.close();
    }
    manifest = { format: 1, engine: "sqlite", takenAt, database: SQLITE_COPY, uploads: "uploads", files: 0 };
  }
  if (config.storage.driver === "s3") manifest.uploads = "s3";
  else manifest.files = copyUploads(path.join(config.dataDir, "uploads"), path.join(dir, "uploads"));
  fs.writeFileSync(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}
`);
  return manifest;
}
function readManifest(dir) {
  const file = path.join(dir, MANIFEST);
  if (!fs.existsSync(file)) throw new Error(`${dir} holds no finished backup (no ${MANIFEST})`);
  return JSON.parse(fs.readFileSync(file, "utf8"));
}
async function restore(config, dir) {
  const manifest = readManifest(dir);
  if (manifest.engine === "postgres") {
    if (!config.databaseUrl) throw new Error("This backup is of PostgreSQL: set DATABASE_URL to an empty database");
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    try {
      const tables = await client.query(
        "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = $1",
        [config.databaseSchema ?? "public"]
      );
      if (tables.rows[0].n > 0) throw new Error("The target database is not empty");
    } finally {
      await client.end();
    }
    await run(
      "pg_restore",
      ["--no-owner", "--exit-on-error", `--dbname=${config.databaseUrl}`, path.join(dir, PG_COPY)],
      {
        maxBuffer: 1 << 20
      }
    );
  } else {
    if (config.databaseUrl) throw new Error("This backup is of SQLite: unset DATABASE_URL");
    const target = sqliteFile(config);
    if (fs.existsSync(target)) throw new Error(`${target} exists: restore into an empty data folder`);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(path.join(dir, SQLITE_COPY), target, fs.constants.COPYFILE_EXCL);
    const restored = new SQLite(target, { readonly: true });
    try {
      const check = restored.pragma("integrity_check", { simple: true });
      if (check !== "ok") throw new Error(`The restored database failed its integrity check: ${String(check)}`);
    } finally {
      restored.close();
    }
  }
  if (manifest.uploads === "uploads" && fs.existsSync(path.join(dir, "uploads"))) {
    const uploads = path.join(config.dataDir, "uploads");
    if (fs.existsSync(uploads) && fs.readdirSync(uploads).length > 0) {
      throw new Error(`${uploads} is not empty: restore into an empty data folder`);
    }
    fs.cpSync(path.join(dir, "uploads"), uploads, { recursive: true });
  }
  return manifest;
}

// src/backup-cli.ts
var USAGE = `Usage:
  npm run backup -- <folder>    a consistent copy of the database and uploads, while the app runs
  npm run restore -- <folder>   brings a backup back into an empty DATA_DIR (or empty DATABASE_URL)`;
async function main() {
  const [command, argument] = process.argv.slice(2);
  if (command !== "backup" && command !== "restore" || !argument) {
    console.error(USAGE);
    process.exit(2);
  }
  const folder = path2.resolve(process.env.INIT_CWD ?? process.cwd(), argument);
  const config = loadConfig({ ...process.env, GOMEUM_OPERATOR_EMAIL: void 0, GOMEUM_OPERATOR_PASSWORD: void 0 });
  const manifest = command === "backup" ? await backup(config, folder) : await restore(config, folder);
  const where = manifest.uploads === "s3" ? "uploads stay in the S3 bucket (keep it versioned)" : `${manifest.files} uploaded files`;
  console.log(
    command === "backup" ? `Backed up the ${manifest.engine} database and ${where} into ${folder}.` : `Restored the ${manifest.engine} database (taken ${new Date(manifest.takenAt).toISOString()}) and ${where}.`
  );
}
main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
//# sourceMappingURL=backup-cli.js.map
