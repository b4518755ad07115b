// Everything the web server does once at start, and its clean shutdown.
import { closeDb, getDb } from "../db/database";
import { modelConfigProblem } from "../ai/providers";
import { assertEnv } from "../env";
import { installPeerHeaders } from "../http/peer-headers";
import { detectLocalModels } from "./model-catalog";
import { trackResponses } from "./responses-in-flight";
import { getServices, stopServices } from "./services";

/** How long a shutdown waits for responses still being written (ended streams' last frames). */
const DRAIN_MS = 5_000;

const g = globalThis as { __inceptionStarted?: boolean; __inceptionShutdown?: Array<() => Promise<void>> };

/** Work to finish before the process exits (runner leases, SSE streams...). */
export function onShutdown(fn: () => Promise<void>): void {
  (g.__inceptionShutdown ??= []).push(fn);
}

export async function startServer(): Promise<void> {
  if (g.__inceptionStarted) return;
  g.__inceptionStarted = true;
  // Before the first request: the client's address and scheme as its socket says.
  installPeerHeaders();
  const e = assertEnv();
  // A model its provider cannot serve (no key, no base URL) stops the server here, in one line.
  const problem = modelConfigProblem(e);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
  try {
    const db = await getDb();
    console.log(`Inception Party: database ready (${db.kind === "pglite" ? "embedded PGlite" : "PostgreSQL"})`);
    // Parties a crash or restart left mid-run carry on without anyone opening a page.
    (await getServices()).runner.start();
    onShutdown(stopServices);
    // Local model servers (Ollama, LM Studio) are looked for in the background: where
    // nothing listens the probe is over in milliseconds and says nothing. A server that
    // is there gets longer than later probes do: this process is still busy booting.
    void detectLocalModels(e, { timeoutMs: 3_000 }).catch(() => {});
  } catch (e) {
    console.error(`Inception Party: cannot open the database: ${(e as Error).message}`);
    process.exit(1);
  }
  const inFlight = trackResponses();
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const fn of (g.__inceptionShutdown ?? []).reverse()) {
      await fn().catch((e) => console.error("shutdown step failed:", e));
    }
    // The steps ended every SSE stream; exit only once Next has written their last frames
    // and ended the responses (before the database closes: a request may still need it).
    const open = await inFlight.settled(DRAIN_MS);
    if (open > 0) console.error(`Inception Party: ${open} response(s) still open after ${DRAIN_MS} ms; exiting anyway`);
    await closeDb().catch((e) => console.error("closing the database failed:", e));
    process.exit(signal === "SIGINT" ? 130 : 0);
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}
