// party-personas.json: read once per party, validated at load.
// A bad file fails with the JSON path and the rule broken.
import { z } from "zod";
import defaults from "./party-personas.json";

const nonEmpty = z.string().trim().min(1, "must be a non-empty string");

export const personaSchema = z.strictObject({
  name: nonEmpty,
  title: nonEmpty,
  /** The party phase the persona works in; its team is the file's personas of that phase, in file order. */
  phase: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: "must be 1, 2 or 3" }),
  communication_style: nonEmpty,
  expertise: nonEmpty,
  /** What the persona asks the person about (PERSONA_CONTEXT), so the Vision Council's questions do not overlap. */
  question_domains: z.array(nonEmpty),
  debate_focus: nonEmpty,
  /** Our addition: a model spec for this persona alone, e.g. "anthropic:claude-sonnet-4". */
  model: nonEmpty.optional(),
});

/** Live agents at once in a phase. */
const MAX_TEAM = 3;

// The phases themselves (names, budgets, protocols) are code: PARTY_PHASES in
// lib/vocabulary and the protocol bodies in lib/party. The file says who works in each.
export const personaConfigSchema = z
  .strictObject({
    version: z.string().regex(/^\d+\.\d+\.\d+$/, "must be a semver version"),
    description: z.string(),
    personas: z.record(z.string().regex(/^[a-z][a-z0-9_]*$/, "persona keys are lower_snake_case"), personaSchema),
  })
  .superRefine((cfg, ctx) => {
    const seen = new Map<number, number>();
    for (const [key, p] of Object.entries(cfg.personas)) {
      seen.set(p.phase, (seen.get(p.phase) ?? 0) + 1);
      if (seen.get(p.phase)! > MAX_TEAM) ctx.addIssue({ code: "custom", path: ["personas", key, "phase"], message: `at most ${MAX_TEAM} agents may be live at once` });
    }
  });

export type PersonaConfig = z.infer<typeof personaConfigSchema>;
export type Persona = z.infer<typeof personaSchema>;

export class PersonaConfigError extends Error {}

export function parsePersonaConfig(raw: unknown): PersonaConfig {
  const r = personaConfigSchema.safeParse(raw);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const path = "$" + issue.path.map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`)).join("");
  throw new PersonaConfigError(`party-personas.json ${path}: ${issue.message}`);
}

export function defaultPersonaConfig(): PersonaConfig {
  return parsePersonaConfig(defaults);
}

/** The team of party phase `phase`: the personas that work in it, in file order. */
export function phaseTeam(cfg: PersonaConfig, phase: 1 | 2 | 3): string[] {
  return Object.entries(cfg.personas).flatMap(([key, p]) => (p.phase === phase ? [key] : []));
}
