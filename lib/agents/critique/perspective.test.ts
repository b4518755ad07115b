import { describe, expect, it } from "vitest";
import { PerspectiveListSchema, PerspectiveResultSchema, PerspectiveSchema } from "./perspective";

const valid = { name: "Clarity", roleLabel: "Editor", focusAreas: ["Readability"] };

describe("PerspectiveSchema", () => {
  it("accepts a minimal perspective and an optional model", () => {
    expect(PerspectiveSchema.parse(valid)).toEqual(valid);
    expect(PerspectiveSchema.parse({ ...valid, model: "gpt-x" }).model).toBe("gpt-x");
  });

  it.each([
    ["empty name", { ...valid, name: "  " }, "name"],
    ["name over 60", { ...valid, name: "x".repeat(61) }, "name"],
    ["no focus areas", { ...valid, focusAreas: [] }, "focusAreas"],
    ["9 focus areas", { ...valid, focusAreas: Array.from({ length: 9 }, (_, i) => `f${i}`) }, "focusAreas"],
    ["empty focus area", { ...valid, focusAreas: ["ok", ""] }, "focusAreas.1"],
    ["empty model", { ...valid, model: "" }, "model"],
    ["unknown key", { ...valid, cliTool: "gemini" }, ""],
  ])("rejects %s", (_label, input, path) => {
    const result = PerspectiveSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].path.join(".")).toBe(path);
  });
});

describe("PerspectiveResultSchema", () => {
  const ok = { strengths: ["a"], weaknesses: [], suggestions: ["b"], rating: 3 };

  it("accepts empty lists and integer ratings 1..5", () => {
    for (const rating of [1, 2, 3, 4, 5]) expect(PerspectiveResultSchema.safeParse({ ...ok, rating }).success).toBe(true);
  });

  it.each([0, 6, 2.5, "4"])("rejects rating %s", (rating) => {
    expect(PerspectiveResultSchema.safeParse({ ...ok, rating }).success).toBe(false);
  });

  it("rejects empty strings and extra keys", () => {
    expect(PerspectiveResultSchema.safeParse({ ...ok, strengths: [""] }).success).toBe(false);
    expect(PerspectiveResultSchema.safeParse({ ...ok, verdict: "good" }).success).toBe(false);
  });
});

describe("PerspectiveListSchema", () => {
  it("requires 1..6 perspectives", () => {
    expect(PerspectiveListSchema.safeParse([]).success).toBe(false);
    const seven = Array.from({ length: 7 }, (_, i) => ({ ...valid, name: `P${i}` }));
    expect(PerspectiveListSchema.safeParse(seven).success).toBe(false);
    expect(PerspectiveListSchema.safeParse(seven.slice(0, 6)).success).toBe(true);
  });

  it("rejects duplicate names case-insensitively, pointing at the later one", () => {
    const result = PerspectiveListSchema.safeParse([valid, { ...valid, name: "clarity" }]);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].path).toEqual([1, "name"]);
    expect(result.error?.issues[0].message).toContain('duplicate perspective name "clarity"');
  });
});
