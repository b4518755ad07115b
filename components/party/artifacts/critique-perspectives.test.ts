import { describe, expect, it } from "vitest";
import { PERSPECTIVE_PRESETS } from "@/lib/party/critique-round";
import { DEFAULT_PERSPECTIVES } from "@/lib/vocabulary";
import { clampRating, PERSPECTIVE_OPTIONS, recommendationLabel, severityLevel, verdictLabel } from "./critique-perspectives";

describe("critique perspectives", () => {
  it("offers exactly the server's perspective presets, under their names", () => {
    expect(PERSPECTIVE_OPTIONS.map((p) => p.key).sort()).toEqual(Object.keys(PERSPECTIVE_PRESETS).sort());
    for (const p of PERSPECTIVE_OPTIONS) expect(p.name).toBe(PERSPECTIVE_PRESETS[p.key].name);
    for (const k of DEFAULT_PERSPECTIVES) expect(PERSPECTIVE_PRESETS[k]).toBeDefined();
  });

  it("reads verdicts, recommendations, severities and ratings for people", () => {
    expect(verdictLabel("consensus_reached")).toBe("Consensus reached");
    expect(verdictLabel("consensus_blocked")).toBe("Consensus blocked");
    expect(verdictLabel("")).toBe("No verdict");
    expect(recommendationLabel("proceed-with-caution")).toBe("Proceed with caution");
    expect(["HIGH", "medium", " LOW ", "", "weird"].map(severityLevel)).toEqual(["HIGH", "MEDIUM", "LOW", "NONE", "NONE"]);
    expect([4, 4.6, 9, -1, Number.NaN].map(clampRating)).toEqual([4, 5, 5, 0, 0]);
  });
});
