import { describe, expect, it } from "vitest";
import { warmDevRoutes, WARM_PATHS } from "./dev-warmup";

describe("warmDevRoutes", () => {
  it("waits until the server listens, then requests every route of a kickoff once", async () => {
    const seen: string[] = [];
    let polls = 0;
    const logs: string[] = [];
    const n = await warmDevRoutes({
      origin: () => (++polls < 3 ? undefined : "http://localhost:3000"),
      fetch: (async (url: string) => {
        seen.push(url);
        return new Response(url.endsWith("/api/session") ? null : "x", { status: url.endsWith("/api/session") ? 405 : 404 });
      }) as typeof fetch,
      log: (m) => logs.push(m),
      sleep: async () => undefined,
    });
    expect(n).toBe(WARM_PATHS.length);
    expect(seen).toEqual(WARM_PATHS.map((p) => `http://localhost:3000${p}`));
    expect(logs.at(-1)).toMatch(/^dev warm-up: 8\/8 routes compiled in/);
  });

  it("logs a failed route and goes on with the others", async () => {
    const logs: string[] = [];
    const n = await warmDevRoutes({
      origin: () => "http://localhost:3000",
      fetch: (async (url: string) => {
        if (url.endsWith("/api/parties")) throw new Error("ECONNRESET");
        return new Response("ok");
      }) as typeof fetch,
      log: (m) => logs.push(m),
    });
    expect(n).toBe(WARM_PATHS.length - 1);
    expect(logs).toContain("dev warm-up of /api/parties failed: ECONNRESET");
  });

  it("gives up, saying so, when the server never listens", async () => {
    const logs: string[] = [];
    let now = 0;
    const n = await warmDevRoutes({ origin: () => undefined, fetch: fetch, log: (m) => logs.push(m), sleep: async (ms) => void (now += ms), waitMs: 0 });
    expect(n).toBe(0);
    expect(logs).toEqual(["dev warm-up skipped: the server's address never became known"]);
    expect(now).toBe(0);
  });
});
