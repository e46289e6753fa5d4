import {
  buildApp
} from "./chunk-PXXWUPQO.js";
import {
  loadConfig
} from "./chunk-W76DJSGM.js";

// src/main.ts
async function main() {
  const config = loadConfig();
  const { app, shutdown } = await buildApp(config);
  let closing = false;
  const stop = (signal) => {
    if (closing) return;
    closing = true;
    const deadlineMs = config.shutdownDeadlineMs ?? 2e4;
    app.log.info({ signal, deadlineMs }, "shutting down");
    setTimeout(() => process.exit(1), deadlineMs + 2e3).unref();
    shutdown.run(deadlineMs).then(
      (outcome) => process.exit(outcome === "clean" ? 0 : 1),
      (error) => {
        app.log.error({ err: error }, "shutdown failed");
        process.exit(1);
      }
    );
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
  await app.listen({ port: config.port, host: config.host });
}
main().catch((error) => {
  console.error(error);
  process.exit(1);
});
//# sourceMappingURL=main.js.map
