// Display names for every agent: the personas from party-personas.json plus the
// sub-agents the seeds invoke directly (D3, D4) and classic mode's single agents.
import type { PersonaConfig } from "../agents/persona-config";
import { PERSON } from "./room";

export const ORCHESTRATOR = "discover-orchestrator";

const SUB_AGENTS: Record<string, { name: string; title: string; style: string }> = {
  constitution_generator: { name: "Constitution Generator", title: "Constitution Generator (D3)", style: "Principled, traceable" },
  skills_researcher: { name: "Skills Researcher", title: "Skills Researcher (D4)", style: "Practical, stack-aware" },
  product_analyst: { name: "Product Analyst", title: "Product Analyst (D7)", style: "Probing, user-focused" },
  architecture_designer: { name: "Architecture Designer", title: "Architecture Designer (D8)", style: "Systematic, pattern-driven" },
  [ORCHESTRATOR]: { name: "Orchestrator", title: "Discover Orchestrator (D0)", style: "Coordinating" },
  // The person, when they speak into the room or are replied to.
  [PERSON]: { name: "You", title: "You", style: "" },
};

export interface AgentInfo {
  key: string;
  name: string;
  title: string;
  style: string;
}

export function agentInfo(cfg: PersonaConfig, key: string): AgentInfo {
  const p = Object.hasOwn(cfg.personas, key) ? cfg.personas[key] : undefined;
  if (p) return { key, name: p.name, title: p.title, style: p.communication_style };
  const s = Object.hasOwn(SUB_AGENTS, key) ? SUB_AGENTS[key] : undefined;
  return s ? { key, ...s } : { key, name: key, title: key, style: "" };
}
