// Constitution (the constitution generator) with the person's review, and the skill
// report (the skills researcher) plus the scaffold —
// party phase 4 and classic phases 6-7 call the same functions. A document whose agent
// failed is recorded as missing (artifact-missing), to be written later on request.
import { withProvenance } from "./provenance";
import { gateFollowUps } from "./phase-common";
import { say, type PartyContext } from "./agent-step";
import { constitutionMarkdown, scaffoldFromArchitecture, skillReportMarkdown } from "./documents";
import { missingEvents } from "./promised-artifacts";
import { subAgentStatus } from "../next-steps";
import { ARTIFACT_PATHS, type ConstitutionOutput, type ProposalOutput, type Sections } from "@inception-party/protocol";
import type { PhaseNumber } from "../vocabulary";
import type { Mode } from "../vocabulary";

type Phase = PhaseNumber;

export async function draftConstitution(ctx: PartyContext, key: string, phase: Phase, sections: Sections): Promise<ConstitutionOutput | null> {
  const r = await say(ctx, { key, agent: "constitution_generator", phase, task: "constitution.draft", sections, recipient: null, type: "work" });
  if (r) await ctx.rt.emit(`${key}/status`, [{ type: "note", data: { kind: "status", phase, text: subAgentStatus("Constitution draft") } }]);
  return r?.output ?? null;
}

/** Walkthrough step 1 (mandatory): every article shown; [2] revises one and shows it again. */
export async function reviewConstitution(ctx: PartyContext, key: string, phase: Phase, title: string, sections: Sections, initial: ConstitutionOutput): Promise<ConstitutionOutput> {
  let c = initial;
  for (let round = 1; ; round++) {
    const ordered = [...c.articles.filter((a) => !a.domain_specific), ...c.articles.filter((a) => a.domain_specific)];
    const followUps = await gateFollowUps(ctx, `${key}/review-${round}`);
    const answer = await ctx.rt.input(`${key}/review-${round}`, {
      kind: "constitution_review",
      title: "CONSTITUTION REVIEW",
      body: ordered.map((a, i) => `Article ${i + 1} — ${a.title}${a.domain_specific ? " (domain-specific)" : ""}: ${a.summary}`).join("\n"),
      options: [
        { key: "1", label: "Looks good, continue" },
        { key: "2", label: "I want to change something" },
      ],
      allowsText: true,
      details: { articles: ordered, ...(followUps.length ? { followUps } : {}) },
    });
    if (answer.selection !== "2") break;
    const r = await say(ctx, {
      key: `${key}/revise-${round}`,
      agent: "constitution_generator",
      phase,
      task: "constitution.revise",
      sections: { ...sections, current_draft: JSON.stringify(c, null, 2), user_changes: answer.text ?? "" },
      recipient: null,
      type: "work",
    });
    if (r) c = r.output;
  }
  await ctx.rt.emit(`${key}/write`, [
    { type: "artifact-write", data: { path: ARTIFACT_PATHS.constitution, title: "Constitution", producer: "constitution_generator", phase, content: withProvenance(ctx, "constitution_generator", constitutionMarkdown(title, c)) } },
  ]);
  return c;
}

export async function skillsAndScaffold(ctx: PartyContext, mode: Mode, key: string, phase: Phase, sections: Sections, stack: ProposalOutput, architecture: string | undefined): Promise<string[]> {
  const r = await say(ctx, { key: `${key}/skills`, agent: "skills_researcher", phase, task: "skills.report", sections, recipient: null, type: "work" });
  const scaffold = scaffoldFromArchitecture(architecture);
  await ctx.rt.emit(`${key}/write`, [
    ...(r
      ? [
          { type: "artifact-write" as const, data: { path: ARTIFACT_PATHS.skillReport, title: "Skill Customization Report", producer: "skills_researcher", phase, content: withProvenance(ctx, "skills_researcher", skillReportMarkdown(stack, r.output)) } },
          { type: "note" as const, data: { kind: "status" as const, phase, text: subAgentStatus("Skill research") } },
        ]
      : [
          { type: "note" as const, data: { kind: "warning" as const, phase, text: "The skills researcher could not produce a report; the scaffold was still created." } },
          ...missingEvents(ctx.personas, mode, [ARTIFACT_PATHS.skillReport]),
        ]),
    { type: "artifact-write", data: { path: "scaffold.txt", title: "Project scaffold", producer: "orchestrator", phase, content: scaffold.join("\n") + "\n" } },
  ]);
  return scaffold;
}
