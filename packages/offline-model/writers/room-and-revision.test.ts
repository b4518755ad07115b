// The person speaks into the room, or asks for a revision of a finished document: the
// offline model reads what they said and acts on it.
import { describe, expect, it } from "vitest";
import { ARTIFACT_PATHS, formatPersonMessages, type ArtifactOutput, type ProposalOutput, type ReplyOutput, type RevisedArtifactOutput } from "@inception-party/protocol";
import { createOfflineModel } from "../index";
import { serialize } from "../testing/party-fixtures";

const model = createOfflineModel({ seed: 42, tokensPerSecond: 0, firstTokenMs: 0 });
const GARDENS = "A community gardens app: members reserve plots, log harvests, swap seeds and tools, organisers send watering rotas and announcements. Volunteer-run, tiny budget, no payments.";
const ANSWERS = "About 300 members across 4 gardens. The two volunteer developers know TypeScript.";
const FOOD =
  "A marketplace app that connects home cooks with neighbours who want to order home-made meals. Cooks list dishes with photos and pickup times; buyers pay in the app; the platform takes a 12% commission.";
const RUNBOOKS = "An internal runbook tool for a 30-person SRE team: searchable runbooks in markdown, step checklists executed during incidents with timestamps.";

const said = (text: string, to: string | null = null) => formatPersonMessages([{ to, text }]);

describe("room.reply", () => {
  it("answers a question about SQLite for this project", async () => {
    const r = (await serialize(model, "room.reply", "liam", { project_description: GARDENS, user_response: ANSWERS, project_title: "Green Plots", person_messages: said("Is SQLite enough for us?") })) as ReplyOutput;
    expect(r.reply).toMatch(/SQLite on one server/);
    expect(r.reply).toMatch(/300 members/);
    expect(r.reply).toMatch(/The plan uses PostgreSQL/);
    expect(r.changes).toEqual([]);
  });

  it("agrees to drop Kubernetes and says what replaces it", async () => {
    const proposal = (await serialize(model, "stack.proposal", "liam", { project_description: RUNBOOKS })) as ProposalOutput;
    expect(JSON.stringify(proposal)).toMatch(/Kubernetes/);
    const r = (await serialize(model, "room.reply", "liam", { project_description: RUNBOOKS, tech_stack: JSON.stringify(proposal), person_messages: said("Please drop Kubernetes, it is too much for us.") })) as ReplyOutput;
    expect(r.reply).toMatch(/Agreed to drop Kubernetes \(it is too much for us\): Hosting: .*Kubernetes.* → a managed container platform/);
    expect(r.changes[0]).toMatch(/→ a managed container platform/);
  });

  it("says what it could not understand, and what it keeps", async () => {
    const r = (await serialize(model, "room.reply", "liam", { project_description: GARDENS, person_messages: said("Purple elephants dance quietly.") })) as ReplyOutput;
    expect(r.reply).toMatch(/I could not tell what you want changed in “Purple elephants dance quietly”; I kept TypeScript/);
  });

  it("a remark mid-debate shapes the agent's later turns in the phase", async () => {
    const before = (await serialize(model, "stack.proposal", "liam", { project_description: RUNBOOKS })) as ProposalOutput;
    const after = (await serialize(model, "stack.proposal", "liam", { project_description: RUNBOOKS, person_messages: said("No Kubernetes.") })) as ProposalOutput;
    expect(JSON.stringify(before)).toMatch(/Kubernetes\)/);
    expect(after.additional.map((a) => a.choice).join(" ")).not.toMatch(/Kubernetes/);
    expect(after.architecture_pattern).toMatch(/ruled out by you: Kubernetes/);
  });
});

describe("vision.interpretation", () => {
  it("names back an answer it could not read instead of guessing", async () => {
    const out = (await serialize(model, "vision.interpretation", "nadia", { project_description: GARDENS, user_response: "The watering rota hurts most. Purple elephants dance quietly." })) as { key_points: string[] };
    expect(out.key_points.at(-1)).toBe("I could not tell what you meant by “Purple elephants dance quietly”, so I left it out rather than guess; please say it another way if it matters");
  });
});

describe("artifact.revise", () => {
  async function dataModel(description: string): Promise<string> {
    return ((await serialize(model, "blueprint.produce", "data_modeler", { project_description: description }, ARTIFACT_PATHS.dataModel)) as ArtifactOutput).markdown;
  }

  it("adds an entity with the fields the person named, and its relations", async () => {
    const md = await dataModel("A booking app for a climbing gym: climbers book sessions and managers set the capacity of each time slot.");
    expect(md).not.toMatch(/### Announcement/);
    const r = (await serialize(model, "artifact.revise", "data_modeler", { project_description: "A booking app for a climbing gym: climbers book sessions and managers set the capacity of each time slot.", current_draft: md, user_changes: "Add an Announcement entity with a title, body and publish date." }, ARTIFACT_PATHS.dataModel)) as RevisedArtifactOutput;
    const block = /### Announcement[\s\S]*?(?=\n### |\n## )/.exec(r.markdown)?.[0] ?? "";
    expect(block).toMatch(/`title` \| text/);
    expect(block).toMatch(/`body` \| text/);
    expect(block).toMatch(/`publish_date` \| date/);
    expect(block).toMatch(/FK → User/);
    expect(r.markdown).toMatch(/A User writes many Announcements/);
    expect(r.changes_summary).toMatch(/^Applied your feedback: added the Announcement entity \(title, body and publish_date\) linked to User/);
  });

  it("takes money out everywhere when the person says they won't take payments", async () => {
    const md = await dataModel(FOOD);
    expect(md).toMatch(/### Payment/);
    const r = (await serialize(model, "artifact.revise", "data_modeler", { project_description: FOOD, current_draft: md, user_changes: "We won't take payments." }, ARTIFACT_PATHS.dataModel)) as RevisedArtifactOutput;
    expect(r.markdown).not.toMatch(/### Payment|### Payout|minor units|Stripe|`currency`/);
    expect(r.markdown).toMatch(/### Dish/);
    expect(r.changes_summary).toMatch(/removed every money field, payment table and payment provider/);
  });

  it("states what it could not apply; a question changes nothing", async () => {
    const md = await dataModel(GARDENS);
    const r = (await serialize(model, "artifact.revise", "data_modeler", { project_description: GARDENS, current_draft: md, user_changes: "Drop Kubernetes. Is SQLite enough?" }, ARTIFACT_PATHS.dataModel)) as RevisedArtifactOutput;
    expect(r.changes_summary).toBe("Not applied: Kubernetes is not in this document; “Is SQLite enough?” is a question, so the document does not change for it.");
    expect(r.markdown.trim()).toBe(md.trim());
  });

  it("writes a statement it has no operation for into the document, in the person's words", async () => {
    const md = await dataModel(GARDENS);
    const said = "Members can also pause their plot for one season.";
    const r = (await serialize(model, "artifact.revise", "data_modeler", { project_description: GARDENS, current_draft: md, user_changes: said }, ARTIFACT_PATHS.dataModel)) as RevisedArtifactOutput;
    expect(r.markdown).toContain(`- Added at your request: “${said.replace(/\.$/, "")}”`);
    expect(r.markdown.startsWith(md.trim().split("\n")[0])).toBe(true);
    expect(r.changes_summary).toMatch(/^Applied your feedback: recorded “Members can also pause their plot for one season\.?” as a requirement/);
  });
});
