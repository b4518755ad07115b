// The environment, validated once. A bad variable stops the server with one line
// naming it (next.config.ts calls `assertEnv` before Next starts).
import { z } from "zod";
import { MODEL_SPEC_GRAMMAR, readModelSpec } from "./ai/model-spec";

const empty = (v: unknown) => (v === "" ? undefined : v);
const optional = <T extends z.ZodType>(s: T) => z.preprocess(empty, s.optional());
const withDefault = <T extends z.ZodType>(s: T, d: z.input<T>) => z.preprocess(empty, s.default(d as never));
const flag = (d: boolean) =>
  z.preprocess((v) => (v === "" || v === undefined ? String(d) : v), z.enum(["true", "false", "1", "0"], { error: "must be true or false" }).transform((v) => v === "true" || v === "1"));

export const envSchema = z.object({
  NODE_ENV: withDefault(z.enum(["development", "production", "test"]), "development"),
  PORT: withDefault(z.coerce.number().int().min(1).max(65535), 3000),
  DATABASE_URL: optional(
    z.string().regex(/^postgres(ql)?:\/\/[^\s]+$/, "must be a postgres:// or postgresql:// URL"),
  ),
  DATA_DIR: withDefault(z.string().min(1), ".data"),
  AUTH_SECRET: optional(z.string().min(32, "must be at least 32 characters")),
  INCEPTION_MODEL: withDefault(
    z.string().refine((spec) => readModelSpec(spec, { connections: false }) !== null, `must be ${MODEL_SPEC_GRAMMAR}`),
    "offline",
  ),
  OPENAI_API_KEY: optional(z.string()),
  ANTHROPIC_API_KEY: optional(z.string()),
  OPENAI_BASE_URL: optional(z.url({ error: "must be an http(s) URL" })),
  OPENAI_COMPATIBLE_BASE_URL: optional(z.url({ error: "must be an http(s) URL" })),
  OPENAI_COMPATIBLE_API_KEY: optional(z.string()),
  ANTHROPIC_BASE_URL: optional(z.url({ error: "must be an http(s) URL" })),
  // Local model servers the deployer runs, probed at start (docs/models.md): "off" skips one.
  OLLAMA_BASE_URL: withDefault(z.union([z.literal("off"), z.url({ protocol: /^https?$/, error: 'must be an http(s) URL or "off"' })]), "http://127.0.0.1:11434"),
  LMSTUDIO_BASE_URL: withDefault(z.union([z.literal("off"), z.url({ protocol: /^https?$/, error: 'must be an http(s) URL or "off"' })]), "http://127.0.0.1:1234/v1"),
  // Whether guests may add their own model connections (keys, endpoints) on the Models page.
  ALLOW_GUEST_CONNECTIONS: flag(true),
  // Whether a guest's connection may reach this server's private network (loopback, LAN, metadata).
  ALLOW_PRIVATE_MODEL_URLS: flag(false),
  // agent=spec pairs, comma-separated: a model for any agent (personas and the other roles).
  INCEPTION_AGENT_MODELS: optional(z.string().regex(/^\s*[a-z][a-z0-9_]*\s*=\s*[^\s,=]+\s*(,\s*[a-z][a-z0-9_]*\s*=\s*[^\s,=]+\s*)*$/, "must be agent=model pairs separated by commas, e.g. critic=openai:gpt-4.1")),
  OFFLINE_MODEL_TPS: withDefault(z.coerce.number().min(0, "must be 0 (instant) or more").max(100_000), 150),
  OFFLINE_MODEL_FIRST_TOKEN_MS: withDefault(z.coerce.number().int().min(0).max(60_000), 500),
  OFFLINE_MODEL_SEED: withDefault(z.coerce.number().int(), 42),
  OFFLINE_MODEL_FAULTS: optional(z.string()),
  // The first-token limit of a model call (a call still streaming is never cut by it).
  MODEL_TIMEOUT_MS: withDefault(z.coerce.number().int().min(100).max(600_000), 120_000),
  MODEL_IDLE_TIMEOUT_MS: withDefault(z.coerce.number().int().min(100).max(600_000), 30_000),
  MODEL_RETRY_MAX_MS: withDefault(z.coerce.number().int().min(0).max(3_600_000), 120_000),
  MODEL_MAX_OUTPUT_TOKENS: optional(z.coerce.number().int().min(256).max(1_000_000)),
  LEASE_MS: withDefault(z.coerce.number().int().min(500).max(600_000), 15_000),
  // Names this instance in runner leases; a restarted instance with the same id takes
  // its parties back at once instead of waiting for the lease to expire.
  INSTANCE_ID: optional(z.string().regex(/^[\w.:-]{1,100}$/, "must be 1-100 letters, digits, '.', ':', '_' or '-'")),
  // How many proxies in front set X-Forwarded-For/-Host/-Proto (0: none, and those headers
  // are ignored; true means 1). Only then do they say the client's address and the site.
  TRUST_PROXY: z.preprocess(
    (v) => (v === "" || v === undefined || v === "false" ? "0" : v === "true" ? "1" : v),
    z.coerce.number({ error: "must be true, false or the number of proxies in front (0-10)" }).int("must be true, false or the number of proxies in front (0-10)").min(0, "must be true, false or the number of proxies in front (0-10)").max(10, "must be true, false or the number of proxies in front (0-10)"),
  ),
  MAX_ACTIVE_PARTIES: withDefault(z.coerce.number().int().min(1).max(10_000), 10),
  // Limits a fresh cookie cannot dodge (docs/security.md): parties running or waiting per
  // client address, parties running on the whole deployment, tokens per hour (0: no cap).
  MAX_ACTIVE_PARTIES_PER_ADDRESS: withDefault(z.coerce.number().int().min(1).max(100_000), 30),
  MAX_RUNNING_PARTIES: withDefault(z.coerce.number().int().min(1).max(100_000), 50),
  MAX_TOKENS_PER_HOUR: withDefault(z.coerce.number().int().min(0), 20_000_000),
  PARTY_TOKEN_BUDGET: withDefault(z.coerce.number().int().min(1000), 2_000_000),
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const r = envSchema.safeParse(source);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const name = String(issue.path[0]);
  const value = source[name];
  const shown = name.endsWith("KEY") || name === "AUTH_SECRET" ? "" : ` (got ${JSON.stringify(value)})`;
  throw new EnvError(`Invalid environment variable ${name}: ${issue.message}${shown}`);
}

let cached: Env | undefined;
export function env(): Env {
  return (cached ??= parseEnv());
}

/** Tests that change a variable mid-file: read the environment again at the next env(). */
export function reloadEnv(): void {
  cached = undefined;
}

/** For process entry points: print the one line and exit. */
export function assertEnv(): Env {
  try {
    return env();
  } catch (e) {
    if (e instanceof EnvError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
}
