// The process-wide services (database, live bus, party store, runner), built once and
// kept on globalThis: Next bundles instrumentation and each route separately, and they
// must all share one runner and one bus.
import { hostname } from "node:os";
import { defaultPersonaConfig } from "../agents/persona-config";
import type { Database } from "../db/client";
import { getDb } from "../db/database";
import { startNotifier, type Notifier } from "../db/notify";
import { PrismaPartyStore } from "../db/party-store";
import { env, type Env } from "../env";
import { EventBus } from "../events/bus";
import { PartyRunner, type RunnerDeps } from "./party-runner";
import { partyModels } from "./party-models";

export interface Services {
  db: Database;
  bus: EventBus;
  store: PrismaPartyStore;
  runner: PartyRunner;
  notifier: Notifier | null;
}

const g = globalThis as { __inceptionServices?: Promise<Services> };

/** What the runner takes from the environment: how each party's models are built, limits, timeouts. */
export function runnerSettings(e: Env, db: Database): Pick<RunnerDeps, "models" | "leaseMs" | "timeoutMs" | "idleTimeoutMs" | "retry" | "maxOutputTokens" | "tokenBudget"> {
  return {
    // One registry per run (offline fault counters and provider clients are per run), on
    // the model settings the party started with; keys and endpoints come from `e`, or
    // from the owner's connection the settings name.
    models: (party) => partyModels(db, party, e),
    leaseMs: e.LEASE_MS,
    timeoutMs: e.MODEL_TIMEOUT_MS,
    idleTimeoutMs: e.MODEL_IDLE_TIMEOUT_MS,
    retry: { maxElapsedMs: e.MODEL_RETRY_MAX_MS, baseDelayMs: 1_000, maxDelayMs: 20_000 },
    maxOutputTokens: e.MODEL_MAX_OUTPUT_TOKENS,
    tokenBudget: e.PARTY_TOKEN_BUDGET,
  };
}

async function build(): Promise<Services> {
  const e = env();
  const db = await getDb();
  const bus = new EventBus();
  const store = new PrismaPartyStore(db, (partyId, events) => bus.publish(partyId, events));
  const personas = defaultPersonaConfig();
  const owner = e.INSTANCE_ID ?? `${hostname()}:${e.PORT}`;
  const runner = new PartyRunner({
    db,
    store,
    bus,
    personas,
    owner,
    ...runnerSettings(e, db),
    log: (m) => console.error(m),
    // Imported when first needed: the remark service reads the services this builds.
    onIdle: (partyId) =>
      import("./remark-service").then(({ startWaitingRemark }) => startWaitingRemark(partyId)).catch((err: unknown) => console.error(`party ${partyId}: a waiting remark could not start (${(err as Error).message})`)),
  });
  let notifier: Notifier | null = null;
  if (db.kind === "postgres" && e.DATABASE_URL) {
    notifier = await startNotifier({
      url: e.DATABASE_URL,
      instanceId: owner,
      onRemote: (partyId, seq) => bus.remoteSeq(partyId, seq),
      onResync: () => bus.resyncAll(),
      log: (m) => console.error(m),
    });
    const n = notifier;
    bus.onPublish = (partyId, seq) => n.notify(partyId, seq);
  }
  return { db, bus, store, runner, notifier };
}

export function getServices(): Promise<Services> {
  if (!g.__inceptionServices) {
    g.__inceptionServices = build();
    // The caller gets the rejection; this only forgets it, so the next call builds again.
    g.__inceptionServices.catch(() => {
      g.__inceptionServices = undefined;
    });
  }
  return g.__inceptionServices;
}

/** Shutdown order: stop runs (leases released), end SSE streams with a retry hint. */
export async function stopServices(): Promise<void> {
  const s = g.__inceptionServices;
  if (!s) return;
  // Building failed: its caller was told, and there is nothing running to stop.
  const services = await s.catch(() => null);
  if (!services) return;
  await services.runner.stop();
  services.bus.closeAll();
  await services.notifier?.close();
}
