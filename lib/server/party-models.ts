// The models one run of a party gets (the runner asks for them at every run): the
// party's stored settings, with the keys of the owner's connections it names opened for
// this run only, reaching their endpoints through the private-network guard.
import { authSecret } from "../auth/secret";
import { openKey } from "../ai/connection-keys";
import { ModelConfigError, type ConnectionSecret, type ModelRegistry } from "../ai/model-registry";
import { readModelSpec, type ConnectionProvider } from "../ai/model-spec";
import { connectionFetch } from "../ai/private-network";
import { modelRegistryFor, modelSettingsOf } from "../ai/providers";
import type { Database } from "../db/client";
import { findConnections } from "../db/connections";
import { findParty } from "../db/parties";
import { env, type Env } from "../env";

/**
 * The models one run of a party gets: its stored settings, with the keys of the owner's
 * connections it names opened for this run only. A connection that is gone (removed, its
 * key unreadable, connections turned off) stops the party with the reason.
 */
export async function partyModels(db: Database, party: { id: string; modelSettings: unknown }, e: Env = env()): Promise<ModelRegistry> {
  const settings = modelSettingsOf(party.modelSettings, e);
  const ids = [...new Set([settings.defaultModel, ...Object.values(settings.agentModels)].flatMap((s) => readModelSpec(s)?.connectionId ?? []))];
  const connections: Record<string, ConnectionSecret> = {};
  if (ids.length > 0) {
    if (!e.ALLOW_GUEST_CONNECTIONS) throw new ModelConfigError("This party runs on your own model connection, and own connections are turned off on this server.");
    const owner = (await findParty(db, party.id))?.ownerId;
    for (const row of owner ? await findConnections(db, owner, ids) : []) {
      const apiKey = row.keySealed ? openKey(row.keySealed, authSecret(), row.id, row.ownerId) : null;
      if (row.keySealed && apiKey === null) continue;
      connections[row.id] = { provider: row.provider as ConnectionProvider, baseUrl: row.baseUrl, apiKey };
    }
  }
  return modelRegistryFor(settings, e, { connections, connectionFetch: connectionFetch(e.ALLOW_PRIVATE_MODEL_URLS) });
}
