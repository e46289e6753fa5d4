import path from 'node:path';
import { loadConfig } from './config.ts';
import { backup, restore } from './ops/backup.ts';

const USAGE = `Usage:
  npm run backup -- <folder>    a consistent copy of the database and uploads, while the app runs
  npm run restore -- <folder>   brings a backup back into an empty DATA_DIR (or empty DATABASE_URL)`;

/** `backup <folder>` or `restore <folder>`, with the same environment as the server. */
async function main(): Promise<void> {
  const [command, argument] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !argument) {
    console.error(USAGE);
    process.exit(2);
  }
  // Relative to where `npm run` was typed, not to this workspace.
  const folder = path.resolve(process.env.INIT_CWD ?? process.cwd(), argument);
  const config = loadConfig({ ...process.env, GOMEUM_OPERATOR_EMAIL: undefined, GOMEUM_OPERATOR_PASSWORD: undefined });
  const manifest = command === 'backup' ? await backup(config, folder) : await restore(config, folder);
  const where =
    manifest.uploads === 's3'
      ? 'uploads stay in the S3 bucket (keep it versioned)'
      : `${manifest.files} uploaded files`;
  console.log(
    command === 'backup'
      ? `Backed up the ${manifest.engine} database and ${where} into ${folder}.`
      : `Restored the ${manifest.engine} database (taken ${new Date(manifest.takenAt).toISOString()}) and ${where}.`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
