import { describe, expect, it } from "vitest";
import type { PartyContext } from "./agent-step";
import { BUILT_IN_NOTE, withoutProvenance, withProvenance } from "./provenance";

const ctxOn = (spec: string) => ({ models: { modelFor: () => ({ model: null, spec }) } }) as unknown as PartyContext;

describe("a document says when the built-in model wrote it", () => {
  it("the built-in model's version starts with one line saying so, once, and how to reach a real model", () => {
    const doc = withProvenance(ctxOn("offline"), "architect", "# Data Model\n");
    expect(doc).toBe(`${BUILT_IN_NOTE}\n\n# Data Model\n`);
    expect(BUILT_IN_NOTE).toMatch(/Models page/);
    expect(withProvenance(ctxOn("offline"), "architect", doc)).toBe(doc);
  });

  it("a real model's version carries no such line, even when it revised the built-in model's", () => {
    const older = withProvenance(ctxOn("offline"), "architect", "# Data Model\n");
    expect(withProvenance(ctxOn("openai:gpt-4.1"), "architect", older)).toBe("# Data Model\n");
    expect(withoutProvenance(older)).toBe("# Data Model\n");
  });
});
