// Display names of the agents, for summaries and cross-questions.

export interface PersonaInfo {
  name: string;
  title: string;
}

export const PERSONAS: Record<string, PersonaInfo> = {
  nadia: { name: "Nadia", title: "Product Analyst" },
  oscar: { name: "Oscar", title: "Domain Researcher" },
  tessa: { name: "Tessa", title: "Technical Scout" },
  liam: { name: "Liam", title: "Solution Architect" },
  zara: { name: "Zara", title: "Security Advisor" },
  felix: { name: "Felix", title: "DevOps Pragmatist" },
  architect: { name: "Architecture Designer", title: "Architecture Designer" },
  architecture_designer: { name: "Architecture Designer", title: "Architecture Designer" },
  data_modeler: { name: "Data Model Designer", title: "Data Model Designer" },
  test_strategist: { name: "Test Strategist", title: "Test Strategist" },
  constitution_generator: { name: "Constitution Generator", title: "Constitution Generator" },
  skills_researcher: { name: "Skills Researcher", title: "Skills Researcher" },
  product_analyst: { name: "Product Analyst", title: "Product Analyst" },
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
