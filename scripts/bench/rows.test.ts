import { describe, expect, it } from "vitest";
import { ROWS } from "./rows";
import { endsWith } from "./token-cost";

const options = (quick: boolean) => ({ quick, pgUrl: null, pglite: true, nextDir: ".next", log: () => {} });

describe("bench rows", () => {
  it("each has its own id and a deadline, and --quick fits in five minutes", () => {
    expect(new Set(ROWS.map((r) => r.id)).size).toBe(ROWS.length);
    for (const r of ROWS) {
      expect(r.deadlineMs(options(false)), r.id).toBeGreaterThan(0);
      expect(r.deadlineMs(options(true)), r.id).toBeLessThanOrEqual(r.deadlineMs(options(false)));
    }
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
