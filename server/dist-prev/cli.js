import {
  buildApp
} from "./chunk-PXXWUPQO.js";
import {
  loadConfig
} from "./chunk-W76DJSGM.js";

// src/cli.ts
var USAGE = "Usage: npm run operator -- <email>   (the password is read from GOMEUM_OPERATOR_PASSWORD or stdin)";
async function readStdin() {
  if (process.stdin.isTTY) {
    process.stdout.write("Password: ");
  }
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8").split(/\r?\n/)[0] ?? "";
}
async function main() {
  const email = process.argv[2];
  if (!email || !email.includes("@")) {
    console.error(USAGE);
    process.exit(2);
  }
  const password = process.env.GOMEUM_OPERATOR_PASSWORD ?? await readStdin();
  if (password.length < 8) {
    console.error("The password must be at least 8 characters long.");
    process.exit(2);
  }
  const config = loadConfig({
    ...process.env,
    GOMEUM_OPERATOR_EMAIL: void 0,
    GOMEUM_OPERATOR_PASSWORD: void 0,
    LOG_LEVEL: "silent"
  });
  const { app, services } = await buildApp(config);
  const { created } = await services.auth.ensureOperator(email, password);
  await app.close();
  console.log(created ? `Created operator ${email}.` : `${email} is now the operator; password updated.`);
}
main().catch((error) => {
  console.error(error);
  process.exit(1);
});
//# sourceMappingURL=cli.js.map
