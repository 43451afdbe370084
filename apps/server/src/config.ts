import path from 'node:path';
import { z } from 'zod';

/** Empty strings count as unset, so `FOO= npm start` behaves like leaving FOO out. */
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
  ),
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: optionalString,
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL instead of the embedded PGlite when set. */
  databaseUrl: string | undefined;
  publicUrl: string | undefined;
  logLevel: z.infer<typeof ConfigSchema>['LOG_LEVEL'];
  /** The built web app; undefined means the server answers only /api. */
  webDistDir: string | undefined;
  shutdownTimeoutMs: number;
}

export class ConfigError extends Error {}

/** Parses the environment once at start-up; a bad value stops the process with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv, defaultWebDistDir?: string): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const c = parsed.data;
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    publicUrl: c.PUBLIC_URL,
    logLevel: c.LOG_LEVEL,
    webDistDir: c.WEB_DIST_DIR ? path.resolve(c.WEB_DIST_DIR) : defaultWebDistDir,
    shutdownTimeoutMs: c.SHUTDOWN_TIMEOUT_MS,
  };
}
