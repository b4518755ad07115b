// Which models a person may pick (GET /api/models), whether a kickoff's choice is one of
// them, and the models a party's run gets. Four sources: the built-in model, the models
// the deployer configured (environment), the models of local servers found on the
// deployer's machine (Ollama, LM Studio: probed at start, again when the list is older
// than FRESH_MS or on demand), and the person's own connections.
import type { Viewer } from "../auth/viewer";
import { detectLocalServers, type LocalServer } from "../ai/local-servers";
import { connectionModelId, modelLabel, PROVIDER_NAMES, readModelSpec, type ConnectionProvider } from "../ai/model-spec";
import { localBaseUrl, modelSettingsFromEnv, type ModelSettings } from "../ai/providers";
import { listConnections } from "../db/connections";
import { env, type Env } from "../env";
import { AppError } from "../errors/app-error";
import { MODEL_AGENT_KEYS, type ModelList, type ModelOption } from "../wire/models";
import { getServices } from "./services";

/**
 * A detection this old is repeated before the list is answered (a server started since
 * shows up). One that found nothing is repeated sooner: asking where nothing listens
 * costs a few milliseconds, and the probe at start, while the server is still busy
 * booting, may have given up on a server that was there.
 */
const FRESH_MS = 30_000;
const FRESH_NOTHING_MS = 5_000;

const g = globalThis as { __inceptionLocal?: { servers: LocalServer[]; at: number }; __inceptionLocalProbe?: Promise<LocalServer[]> };

const found = (s: LocalServer) => `${PROVIDER_NAMES[s.provider]} at ${s.baseUrl} (${s.models!.length} model${s.models!.length === 1 ? "" : "s"})`;

/**
 * Probes the local servers now (one probe at a time per process). Logs a server when it
 * appears, and nothing when none answers: most deployments run neither.
 */
export function detectLocalModels(e: Env = env(), o: { timeoutMs?: number; log?: (line: string) => void } = {}): Promise<LocalServer[]> {
  const log = o.log ?? console.log;
  g.__inceptionLocalProbe ??= (async () => {
    const ollama = localBaseUrl(e.OLLAMA_BASE_URL);
    const lmstudio = localBaseUrl(e.LMSTUDIO_BASE_URL);
    const probed = await detectLocalServers({ ollamaBaseUrl: ollama ?? "", lmstudioBaseUrl: lmstudio ?? "", timeoutMs: o.timeoutMs });
    const servers = probed.filter((s) => (s.provider === "ollama" ? ollama : lmstudio) !== undefined);
    const before = new Set((g.__inceptionLocal?.servers ?? []).filter((s) => s.models).map((s) => s.provider));
    for (const s of servers) if (s.models && !before.has(s.provider)) log(`Inception Party: found ${found(s)}`);
    g.__inceptionLocal = { servers, at: Date.now() };
    return servers;
  })().finally(() => {
    g.__inceptionLocalProbe = undefined;
  });
  return g.__inceptionLocalProbe;
}

/** The local servers as last probed, probing again when that is older than FRESH_MS. */
export async function localServers(e: Env = env()): Promise<LocalServer[]> {
  const last = g.__inceptionLocal;
  const fresh = last?.servers.some((s) => s.models === null) ? FRESH_NOTHING_MS : FRESH_MS;
  if (last && Date.now() - last.at < fresh) return last.servers;
  return detectLocalModels(e);
}

/** Forgets the last probe (tests). */
export function resetLocalModels(): void {
  g.__inceptionLocal = undefined;
}

/** The specs the deployer configured: INCEPTION_MODEL, the persona file's models, INCEPTION_AGENT_MODELS. */
function serverSpecs(e: Env): string[] {
  const s = modelSettingsFromEnv(e);
  return [...new Set([s.defaultModel, ...Object.values(s.agentModels)])].filter((x) => x !== "offline");
}

const option = (id: string, source: ModelOption["source"], label = modelLabel(id)): ModelOption => ({ id, label, provider: readModelSpec(id)?.provider ?? "unknown", source });

/** What this person may pick now. */
export async function modelsFor(viewer: Viewer, opts: { detect?: boolean } = {}): Promise<ModelList> {
  const e = env();
  const servers = opts.detect ? await detectLocalModels(e) : await localServers(e);
  const all: ModelOption[] = [option("offline", "builtin"), ...serverSpecs(e).map((s) => option(s, "server"))];
  for (const s of servers) for (const m of s.models ?? []) all.push(option(`${s.provider}:${m}`, "detected"));
  if (viewer.guestId && e.ALLOW_GUEST_CONNECTIONS) {
    const { db } = await getServices();
    for (const c of await listConnections(db, viewer.guestId)) {
      for (const m of c.models) {
        all.push({ ...option(connectionModelId(c.provider as ConnectionProvider, c.id, m), "connection", `${m} · ${c.name}`), connectionId: c.id });
      }
    }
  }
  const seen = new Set<string>();
  const models = all.filter((m) => readModelSpec(m.id) !== null && !seen.has(m.id) && seen.add(m.id));
  return {
    models,
    default: e.INCEPTION_MODEL,
    local: servers.map((s) => ({ provider: s.provider, label: PROVIDER_NAMES[s.provider], found: s.models !== null, models: s.models?.length ?? 0 })),
    connections: { allowed: e.ALLOW_GUEST_CONNECTIONS, privateUrlsAllowed: e.ALLOW_PRIVATE_MODEL_URLS },
  };
}

/**
 * The model settings a kickoff stores. Without a choice: the deployer's. With `model`,
 * the whole team runs on it, except the agents `agentModels` names; each id must be one
 * this person may pick now (422 naming the field otherwise).
 */
export async function modelSettingsForKickoff(viewer: Viewer, choice: { model?: string; agentModels?: Record<string, string> }): Promise<ModelSettings> {
  const e = env();
  const base = modelSettingsFromEnv(e);
  const agentModels = choice.agentModels ?? {};
  if (choice.model === undefined && Object.keys(agentModels).length === 0) return base;
  const ids = new Set((await modelsFor(viewer)).models.map((m) => m.id));
  const fields: Record<string, string> = {};
  const unusable = "is not a model you can use: pick one from GET /api/models";
  if (choice.model !== undefined && !ids.has(choice.model)) fields.model = unusable;
  for (const [agent, id] of Object.entries(agentModels)) {
    if (!(MODEL_AGENT_KEYS as readonly string[]).includes(agent)) fields[`agentModels.${agent}`] = `is not an agent of the team (one of ${MODEL_AGENT_KEYS.join(", ")})`;
    else if (!ids.has(id)) fields[`agentModels.${agent}`] = unusable;
  }
  if (Object.keys(fields).length) {
    throw new AppError("validation_failed", `Invalid input — ${Object.entries(fields).map(([f, r]) => `${f}: ${r}`).join("; ")}`, fields);
  }
  return {
    defaultModel: choice.model ?? base.defaultModel,
    agentModels: choice.model !== undefined ? { ...agentModels } : { ...base.agentModels, ...agentModels },
    seed: base.seed,
  };
}
