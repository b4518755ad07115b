// Display names of the agents, for summaries and cross-questions: the vocabulary's, plus
// the two voices only the offline model has (a generic orchestrator and critic).
import { PERSONAS as PARTY_PERSONAS, subAgent } from "@inception-party/protocol";

export interface PersonaInfo {
  name: string;
  title: string;
}

/** Sub-agents by their plain name: the offline text never shows the spec's agent ids. */
const SUB_AGENT_KEYS = ["architecture_designer", "constitution_generator", "skills_researcher", "product_analyst"];

export const PERSONAS: Record<string, PersonaInfo> = {
  ...Object.fromEntries(Object.entries(PARTY_PERSONAS).map(([key, p]) => [key, { name: p.name, title: p.title }])),
  ...Object.fromEntries(SUB_AGENT_KEYS.map((key) => [key, { name: subAgent(key)!.name, title: subAgent(key)!.name }])),
  orchestrator: { name: "Orchestrator", title: "Orchestrator" },
  critic: { name: "Critic", title: "Reviewer" },
};

export function persona(key: string): PersonaInfo {
  if (PERSONAS[key]) return PERSONAS[key];
  const name = key
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(" ");
  return { name: name || "Assistant", title: name || "Assistant" };
}

/** "Nadia's", "Felix's", "Architecture Designer's". */
export function possessive(name: string): string {
  return `${name}'${name.endsWith("s") ? "" : "s"}`;
}
