import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ARTIFACT_KINDS, TASKS, type TaskKey } from "@inception-party/protocol";
import { instructionFor, taskSentence } from "./instructions";

// Where a template names a field in other words than its key.
const ALIASES: Record<string, string[]> = {
  cross_question: ["question for"],
  open_questions: ["question for you"],
  question: ["question for you"],
  vision_summary: ["interpretation"],
  artifact_type: ["artifact summary"],
  summary: ["paragraphs", "one-line summary"],
  agrees: ["agree or dissent"],
  note: ["reason"],
  markdown: ["document"],
  changes_summary: ["changes"],
  domain_specific: ["domain-specific"],
  reply: ["reply:"],
  changes: ["what changes"],
  proposal: ["revised proposal"],
  problem_statement: ["problem statement"],
  addressed_security: ["security:"],
  addressed_ops: ["ops:"],
  domain_practices: ["domain practices"],
};

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, " ");

function fieldsOf(key: TaskKey): string[] {
  const schema = z.toJSONSchema(TASKS[key].schema, { io: "input", unrepresentable: "any" }) as { properties?: Record<string, unknown> };
  return Object.keys(schema.properties ?? {});
}

describe("the prompt contract: each instruction states what its validator checks", () => {
  for (const key of Object.keys(TASKS) as TaskKey[]) {
    it(`${key} names every field of ${TASKS[key].tool}()`, () => {
      const text = norm(instructionFor(key, { artifactKind: "data-model", teammate: "Oscar" }));
      for (const f of fieldsOf(key)) {
        const names = [f.replaceAll("_", " "), ...(ALIASES[f] ?? [])].map(norm);
        expect(names.some((n) => text.includes(n.trim())), `${key}: ${f}`).toBe(true);
      }
    });
  }

  it("document tasks name the exact sections of their kind", () => {
    for (const key of ["blueprint.produce", "blueprint.finalize", "classic.artifact", "artifact.revise"] as const) {
      for (const kind of Object.keys(ARTIFACT_KINDS) as Array<keyof typeof ARTIFACT_KINDS>) {
        const text = instructionFor(key, { artifactKind: kind });
        for (const s of ARTIFACT_KINDS[kind].sections) expect(text).toContain(`"## ${s}"`);
      }
    }
  });

  it("a cross-question names the teammate it is for", () => {
    expect(instructionFor("vision.interpretation", { teammate: "Tessa" })).toContain("QUESTION FOR TESSA:");
  });

  it("the reminder is the task in one sentence", () => {
    expect(taskSentence("blueprint.produce", { artifactKind: "data-model" })).toBe(
      "Write the Data Model (docs/architecture/data-model.md) as one complete markdown document, grounded in the brief and the approved stack, with exactly these `## ` sections, in this order, named exactly so: \"## Entities\", \"## Relationships\", \"## Indexes & Constraints\", \"## Data Protection & Retention\", \"## Migrations\".",
    );
  });
});
