// Writers that transform someone else's input: constitution revisions, critiques of
// weak documents, and finalizing a draft from review feedback.
import { describe, expect, it } from "vitest";
import { parsePrompt, formatHeader, formatSections, missingSections, type ConstitutionOutput, type Sections } from "@inception-party/protocol";
import { ProjectContext } from "../context";
import { writeConstitution } from "./write-constitution";
import { writeConstitutionRevision } from "./write-constitution-revision";
import { writeCritique } from "./write-critique";
import { writeFinalize } from "./write-finalize";
import { writeArchitecture } from "./write-architecture";
import { writeReview } from "./write-review";

const description = "A symptom triage assistant for a network of US urgent-care clinics: patients describe symptoms on a tablet, the system suggests a priority, and nurses confirm it. It must integrate with the EHR over HL7 FHIR.";
const ctx = (task: string, agent: string, sections: Sections, artifact?: string) =>
  new ProjectContext(parsePrompt(`${formatHeader({ task, agent, artifact })}\n${formatSections({ project_description: description, ...sections })}`), 42);

describe("constitution revisions", () => {
  const draft = writeConstitution(ctx("constitution.draft", "constitution_generator", {}));
  const revise = (change: string) => writeConstitutionRevision(ctx("constitution.revise", "constitution_generator", { current_draft: JSON.stringify(draft), user_changes: change }));

  it("drafts HIPAA and interoperability articles for health data in the US", () => {
    const titles = draft.articles.filter((a) => a.domain_specific).map((a) => a.title);
    expect(titles).toEqual(expect.arrayContaining(["Health Data Protection (HIPAA)", "Interoperability"]));
  });

  it("changes a threshold in the named article", () => {
    const out = revise("Article 2: lower unit coverage to 70%");
    expect(out.articles[1].summary).toContain("70%");
    expect(out.articles[1].summary).not.toContain("80%");
  });

  it("removes, adds and renames articles", () => {
    const removed = revise("Remove the Documentation Currency article");
    expect(removed.articles.map((a) => a.title)).not.toContain("Documentation Currency");
    const added: ConstitutionOutput = revise("Add an article about on-call ownership of every service");
    expect(added.articles.at(-1)!.title).toMatch(/On-call Ownership/i);
    const renamed = revise("Article 4: rename to Keep It Simple");
    expect(renamed.articles[3].title).toBe("Keep It Simple");
  });

  it("applies each operation of a compound change, and a ban becomes an article", () => {
    const out = revise("Remove the Documentation Currency article, and no Kubernetes because we are two people.");
    expect(out.articles.map((a) => a.title)).not.toContain("Documentation Currency");
    const ban = out.articles.find((a) => a.title === "No Kubernetes")!;
    expect(ban.body).toMatch(/Ruled out by the person during the constitution review \(we are two people\): no change may introduce Kubernetes/);
  });

  it("amends an article identified by its words", () => {
    const out = revise("The observability article should require a weekly review of alert noise");
    const obs = out.articles.find((a) => a.title === "Observability")!;
    expect(obs.body).toMatch(/Amendment: .*weekly review of alert noise/);
  });
});

describe("critique", () => {
  const perspective = JSON.stringify({ name: "Testability", roleLabel: "QA Lead", focusAreas: ["test coverage", "performance"] });

  it("rates a thin, incomplete document low and says why", () => {
    const md = "# Architecture Overview\n\n## Architecture Pattern\n\nWe will use an appropriate, robust, scalable solution with best practices as needed, etc. TODO: decide.\n\n".repeat(2);
    const out = writeCritique(ctx("critique.perspective", "critic", { artifact_content: md, perspective }, "docs/architecture/architecture-overview.md"));
    expect(out.rating).toBeLessThanOrEqual(2);
    expect(out.weaknesses.some((w) => w.startsWith("CRITICAL: missing required sections"))).toBe(true);
    expect(out.weaknesses.join(" ")).toMatch(/placeholder/i);
  });

  it("rates a complete document high and still names its focus areas", () => {
    const md = writeArchitecture(ctx("blueprint.produce", "architect", {}));
    const out = writeCritique(ctx("critique.perspective", "critic", { artifact_content: md, perspective }, "docs/architecture/architecture-overview.md"));
    expect(out.rating).toBeGreaterThanOrEqual(4);
    expect(out.strengths.join(" ")).toMatch(/test coverage|performance/);
  });
});

describe("review and finalize", () => {
  it("finalizing writes missing sections and applies the reviewer's suggestions", () => {
    const full = writeArchitecture(ctx("blueprint.produce", "architect", {}));
    const draft = full.split("## Security")[0];
    const reviewCtx = ctx("blueprint.review", "test_strategist", { artifact_content: draft }, "docs/architecture/architecture-overview.md");
    const review = writeReview(reviewCtx);
    expect(review.alignment_issues.join(" ")).toMatch(/Missing required sections: Security, Deployment & Operations, Architecture Decisions/);
    const feedback = `REVIEW FEEDBACK:\n\nStrengths:\n${review.strengths.map((s) => `- ${s}`).join("\n")}\n\nSuggestions:\n${review.suggestions.map((s) => `- ${s}`).join("\n")}\n\nAlignment Issues:\n${review.alignment_issues.map((s) => `- ${s}`).join("\n")}`;
    const fin = writeFinalize(ctx("blueprint.finalize", "architect", { artifact_content: draft, review_feedback: feedback }, "docs/architecture/architecture-overview.md"));
    expect(missingSections("architecture-overview", fin.markdown)).toEqual([]);
    expect(fin.markdown).toMatch(/clock/i);
    expect(fin.changes_summary).toMatch(/missing sections/);
  });
});
