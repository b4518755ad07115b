// `npm run dev` compiles each route on its first request, which made the first page
// take ~20 s and the first question ~45 s after "Start" on a busy 2-core machine. Once
// the dev server listens, request the routes a kickoff needs so they compile while the
// person reads the home page. Production builds need none of this.

/** Pages and API routes of one kickoff, in the order a person meets them. */
export const WARM_PATHS = [
  "/",
  "/api/parties",
  "/parties/warmup",
  "/api/parties/warmup",
  "/api/parties/warmup/events",
  "/api/parties/warmup/input",
  "/api/parties/warmup/artifacts",
  "/api/session",
] as const;

export interface WarmupDeps {
  /** The server's own origin once it listens (Next sets it), else undefined. */
  origin: () => string | undefined;
  fetch: typeof fetch;
  log: (msg: string) => void;
  sleep?: (ms: number) => Promise<void>;
  /** Give up waiting for the server to listen after this long. */
  waitMs?: number;
}

export async function warmDevRoutes(deps: WarmupDeps): Promise<number> {
  const sleep = deps.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  const deadline = Date.now() + (deps.waitMs ?? 60_000);
  let origin = deps.origin();
  while (!origin && Date.now() < deadline) {
    await sleep(250);
    origin = deps.origin();
  }
  if (!origin) {
    deps.log("dev warm-up skipped: the server's address never became known");
    return 0;
  }
  const started = Date.now();
  let warmed = 0;
  for (const path of WARM_PATHS) {
    try {
      // Any status will do (404 for the made-up party, 405 for a POST-only route): the
      // request is what makes the dev server compile the route.
      const r = await deps.fetch(`${origin}${path}`, { redirect: "manual" });
      await r.arrayBuffer();
      warmed++;
    } catch (e) {
      deps.log(`dev warm-up of ${path} failed: ${(e as Error).message}`);
    }
  }
  deps.log(`dev warm-up: ${warmed}/${WARM_PATHS.length} routes compiled in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return warmed;
}
