// Display names of the agents, for summaries and cross-questions: the vocabulary's, plus
// the two voices only the offline model has (a generic orchestrator and critic).
import { PERSONAS as PARTY_PERSONAS, subAgent } from "@inception-party/protocol";
import { titleCase } from "./text-utils";

/** Sub-agents by their plain name: the offline text never shows the spec's agent ids. */
const SUB_AGENT_KEYS = ["architecture_designer", "constitution_generator", "skills_researcher", "product_analyst"];

const PERSONAS: Record<string, { name: string }> = {
  ...Object.fromEntries(Object.entries(PARTY_PERSONAS).map(([key, p]) => [key, { name: p.name }])),
  ...Object.fromEntries(SUB_AGENT_KEYS.map((key) => [key, { name: subAgent(key)!.name }])),
  orchestrator: { name: "Orchestrator" },
  critic: { name: "Critic" },
};

export function persona(key: string): { name: string } {
  return PERSONAS[key] ?? { name: titleCase(key.replace(/[_-]+/g, " ")) || "Assistant" };
}

/** "Nadia's", "Felix's", "Architecture Designer's". */
export function possessive(name: string): string {
  return `${name}'${name.endsWith("s") ? "" : "s"}`;
}
