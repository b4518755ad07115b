import { describe, expect, it } from "vitest";
import { loadRow, loadRows, ROW_IDS } from "./rows";
import { endsWith } from "./token-cost";

const options = (quick: boolean) => ({ quick, pgUrl: null, pglite: true, nextDir: ".next", log: () => {} });

describe("bench rows", () => {
  it("each has its own id, registered under it, and a deadline, --quick's no longer than the full run's", async () => {
    const rows = await loadRows();
    expect(rows.map((r) => r.id)).toEqual(ROW_IDS);
    expect(new Set(ROW_IDS).size).toBe(ROW_IDS.length);
    for (const r of rows) {
      expect(r.deadlineMs(options(false)), r.id).toBeGreaterThan(0);
      expect(r.deadlineMs(options(true)), r.id).toBeLessThanOrEqual(r.deadlineMs(options(false)));
    }
  }, 60_000); // loads every row's dependencies (Lighthouse, the AI SDK, Prisma): seconds on a busy machine

  it("an unknown id is refused, naming the ids there are", async () => {
    await expect(loadRow("9")).rejects.toThrow(/unknown row "9": expected one of 1, 2, 3/);
  });

  it("row 2 finds its end-of-batch frame at the end of a coalesced chunk, and only there", () => {
    const frame = new TextEncoder().encode("event: message-delta\ndata: sentinel-3\n\n");
    const other = new TextEncoder().encode("id: 9\nevent: message-end\ndata: {}\n\n");
    expect(endsWith(frame, frame)).toBe(true);
    expect(endsWith(new Uint8Array([...other, ...frame]), frame)).toBe(true);
    expect(endsWith(new Uint8Array([...frame, ...other]), frame)).toBe(false);
    expect(endsWith(other.slice(0, 3), frame)).toBe(false);
  });
});
