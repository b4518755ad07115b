// party-personas.json: read once per party, validated at load.
// A bad file fails with the JSON path and the rule broken.
import { z } from "zod";
import defaults from "./party-personas.json";

const nonEmpty = z.string().trim().min(1, "must be a non-empty string");

export const personaSchema = z.strictObject({
  name: nonEmpty,
  title: nonEmpty,
  agent_type: nonEmpty,
  agent_id: z.string().regex(/^D\d+$/, "must look like D<number>"),
  phase: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: "must be 1, 2 or 3" }),
  is_existing_agent: z.boolean(),
  communication_style: nonEmpty,
  expertise: nonEmpty,
  question_domains: z.array(nonEmpty),
  debate_focus: nonEmpty,
  /** Our addition: a model spec for this persona alone, e.g. "anthropic:claude-sonnet-4". */
  model: nonEmpty.optional(),
});

export const phaseSchema = z.strictObject({
  name: nonEmpty,
  type: z.enum(["parallel", "sequential"]),
  personas: z.array(nonEmpty).max(3, "at most 3 agents may be live at once"),
  max_messages: z.number().int().min(0),
  interaction: z.enum([
    "question-broadcast-debate",
    "propose-critique-converge",
    "produce-cross-review-finalize",
    "task-delegation",
    "orchestrator-inline",
  ]),
  output: nonEmpty,
});

export const personaConfigSchema = z
  .strictObject({
    version: z.string().regex(/^\d+\.\d+\.\d+$/, "must be a semver version"),
    description: z.string(),
    personas: z.record(z.string().regex(/^[a-z][a-z0-9_]*$/, "persona keys are lower_snake_case"), personaSchema),
    phases: z.strictObject({ "1": phaseSchema, "2": phaseSchema, "3": phaseSchema, "4": phaseSchema, "5": phaseSchema }),
  })
  .superRefine((cfg, ctx) => {
    for (const [n, phase] of Object.entries(cfg.phases)) {
      phase.personas.forEach((key, i) => {
        if (!cfg.personas[key]) {
          ctx.addIssue({ code: "custom", path: ["phases", n, "personas", i], message: `unknown persona "${key}"` });
        }
      });
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
