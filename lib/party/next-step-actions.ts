// A SUGGESTED NEXT STEPS block as buttons: each item's canonical text stays in the log
// (and the bundle's transcript) exactly as written, and beside it goes what the item
// does in the web app, as data the dashboard turns into a button.
import type { NextStepAction } from "../wire/events";
import { validateBlock } from "../next-steps";
import { ARTIFACT_PATHS } from "@inception-party/protocol";

/** What a follow-up kickoff is prefilled with: this project's own context. */
export interface ProjectContext {
  title: string;
  description: string;
  /** "TypeScript · Next.js · PostgreSQL", when the stack is known. */
  stack?: string;
}

const BLUEPRINT = [ARTIFACT_PATHS.architecture, ARTIFACT_PATHS.dataModel, ARTIFACT_PATHS.testStrategy];

/** A follow-up kickoff for the next feature of this project, prefilled and editable. */
export function newKickoff(p: ProjectContext): NextStepAction["params"] {
  const summary = p.description.replace(/\s+/g, " ").trim();
  return {
    title: `${p.title}: next feature`.slice(0, 120),
    description: [
      `A new feature for "${p.title}", an existing project: ${summary.length > 600 ? `${summary.slice(0, 597)}…` : summary}`,
      p.stack ? `It is built with ${p.stack}; keep that stack.` : "",
      "The feature: (describe it here)",
    ]
      .filter(Boolean)
      .join("\n\n"),
    flags: ["--new", "--party"],
  };
}

function actionFor(label: string, project?: ProjectContext): NextStepAction {
  const a = (action: NextStepAction["action"], params: NextStepAction["params"] = {}): NextStepAction => ({ label, action, params });
  if (/^Continue to /.test(label)) return a("continue", { phase: label.replace(/^Continue to /, "") });
  if (label === "Start a new feature") return project ? a("new-kickoff", newKickoff(project)) : a("new-kickoff");
  if (label === "Download the bundle") return a("download", { target: "bundle" });
  if (label === "Show workflow status") return a("show-status", { target: "phases" });
  if (label === "View project status") return a("show-status", { target: "state.json" });
  if (label === "Review the artifacts") return a("open-artifacts", {});
  if (label === "Review the project brief") return a("open-artifact", { path: ARTIFACT_PATHS.brief });
  if (label === "Review the product requirements") return a("open-artifact", { path: ARTIFACT_PATHS.prd });
  if (label === "Review the constitution") return a("open-artifact", { path: ARTIFACT_PATHS.constitution });
  if (label === "Review the skill report") return a("open-artifact", { path: ARTIFACT_PATHS.skillReport });
  if (label === "Review the project scaffold") return a("open-artifact", { path: "scaffold.txt" });
  if (label === "Review the data model") return a("open-artifact", { path: ARTIFACT_PATHS.dataModel });
  if (label === "Review the architecture artifacts") return a("open-artifacts", { paths: BLUEPRINT });
  if (label === "Review the data model and test strategy") return a("open-artifacts", { paths: [ARTIFACT_PATHS.dataModel, ARTIFACT_PATHS.testStrategy] });
  if (label === "Review the tech stack decision") return a("open-conversation", { label: "REVISED PROPOSAL" });
  if (label === "Review the security notes") return a("open-conversation", { label: "SECURITY CRITIQUE" });
  if (label === "Review the research summary") return a("open-conversation", { label: "RESEARCH SUMMARY" });
  // An item this table does not know still gets a button: it shows where the team talked about it.
  return a("open-conversation", { text: label });
}

/** The actions of every item of a SUGGESTED NEXT STEPS block, in item order. */
export function nextStepActions(block: string, project?: ProjectContext): NextStepAction[] {
  const v = validateBlock(block);
  if (!v.ok || v.kind !== "next-steps") return [];
  return v.items.map((label) => actionFor(label, project));
}
