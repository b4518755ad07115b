// How an agent is named on screen: its spawn event's name when it had one, else the
// vocabulary's sub-agents (they speak without a spawn), else its key made readable.
import { subAgent, type AgentIdentity } from "@/lib/vocabulary";
import type { PartyView } from "./types";

/** "data_modeler" → "Data Modeler". */
export function humanize(key: string): string {
  return key
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

/** Name, title and style for an agent the view has no spawn event for. */
export function knownAgent(key: string): AgentIdentity {
  return subAgent(key) ?? { name: humanize(key), title: "", style: "" };
}

export function agentDisplay(view: Pick<PartyView, "agents">, key: string): { name: string; title: string } {
  const a = view.agents[key];
  if (a) return { name: a.name, title: a.title };
  const { name, title } = knownAgent(key);
  return { name, title };
}

/** Avatar letters: "Constitution Generator" → "CG", "Nadia" → "NA". */
export function initials(name: string): string {
  const words = name.split(/[\s_-]+/).filter(Boolean);
  if (words.length >= 2) return (words[0][0] + words[1][0]).toUpperCase();
  return (words[0] ?? "?").slice(0, 2).toUpperCase();
}
