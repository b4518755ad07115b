import { describe, expect, it, vi } from "vitest";
import { CritiqueError } from "./critique-error";
import type { Perspective, PerspectiveResult } from "./perspective";
import { runCritique, type RunCritiqueInput, type RunPerspective } from "./run-critique";

const perspectives: Perspective[] = [
  { name: "Feasibility", model: "gemini", roleLabel: "Engineer", focusAreas: ["Implementation complexity"] },
  { name: "Clarity", model: "codex", roleLabel: "Editor", focusAreas: ["Readability"] },
  { name: "Accuracy", roleLabel: "Domain Expert", focusAreas: ["Factual correctness"] },
];

const result = (rating: number, extra: Partial<PerspectiveResult> = {}): PerspectiveResult => ({
  strengths: [],
  weaknesses: [],
  suggestions: [],
  rating,
  ...extra,
});

const ARTIFACT = "# Architecture\n\nThe system has three services.\n";

/** A runner answering from a table keyed by perspective name. */
const answering =
  (answers: Record<string, PerspectiveResult>): RunPerspective =>
  async (perspective) =>
    answers[perspective.name];

const failing: RunPerspective = async (perspective) => {
  throw new Error(`${perspective.name} timed out`);
};

function input(overrides: Partial<RunCritiqueInput> = {}): RunCritiqueInput {
  return {
    roundId: "arch-1",
    artifactPath: "architecture/overview.md",
    artifactContent: ARTIFACT,
    perspectives,
    runPerspective: failing,
    fallbackRunPerspective: failing,
    ...overrides,
  };
}

async function critiqueError(promise: Promise<unknown>): Promise<CritiqueError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CritiqueError);
  return error as CritiqueError;
}

describe("runCritique: the critique rules end to end", () => {
  // Severity is the spread of the ratings; consensus also needs no critical issue and an average >= 3.
  it.each([
    { ratings: [4, 4, 5], critical: false, severity: "LOW", verdict: "consensus_reached", recommendation: "proceed" },
    { ratings: [3, 3, 3], critical: false, severity: "LOW", verdict: "consensus_reached", recommendation: "proceed" }, // average exactly 3.0
    { ratings: [3, 3, 5], critical: false, severity: "MEDIUM", verdict: "consensus_reached", recommendation: "proceed" }, // spread 2
    { ratings: [4, 4, 2], critical: false, severity: "MEDIUM", verdict: "consensus_reached", recommendation: "proceed" }, // average 3.3
    { ratings: [2, 4, 5], critical: false, severity: "HIGH", verdict: "consensus_blocked", recommendation: "revise" },
    { ratings: [1, 5, 5], critical: false, severity: "HIGH", verdict: "consensus_blocked", recommendation: "revise" }, // spread 4
    { ratings: [5, 3, 2], critical: false, severity: "HIGH", verdict: "consensus_blocked", recommendation: "revise" },
    { ratings: [2, 2, 2], critical: false, severity: "LOW", verdict: "consensus_blocked", recommendation: "revise" }, // agreement that it is weak; average 2.0 is not below 2
    { ratings: [2, 3, 3], critical: false, severity: "LOW", verdict: "consensus_blocked", recommendation: "revise" }, // average 2.7
    { ratings: [1, 1, 2], critical: false, severity: "LOW", verdict: "consensus_blocked", recommendation: "escalate" }, // average 1.3
    { ratings: [5, 5, 5], critical: true, severity: "LOW", verdict: "consensus_blocked", recommendation: "revise" }, // critical issue, good ratings
  ])("$ratings critical=$critical → $severity / $verdict / $recommendation", async (row) => {
    const answers = Object.fromEntries(
      perspectives.map((p, i) => [
        p.name,
        result(row.ratings[i], row.critical && i === 0 ? { weaknesses: ["CRITICAL: No rollback plan"] } : {}),
      ]),
    );
    const out = await runCritique(input({ runPerspective: answering(answers) }));
    expect({ severity: out.severity, verdict: out.verdict, recommendation: out.recommendation }).toEqual({
      severity: row.severity,
      verdict: row.verdict,
      recommendation: row.recommendation,
    });
    expect(out.averageRating).toBeCloseTo(row.ratings.reduce((a, b) => a + b, 0) / 3);
    expect(out.ratings.map((r) => r.rating)).toEqual(row.ratings);
  });
});

describe("runCritique: the result", () => {
  it("returns the reached verdict with its action items", async () => {
    const out = await runCritique(
      input({
        runPerspective: answering({
          Feasibility: result(4, { strengths: ["Clear service boundaries"], suggestions: ["Add a sequence diagram", "Name the queues"] }),
          Clarity: result(4, { strengths: ["Service boundaries are clear"], suggestions: ["Define the acronyms"] }),
          Accuracy: result(5, { suggestions: ["Cite the load figures"] }),
        }),
      }),
    );
    expect(out.verdict).toBe("consensus_reached");
    expect(out.treatAsReached).toBe(true);
    expect(out.convergentThemes).toEqual([
      { kind: "strength", text: "Clear service boundaries", perspectives: ["Feasibility", "Clarity"] },
    ]);
    expect(out.recordPath).toBe("discussions/arch-1-discussion.md");
    expect(out.actionItems.slice(0, 3).map((a) => a.text)).toEqual(["Add a sequence diagram", "Name the queues", "Define the acronyms"]);
    expect(out.failures).toEqual([]);
  });

  it("returns the blocked verdict with its divergences, action items and recommendation", async () => {
    const out = await runCritique(
      input({
        runPerspective: answering({
          Feasibility: result(4, { suggestions: ["Add caching"] }),
          Clarity: result(2, { suggestions: ["Rewrite the overview"] }),
          Accuracy: result(5, { weaknesses: ["CRITICAL: Data model contradicts the brief"] }),
        }),
      }),
    );
    expect([out.verdict, out.severity, out.recommendation]).toEqual(["consensus_blocked", "HIGH", "revise"]);
    expect(out.divergentViews.map((p) => `${p.topic} (${p.severity}): ${p.description}`)).toEqual([
      "Critical issue (HIGH): Data model contradicts the brief (raised by Accuracy)",
      "Low rating (HIGH): Clarity rated 2/5; the others averaged 4.5/5",
    ]);
    expect(out.actionItems.slice(0, 3).map((a) => a.text)).toEqual([
      "Resolve critical issue: Data model contradicts the brief",
      "Rewrite the overview",
      "Add caching",
    ]);
    expect(out.record).toContain("**Consensus**: blocked\n**Average Rating**: 3.7/5\n");
  });

  it("escalates a block whose average is below 2", async () => {
    const out = await runCritique(input({ runPerspective: answering({ Feasibility: result(1), Clarity: result(1), Accuracy: result(1) }) }));
    expect([out.verdict, out.recommendation]).toEqual(["consensus_blocked", "escalate"]);
  });

  it("runs the perspectives in parallel", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const started: string[] = [];
    const run = runCritique(
      input({
        runPerspective: async (p) => {
          started.push(p.name);
          await gate;
          return result(4);
        },
      }),
    );
    await Promise.resolve();
    await Promise.resolve();
    expect(started).toEqual(["Feasibility", "Clarity", "Accuracy"]);
    release();
    expect((await run).verdict).toBe("consensus_reached");
  });
});

describe("runCritique: error handling", () => {
  it("falls back to the default model for a single failing perspective and flags it", async () => {
    const fallback = vi.fn<RunPerspective>(async () => result(3, { suggestions: ["Shorten section 2"] }));
    const out = await runCritique(
      input({
        runPerspective: async (p) => {
          if (p.name === "Clarity") throw new Error("codex exited with 1");
          return result(4);
        },
        fallbackRunPerspective: fallback,
      }),
    );
    expect(fallback).toHaveBeenCalledTimes(1);
    expect(fallback).toHaveBeenCalledWith(perspectives[1], ARTIFACT);
    expect(out.ratings).toEqual([
      { name: "Feasibility", rating: 4, usedFallback: false, source: "perspective" },
      { name: "Clarity", rating: 3, usedFallback: true, source: "fallback" },
      { name: "Accuracy", rating: 4, usedFallback: false, source: "perspective" },
    ]);
    expect(out.failures).toEqual([{ name: "Clarity", stage: "primary", message: "codex exited with 1" }]);
    expect(out.record).toContain("| Clarity (fallback) | 3/5 |");
  });

  it("treats malformed perspective output as a failure and falls back", async () => {
    const out = await runCritique(
      input({
        runPerspective: answering({ Feasibility: result(4), Clarity: { ...result(4), rating: 7 }, Accuracy: result(4) }),
        fallbackRunPerspective: async () => result(4),
      }),
    );
    expect(out.ratings[1]).toMatchObject({ name: "Clarity", usedFallback: true });
    expect(out.failures[0].message).toBe('Invalid result from "Clarity": rating: must be at most 5');
  });

  it("drops a perspective whose fallback also fails and marks it failed in the record", async () => {
    const out = await runCritique(
      input({
        runPerspective: async (p) => {
          if (p.name === "Accuracy") throw new Error("primary down");
          return result(4);
        },
        fallbackRunPerspective: async () => {
          throw new Error("fallback down");
        },
      }),
    );
    expect(out.ratings.map((r) => r.name)).toEqual(["Feasibility", "Clarity"]);
    expect(out.failures).toEqual([
      { name: "Accuracy", stage: "primary", message: "primary down" },
      { name: "Accuracy", stage: "fallback", message: "fallback down" },
    ]);
    expect(out.record).toContain("**Perspectives**: Feasibility, Clarity, Accuracy (failed)\n");
  });

  it("uses the direct reading when every perspective and fallback fails", async () => {
    const direct = vi.fn(() => result(3, { strengths: ["Has a title"], suggestions: ["Add a risks section"] }));
    const out = await runCritique(input({ readArtifactDirectly: direct }));
    expect(direct).toHaveBeenCalledWith(ARTIFACT);
    expect(out.ratings).toEqual([{ name: "Direct reading", rating: 3, usedFallback: true, source: "direct-reading" }]);
    expect(out.failures).toHaveLength(6);
    expect(out.verdict).toBe("consensus_reached");
    expect(out.actionItems.map((a) => a.text)).toEqual(["Add a risks section"]);
    expect(out.record).toContain(
      "**Perspectives**: Feasibility (failed), Clarity (failed), Accuracy (failed), Direct reading\n",
    );
    expect(out.record).toContain("| Direct reading | 3/5 |");
  });

  it("uses the built-in direct reading when none is injected", async () => {
    const out = await runCritique(input({ artifactContent: "TODO" }));
    expect(out.ratings).toEqual([{ name: "Direct reading", rating: 1, usedFallback: true, source: "direct-reading" }]);
    expect(out.verdict).toBe("consensus_blocked");
  });

  it("rejects an invalid direct reading", async () => {
    const error = await critiqueError(runCritique(input({ readArtifactDirectly: () => result(0) })));
    expect(error.code).toBe("invalid_direct_reading");
    expect(error.fields).toEqual(["rating"]);
  });

  it("returns artifact_not_found immediately, without running any perspective", async () => {
    const run = vi.fn<RunPerspective>(async () => result(5));
    const fallback = vi.fn<RunPerspective>(async () => result(5));
    const direct = vi.fn(() => result(5));
    const error = await critiqueError(
      runCritique(input({ artifactContent: null, runPerspective: run, fallbackRunPerspective: fallback, readArtifactDirectly: direct })),
    );
    expect(error.code).toBe("artifact_not_found");
    expect(error.message).toBe("Artifact not found: architecture/overview.md");
    expect(run).not.toHaveBeenCalled();
    expect(fallback).not.toHaveBeenCalled();
    expect(direct).not.toHaveBeenCalled();
  });
});

describe("runCritique: input validation names the field", () => {
  it.each([
    ["duplicate name", { perspectives: [perspectives[0], { ...perspectives[1], name: "feasibility" }] }, "perspectives[1].name", /duplicate perspective name/],
    ["no perspectives", { perspectives: [] }, "perspectives", /at least 1 perspective/],
    ["seven perspectives", { perspectives: Array.from({ length: 7 }, (_, i) => ({ ...perspectives[0], name: `P${i}` })) }, "perspectives", /at most 6/],
    ["empty focus areas", { perspectives: [{ ...perspectives[0], focusAreas: [] }] }, "perspectives[0].focusAreas", /at least 1 focus area/],
    ["bad round id", { roundId: "Arch 1" }, "roundId", /must match/],
    ["empty artifact path", { artifactPath: " " }, "artifactPath", /must not be empty/],
    ["missing runner", { runPerspective: undefined }, "runPerspective", /must be a function/],
  ])("%s → %s", async (_label, overrides, field, rule) => {
    const run = vi.fn<RunPerspective>(async () => result(5));
    const error = await critiqueError(
      runCritique({ ...input({ runPerspective: run }), ...(overrides as Partial<RunCritiqueInput>) }),
    );
    expect(error.code).toBe("invalid_input");
    expect(error.fields).toContain(field);
    expect(error.message).toContain(`${field}: `);
    expect(error.message).toMatch(rule);
    expect(run).not.toHaveBeenCalled();
  });
});
