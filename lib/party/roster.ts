// Display names for every agent: the personas of the party's persona config (it may be
// edited per deployment) plus the sub-agents declared in the vocabulary.
import type { PersonaConfig } from "../agents/persona-config";
import { subAgent } from "../vocabulary";

export interface AgentInfo {
  key: string;
  name: string;
  title: string;
  style: string;
}

export function agentInfo(cfg: PersonaConfig, key: string): AgentInfo {
  const p = Object.hasOwn(cfg.personas, key) ? cfg.personas[key] : undefined;
  if (p) return { key, name: p.name, title: p.title, style: p.communication_style };
  const s = subAgent(key);
  return s ? { key, ...s } : { key, name: key, title: key, style: "" };
}
