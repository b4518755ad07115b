// The PERSONA_CONTEXT block, injected for phase 1-2 agents only (phase 3
// agents and D3/D4 get their standard prompts, as in classic mode).
import { partyPhase } from "../vocabulary";
import type { PersonaConfig } from "./persona-config";

export function personaContextBlock(cfg: PersonaConfig, key: string, phase: number): string | null {
  const p = Object.hasOwn(cfg.personas, key) ? cfg.personas[key] : undefined;
  if (!p || (phase !== 1 && phase !== 2) || p.phase > 2) return null;
  return [
    "PERSONA_CONTEXT:",
    `  Name: ${p.name}`,
    `  Title: ${p.title}`,
    `  Style: ${p.communication_style}`,
    `  Expertise: ${p.expertise}`,
    // Each Vision Council member's own angle, so the three ask about different things.
    ...(p.question_domains.length ? [`  Question Domains: ${p.question_domains.join(", ")}`] : []),
    `  Phase: ${partyPhase(phase).name}`,
    `  Team Role: ${p.debate_focus}`,
    "",
    "You are participating in an Inception Party with two other specialists.",
    `Communicate in a style consistent with your persona: ${p.communication_style}.`,
    "Ask your questions from YOUR expertise angle. Do not duplicate their domains.",
    "When debating, stay in character but prioritize substance over performance.",
  ].join("\n");
}
