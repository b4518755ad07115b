import { describe, expect, it } from "vitest";
import { PrefixWarmup } from "./prefix-warmup";

const settled = async (p: Promise<unknown>) => {
  let done = false;
  void p.then(() => (done = true));
  await new Promise((r) => setTimeout(r, 5));
  return done;
};

describe("PrefixWarmup", () => {
  it("lets the first call go at once and the others when it begins; later calls pass at once", async () => {
    const gate = new PrefixWarmup();
    const begin = await gate.enter("p", 10_000);
    const second = gate.enter("p", 10_000);
    expect(await settled(second)).toBe(false);
    expect(await settled(gate.enter("other", 10_000))).toBe(true); // another prefix does not wait
    begin();
    expect(await settled(second)).toBe(true);
    expect(await settled(gate.enter("p", 10_000))).toBe(true);
  });

  it("waits at most the bound, and not past an abort", async () => {
    const gate = new PrefixWarmup();
    await gate.enter("p", 10_000);
    const t0 = Date.now();
    await gate.enter("p", 30);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(25);
    const ac = new AbortController();
    const waiting = gate.enter("p", 10_000, ac.signal);
    expect(await settled(waiting)).toBe(false);
    ac.abort();
    expect(await settled(waiting)).toBe(true);
  });
});
