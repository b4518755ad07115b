// Wake-ups between instances on a real PostgreSQL (PGlite is one process: nothing to wake).
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { NOTIFY_MS, startNotifier } from "./notify";

const url = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!url)("notifier", () => {
  it("sends one NOTIFY for a burst of writes to many parties; other instances get each party's last seq, the sender none", async () => {
    const tag = randomBytes(4).toString("hex");
    const got: Record<string, Array<[string, number]>> = { a: [], b: [] };
    const start = (name: "a" | "b") =>
      startNotifier({ url: url!, instanceId: `host-${tag}:${name}`, onRemote: (p, s) => got[name].push([p, s]), onResync: () => {} });
    const a = await start("a");
    const b = await start("b");
    try {
      for (let seq = 1; seq <= 20; seq++) for (const p of ["p1", "p2", "p3"]) a.notify(`${tag}-${p}`, seq);
      await sleep(NOTIFY_MS + 400);
      expect(got.b.sort()).toEqual([
        [`${tag}-p1`, 20],
        [`${tag}-p2`, 20],
        [`${tag}-p3`, 20],
      ]);
      expect(got.a).toEqual([]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
