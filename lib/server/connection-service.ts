// A person's own model connections (POST/GET/DELETE /api/connections, POST …/:id/test):
// tested before they are stored, the key sealed at rest and never sent back, found only
// through the guest who made them (anyone else: 404), refused into the server's private
// network unless the deployer allows it, and all of it off when the deployer says so.
import { randomBytes } from "node:crypto";
import { authSecret } from "../auth/secret";
import type { Viewer } from "../auth/viewer";
import { keyHintOf, openKey, sealKey } from "../ai/connection-keys";
import { apiBase, testConnection, type ConnectionTestResult } from "../ai/connection-probe";
import type { ConnectionSecret } from "../ai/model-registry";
import { PROVIDER_NAMES, type ConnectionProvider } from "../ai/model-spec";
import { assertPublicUrl, connectionFetch, PrivateNetworkError } from "../ai/private-network";
import { countConnections, deleteConnection, findConnection, insertConnection, listConnections, recordTest, type ConnectionRow } from "../db/connections";
import { env, type Env } from "../env";
import { AppError, notFound, parseOrThrow } from "../errors/app-error";
import { CONNECTION_LIMITS, newConnectionSchema, type Connection, type ConnectionTest, type CreatedConnection } from "../wire/models";
import { getServices } from "./services";

/** A connection test waits at most this long for each of its two requests (or MODEL_TIMEOUT_MS when shorter). */
const TEST_TIMEOUT_MS = 30_000;
const testTimeout = (e: Env) => Math.min(e.MODEL_TIMEOUT_MS, TEST_TIMEOUT_MS);

function guest(viewer: Viewer): string {
  if (!viewer.guestId) throw new AppError("unauthorized", "No guest session: call POST /api/session first, then send its cookie.");
  return viewer.guestId;
}

function allowed(e: Env): void {
  if (!e.ALLOW_GUEST_CONNECTIONS) throw new AppError("forbidden", "Adding your own model connections is turned off on this server: use the models it offers.");
}

const publicView = (c: ConnectionRow): Connection => ({
  id: c.id,
  provider: c.provider as ConnectionProvider,
  name: c.name,
  baseUrl: c.baseUrl,
  keyHint: c.keyHint,
  createdAt: c.createdAt.toISOString(),
  models: c.models,
});

/**
 * Refuses a base URL that is, or resolves to, the server's private network (unless the
 * deployer allows it). A name that does not resolve is left to the test, which says so.
 */
async function refusePrivate(c: Pick<ConnectionSecret, "provider" | "baseUrl">, e: Env): Promise<void> {
  if (e.ALLOW_PRIVATE_MODEL_URLS) return;
  try {
    await assertPublicUrl(apiBase(c));
  } catch (x) {
    if (x instanceof PrivateNetworkError) {
      throw new AppError("validation_failed", `Invalid input — baseUrl: ${x.host} is on this server's private network, which a connection may not reach.`, {
        baseUrl: "must not point into the server's private network (loopback, private ranges, link-local, cloud metadata)",
      });
    }
  }
}

const defaultName = (provider: ConnectionProvider, baseUrl: string | null) => {
  if (!baseUrl) return PROVIDER_NAMES[provider];
  try {
    return `${PROVIDER_NAMES[provider]} (${new URL(baseUrl).host})`.slice(0, CONNECTION_LIMITS.name);
  } catch {
    return PROVIDER_NAMES[provider];
  }
};

export async function connectionsOf(viewer: Viewer): Promise<Connection[]> {
  if (!viewer.guestId || !env().ALLOW_GUEST_CONNECTIONS) return [];
  const { db } = await getServices();
  return (await listConnections(db, viewer.guestId)).map(publicView);
}

/** Tests, then stores. A failed test stores nothing: 422 with the reason's code. */
export async function createConnection(viewer: Viewer, body: unknown): Promise<CreatedConnection> {
  const owner = guest(viewer);
  const e = env();
  allowed(e);
  const input = parseOrThrow(newConnectionSchema, body);
  const fields: Record<string, string> = {};
  if ((input.provider === "openai-compatible" || input.provider === "ollama") && !input.baseUrl) fields.baseUrl = `is required for ${input.provider}`;
  if ((input.provider === "openai" || input.provider === "anthropic") && !input.apiKey) fields.apiKey = `is required for ${input.provider}`;
  if (Object.keys(fields).length) throw new AppError("validation_failed", `Invalid input — ${Object.entries(fields).map(([f, r]) => `${f}: ${r}`).join("; ")}`, fields);
  const { db } = await getServices();
  if ((await countConnections(db, owner)) >= CONNECTION_LIMITS.perGuest) {
    throw new AppError("validation_failed", `You have ${CONNECTION_LIMITS.perGuest} connections, the most one person may keep: remove one first.`, { "(body)": `at most ${CONNECTION_LIMITS.perGuest} connections` });
  }
  const secret: ConnectionSecret = { provider: input.provider, baseUrl: input.baseUrl?.replace(/\/+$/, "") ?? null, apiKey: input.apiKey ?? null };
  await refusePrivate(secret, e);
  const r = await testConnection(secret, { fetch: connectionFetch(e.ALLOW_PRIVATE_MODEL_URLS), timeoutMs: testTimeout(e), model: input.model });
  if (!r.ok) throw new AppError(r.code, r.message, undefined, undefined, 422);
  const id = randomBytes(9).toString("base64url");
  const row = await insertConnection(db, {
    id,
    ownerId: owner,
    provider: input.provider,
    name: input.name ?? defaultName(input.provider, secret.baseUrl),
    baseUrl: secret.baseUrl,
    keySealed: secret.apiKey ? sealKey(secret.apiKey, authSecret(), id, owner) : null,
    keyHint: keyHintOf(secret.apiKey),
    models: r.models,
  });
  return { id, provider: input.provider, name: row.name, baseUrl: row.baseUrl, keyHint: row.keyHint, models: row.models, firstTokenMs: r.firstTokenMs };
}

/** Tests a stored connection again (its models are refreshed when it passes). */
export async function retestConnection(viewer: Viewer, id: string): Promise<ConnectionTest> {
  const owner = guest(viewer);
  const e = env();
  allowed(e);
  const { db } = await getServices();
  const row = /^[\w-]{1,64}$/.test(id) ? await findConnection(db, owner, id) : null;
  if (!row) throw notFound("connection");
  const apiKey = row.keySealed ? openKey(row.keySealed, authSecret(), row.id, row.ownerId) : null;
  if (row.keySealed && apiKey === null) {
    return { ok: false, error: { code: "auth_failed", message: "The stored key can no longer be read (the server's secret changed): remove this connection and add it again." } };
  }
  const secret: ConnectionSecret = { provider: row.provider as ConnectionProvider, baseUrl: row.baseUrl, apiKey };
  try {
    await refusePrivate(secret, e);
  } catch (x) {
    if (x instanceof AppError) return { ok: false, error: { code: "unreachable", message: x.message.replace(/^Invalid input — baseUrl: /, "") } };
    throw x;
  }
  const r: ConnectionTestResult = await testConnection(secret, { fetch: connectionFetch(e.ALLOW_PRIVATE_MODEL_URLS), timeoutMs: testTimeout(e) });
  if (!r.ok) return { ok: false, error: { code: r.code, message: r.message } };
  await recordTest(db, owner, row.id, r.models);
  return { ok: true, models: r.models, firstTokenMs: r.firstTokenMs };
}

/** Deletes the connection with its key. Allowed even when connections are turned off: a person can always take their key back. */
export async function removeConnection(viewer: Viewer, id: string): Promise<void> {
  const owner = guest(viewer);
  const { db } = await getServices();
  if (!/^[\w-]{1,64}$/.test(id) || !(await deleteConnection(db, owner, id))) throw notFound("connection");
}
