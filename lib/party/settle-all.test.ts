import { describe, expect, it } from "vitest";
import { settleAll } from "./settle-all";

describe("settleAll", () => {
  it("returns the values in order", async () => {
    expect(await settleAll([Promise.resolve(1), new Promise((r) => setTimeout(() => r(2), 5))])).toEqual([1, 2]);
  });

  it("rejects with the first failure only after the slower promises finished", async () => {
    let slowDone = false;
    const slow = new Promise<number>((r) => setTimeout(() => ((slowDone = true), r(2)), 20));
    await expect(settleAll([Promise.reject(new Error("cancelled")), slow])).rejects.toThrow("cancelled");
    expect(slowDone).toBe(true);
  });
});
