// GET /api/models, /api/connections and their writes (docs/api.md, "Models and
// connections"). A connection's key goes in (POST) and never comes out: no response
// schema here has a field that could carry it.
import { z } from "zod";
import { CONNECTION_PROVIDERS } from "../ai/model-spec";
import { PERSON, PERSONAS, SUB_AGENTS } from "../vocabulary";

/**
 * The agents a kickoff may give their own model (`agentModels` keys): the personas, the
 * sub-agents and classic mode's agents, the orchestrator, and the critic (the fallback
 * voice of a critique perspective).
 */
export const MODEL_AGENT_KEYS: readonly string[] = [...Object.keys(PERSONAS), ...Object.keys(SUB_AGENTS).filter((k) => k !== PERSON), "critic"];

export const MODEL_SOURCES = ["builtin", "server", "detected", "connection"] as const;
export type ModelSource = (typeof MODEL_SOURCES)[number];

export const modelOptionSchema = z.object({
  /** What POST /api/parties takes as `model` or an `agentModels` value. */
  id: z.string(),
  label: z.string(),
  provider: z.string(),
  source: z.enum(MODEL_SOURCES),
  connectionId: z.string().optional(),
});
export type ModelOption = z.infer<typeof modelOptionSchema>;

/** GET /api/models. `local` and `connections` tell the Models page what was looked for and what a guest may add. */
export const modelListSchema = z.object({
  models: z.array(modelOptionSchema),
  default: z.string(),
  local: z.array(z.object({ provider: z.enum(["ollama", "lmstudio"]), label: z.string(), found: z.boolean(), models: z.number().int() })),
  connections: z.object({ allowed: z.boolean(), privateUrlsAllowed: z.boolean() }),
});
export type ModelList = z.infer<typeof modelListSchema>;

export const connectionProviderSchema = z.enum(CONNECTION_PROVIDERS, { error: `must be one of ${CONNECTION_PROVIDERS.join(", ")}` });

export const CONNECTION_LIMITS = { name: 60, baseUrl: 500, apiKey: 500, model: 200, perGuest: 20 } as const;

/** POST /api/connections. `model` (optional) is the one the test call uses. */
export const newConnectionSchema = z.strictObject({
  provider: connectionProviderSchema,
  name: z.string().trim().min(1, "must not be empty").max(CONNECTION_LIMITS.name, `must be at most ${CONNECTION_LIMITS.name} characters`).optional(),
  baseUrl: z
    .string()
    .trim()
    .max(CONNECTION_LIMITS.baseUrl, `must be at most ${CONNECTION_LIMITS.baseUrl} characters`)
    .refine((u) => {
      try {
        const p = new URL(u);
        return (p.protocol === "http:" || p.protocol === "https:") && !p.username && !p.password;
      } catch {
        return false;
      }
    }, "must be an http(s) URL without a user name or password in it")
    .optional(),
  apiKey: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(CONNECTION_LIMITS.apiKey, `must be at most ${CONNECTION_LIMITS.apiKey} characters`)
    .regex(/^[\x21-\x7e]+$/, "must be printable characters without spaces")
    .optional(),
  model: z.string().trim().min(1).max(CONNECTION_LIMITS.model).optional(),
});
export type NewConnectionInput = z.input<typeof newConnectionSchema>;

export const connectionSchema = z.object({
  id: z.string(),
  provider: connectionProviderSchema,
  name: z.string(),
  baseUrl: z.string().nullable(),
  keyHint: z.string().nullable(),
  createdAt: z.string(),
  /** The chat models it listed at its last successful test. */
  models: z.array(z.string()),
});
export type Connection = z.infer<typeof connectionSchema>;
export const connectionListSchema = z.array(connectionSchema);

/** 201 from POST /api/connections: what was stored, with the models the test listed and how fast it answered. */
export const createdConnectionSchema = z.object({
  id: z.string(),
  provider: connectionProviderSchema,
  name: z.string(),
  baseUrl: z.string().nullable(),
  keyHint: z.string().nullable(),
  models: z.array(z.string()),
  firstTokenMs: z.number().int().optional(),
});
export type CreatedConnection = z.infer<typeof createdConnectionSchema>;

/** 200 from POST /api/connections/:id/test. */
export const connectionTestSchema = z.object({
  ok: z.boolean(),
  models: z.array(z.string()).optional(),
  firstTokenMs: z.number().int().optional(),
  error: z.object({ code: z.enum(["auth_failed", "unreachable", "not_found", "timeout", "bad_response"]), message: z.string() }).optional(),
});
export type ConnectionTest = z.infer<typeof connectionTestSchema>;
