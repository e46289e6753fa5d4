import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

const USAGE = 'Usage: npm run operator -- <email>   (the password is read from GOMEUM_OPERATOR_PASSWORD or stdin)';

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) {
    process.stdout.write('Password: ');
  }
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
}

/** Creates the operator account, or promotes an existing one and sets its password. */
async function main(): Promise<void> {
  const email = process.argv[2];
  if (!email || !email.includes('@')) {
    console.error(USAGE);
    process.exit(2);
  }
  const password = process.env.GOMEUM_OPERATOR_PASSWORD ?? (await readStdin());
  if (password.length < 8) {
    console.error('The password must be at least 8 characters long.');
    process.exit(2);
  }
  const config = loadConfig({
    ...process.env,
    GOMEUM_OPERATOR_EMAIL: undefined,
    GOMEUM_OPERATOR_PASSWORD: undefined,
    LOG_LEVEL: 'silent',
  });
  const { app, services } = await buildApp(config);
  const { created } = await services.auth.ensureOperator(email, password);
  await app.close();
  console.log(created ? `Created operator ${email}.` : `${email} is now the operator; password updated.`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
