import { describe, expect, it } from "vitest";
import { decodeWakeUps, encodeWakeUps } from "./notify";

describe("wake-up payloads", () => {
  it("round-trip an instance id with colons (host:port) and every party's seq", () => {
    const seqs = new Map([
      ["p1", 12],
      ["p:2", 7],
    ]);
    const [payload, ...rest] = encodeWakeUps("web-1:3000", seqs);
    expect(rest).toEqual([]);
    expect(decodeWakeUps(payload)).toEqual({ instanceId: "web-1:3000", seqs: [...seqs] });
  });

  it("split many parties into payloads under PostgreSQL's 8000-byte limit, losing none", () => {
    const seqs = new Map(Array.from({ length: 600 }, (_, i) => [`party_${i.toString().padStart(20, "0")}`, i * 1000] as [string, number]));
    const payloads = encodeWakeUps("instance", seqs);
    expect(payloads.length).toBeGreaterThan(1);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThan(8000);
    expect(payloads.flatMap((p) => decodeWakeUps(p)!.seqs)).toEqual([...seqs]);
  });

  it("refuse what is not a wake-up", () => {
    for (const bad of ["", "x:p1:3", "{}", '{"i":"a","p":[["p",1.5]]}', '{"i":1,"p":[]}']) expect(decodeWakeUps(bad), bad).toBeNull();
  });
});
