import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

/** Starts the server from the environment; SIGTERM/SIGINT shut it down gracefully within the deadline. */
async function main(): Promise<void> {
  const config = loadConfig();
  const { app, shutdown } = await buildApp(config);
  let closing = false;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    const deadlineMs = config.shutdownDeadlineMs;
    app.log.info({ signal, deadlineMs }, 'shutting down');
    // Whatever happens, the process is gone shortly after the deadline.
    setTimeout(() => process.exit(1), deadlineMs + 2_000).unref();
    shutdown.run(deadlineMs).then(
      (outcome) => process.exit(outcome === 'clean' ? 0 : 1),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
