// Critique with teeth: a document that misses what the person named, keeps money they
// ruled out or uses a technology they forbade is rated low — and the revision round
// fixes exactly that.
import { describe, expect, it } from "vitest";
import { ARTIFACT_PATHS, type ArtifactOutput, type CritiqueOutput, type FinalizedArtifactOutput } from "@inception-party/protocol";
import { createOfflineModel } from "../index";
import { serialize } from "../testing/party-fixtures";

const DESCRIPTION =
  "A community gardens app: members reserve plots, log harvests, swap seeds and tools, organisers send watering rotas and announcements. Volunteer-run, tiny budget, no payments.";
const perspective = JSON.stringify({ name: "Product", roleLabel: "Product Analyst", focusAreas: ["user value", "scope"] });
const model = createOfflineModel({ seed: 42, tokensPerSecond: 0, firstTokenMs: 0 });

async function goodDataModel(): Promise<string> {
  const out = (await serialize(model, "blueprint.produce", "data_modeler", { project_description: DESCRIPTION, project_title: "Green Plots" }, ARTIFACT_PATHS.dataModel)) as ArtifactOutput;
  return out.markdown;
}

/** What a careless writer produced: no Plot, no Reservation, and a Stripe payment table. */
function badDataModel(good: string): string {
  const drop = (md: string, name: string) => md.replace(new RegExp(`^### ${name}\\n[\\s\\S]*?(?=^### |^## )`, "m"), "");
  const payment = "### Payment\n\nA charge at Stripe. Table `payments`.\n\n| Field | Type | Constraints | Notes |\n| --- | --- | --- | --- |\n| `id` | uuid | PK |  |\n| `amount` | integer (minor units) | not null |  |\n\n";
  return drop(drop(good, "Plot"), "Reservation").replace("## Relationships", `${payment}## Relationships`);
}

async function critique(md: string): Promise<CritiqueOutput> {
  return (await serialize(model, "critique.perspective", "nadia", { project_description: DESCRIPTION, artifact_content: md, perspective }, ARTIFACT_PATHS.dataModel)) as CritiqueOutput;
}

describe("critique against the description", () => {
  it("approves a data model that has every entity the person named", async () => {
    const c = await critique(await goodDataModel());
    expect(c.rating).toBeGreaterThanOrEqual(3);
    expect(c.weaknesses.join(" ")).not.toMatch(/CRITICAL/);
    expect(c.strengths[0]).toMatch(/^Models every entity the person named \(Reservation, Plot, Harvest, Swap, Seed, Tool, Organiser, WateringRota, Announcement\)/);
  });

  it("rates a data model missing a named entity at 2 or less and says which, quoting the person", async () => {
    const c = await critique(badDataModel(await goodDataModel()));
    expect(c.rating).toBeLessThanOrEqual(2);
    expect(c.weaknesses).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^CRITICAL: no Plot entity, though the description names it: “A community gardens app: members reserve plots/),
        expect.stringMatching(/^CRITICAL: no Reservation entity/),
        expect.stringMatching(/Money fields or payment tables appear/),
      ]),
    );
  });

  it("the revision round fixes what the critique found", async () => {
    const bad = badDataModel(await goodDataModel());
    const c = await critique(bad);
    const feedback = `Critique action items (address each):\n${c.suggestions.map((s) => `- ${s}`).join("\n")}`;
    const fixed = (await serialize(model, "blueprint.finalize", "data_modeler", { project_description: DESCRIPTION, artifact_content: bad, review_feedback: feedback }, ARTIFACT_PATHS.dataModel)) as FinalizedArtifactOutput;
    expect(fixed.markdown).toMatch(/^### Plot$/m);
    expect(fixed.markdown).toMatch(/^### Reservation$/m);
    expect(fixed.markdown).toMatch(/A Plot has many Reservations/);
    expect(fixed.markdown).not.toMatch(/### Payment|minor units/);
    expect(fixed.changes_summary).toMatch(/added the Plot entity you named/);
    expect((await critique(fixed.markdown)).rating).toBeGreaterThanOrEqual(3);
  });

  it("rates an architecture that uses a technology the person ruled out at 2 or less", async () => {
    const stack = { architecture_pattern: "Modular monolith — ruled out by you: Kubernetes", language: { choice: "TypeScript", rationale: "known" }, runtime: "Node.js 22", framework: { choice: "Next.js", rationale: "x" }, database: { choice: "PostgreSQL 17", rationale: "x" }, additional: [], test_runner: "Vitest", package_manager: "pnpm" };
    const arch = (await serialize(model, "blueprint.produce", "architect", { project_description: DESCRIPTION, tech_stack: JSON.stringify(stack) }, ARTIFACT_PATHS.architecture)) as ArtifactOutput;
    const withK8s = arch.markdown.replace("## Deployment & Operations", "## Deployment & Operations\n\n- Hosting: a Kubernetes cluster with three nodes.");
    const c = (await serialize(model, "critique.perspective", "felix", { project_description: DESCRIPTION, tech_stack: JSON.stringify(stack), artifact_content: withK8s, perspective }, ARTIFACT_PATHS.architecture)) as CritiqueOutput;
    expect(c.rating).toBeLessThanOrEqual(2);
    expect(c.weaknesses[0]).toBe("CRITICAL: uses Kubernetes, which the person ruled out");
  });
});
