// Every agent's key and how it is shown. The persona file (lib/agents/party-personas.json)
// stays the source of the personas' prompts; it repeats their names and titles, and a
// test keeps it equal to PERSONAS.
export const ORCHESTRATOR = "discover-orchestrator";
/** The person, when they speak into the room or are replied to. */
export const PERSON = "user";

export interface AgentIdentity {
  name: string;
  title: string;
  /** One line on how it talks, for the team card. */
  style: string;
}

/** The party-mode personas, by key, with the phase they work in. */
export const PERSONAS = {
  nadia: { name: "Nadia", title: "Product Analyst", phase: 1 },
  oscar: { name: "Oscar", title: "Domain Researcher", phase: 1 },
  tessa: { name: "Tessa", title: "Technical Scout", phase: 1 },
  liam: { name: "Liam", title: "Solution Architect", phase: 2 },
  zara: { name: "Zara", title: "Security Advisor", phase: 2 },
  felix: { name: "Felix", title: "DevOps Pragmatist", phase: 2 },
  architect: { name: "Architecture Designer", title: "Architecture Designer", phase: 3 },
  data_modeler: { name: "Data Model Designer", title: "Data Model Designer", phase: 3 },
  test_strategist: { name: "Test Strategist", title: "Test Strategist", phase: 3 },
} as const satisfies Record<string, { name: string; title: string; phase: 1 | 2 | 3 }>;
export type PersonaKey = keyof typeof PERSONAS;

/**
 * Agents that speak without a persona: the sub-agents the orchestrator invokes directly
 * (D3, D4), classic mode's single agents, the orchestrator itself and the person.
 */
export const SUB_AGENTS: Readonly<Record<string, AgentIdentity>> = {
  constitution_generator: { name: "Constitution Generator", title: "Constitution Generator", style: "Principled, traceable" },
  skills_researcher: { name: "Skills Researcher", title: "Skills Researcher", style: "Practical, stack-aware" },
  product_analyst: { name: "Product Analyst", title: "Product Analyst", style: "Probing, user-focused" },
  architecture_designer: { name: "Architecture Designer", title: "Architecture Designer", style: "Systematic, pattern-driven" },
  [ORCHESTRATOR]: { name: "Orchestrator", title: "Discover Orchestrator", style: "Coordinating" },
  [PERSON]: { name: "You", title: "You", style: "" },
};

/** The sub-agent's identity, if `key` is one (own keys only: "constructor" is no agent). */
export function subAgent(key: string): AgentIdentity | undefined {
  return Object.hasOwn(SUB_AGENTS, key) ? SUB_AGENTS[key] : undefined;
}
