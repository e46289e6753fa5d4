import type { ChildProcess, StdioOptions } from 'node:child_process';

/** The repository's root folder. */
export const ROOT: string;
/** A free TCP port on loopback. */
export function freePort(): Promise<number>;
/** The node flags `npm start` gives the server, read from `root`'s package.json `start` script. */
export function startFlags(root?: string): string[];

/** Settings laid over this process's environment; `undefined` removes one. */
export type ServerEnv = Record<string, string | undefined>;

/** Spawns the built server of `root` on 127.0.0.1:`port` (`node` with npm start's flags, or `npm start`). */
export function spawnBuiltServer(options: {
  root?: string;
  port: number;
  env?: ServerEnv;
  nodeArgs?: string[];
  main?: string;
  npmStart?: boolean;
  /** False: `env` is the whole environment (else it is laid over this process's). */
  inheritEnv?: boolean;
  stdio?: StdioOptions;
  detached?: boolean;
}): ChildProcess;

/** A started built server. */
export interface BuiltServer {
  url: string;
  port: number;
  pid: number;
  dataDir: string;
  /** Its output so far. */
  output(): string;
  /** SIGTERM, then resolves once it has exited (its data folder removed). */
  stop(): Promise<void>;
}

/** Starts the built server on a free port with a data folder of its own; resolves once /healthz answers. */
export function startBuiltServer(options?: {
  /** The checkout whose build to start (this one by default): its flags, folder and `server/dist/main.js`. */
  root?: string;
  env?: ServerEnv;
  nodeArgs?: string[];
  main?: string;
  showErrors?: boolean;
  timeoutMs?: number;
}): Promise<BuiltServer>;

/** The contract's route tables and URL builder, from the server's build. */
export function routeTable(root?: string): Promise<typeof import('../packages/contracts/src/route-table.ts')>;
