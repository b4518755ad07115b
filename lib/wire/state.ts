// GET /api/parties/:id/state.json: the spec's state.json as a view of the party
// (lib/server/state-view.ts) plus the usage accounting. `discover` is the spec's open-ended
// record (its keys depend on the mode and on whether the party is over): its common keys
// are typed, the rest pass through.
import { z } from "zod";

const totals = {
  input_tokens: z.number(),
  cache_read_tokens: z.number(),
  cache_write_tokens: z.number(),
  output_tokens: z.number(),
  calls: z.number(),
  estimated_calls: z.number(),
  failed_turns: z.number(),
  /** null: some of it ran on a model whose price is unknown. */
  cost_usd: z.number().nullable(),
  priced_cost_usd: z.number(),
};

export const usageViewSchema = z.object({
  ...totals,
  by_agent: z.record(z.string(), z.object({ models: z.array(z.string()), ...totals })),
  by_phase: z.array(z.object({ mode: z.string().nullable(), phase: z.number().int(), ...totals })),
});

export const stateSchema = z.object({
  discover: z.looseObject({
    status: z.string(),
    mode: z.string().nullable(),
    started_at: z.string().nullable(),
    missing_artifacts: z.array(z.object({ path: z.string(), agent: z.string(), reason: z.string() })),
  }),
  usage: usageViewSchema.optional(),
  discovery_context: z.unknown().optional(),
  project: z
    .object({
      is_new_project: z.boolean(),
      name: z.string(),
      discovery_completed: z.boolean(),
      brief: z.string(),
      prd: z.string().optional(),
      architecture: z.string(),
      tech_stack: z.object({ language: z.string().nullable(), framework: z.string().nullable(), database: z.string().nullable() }),
      discovered_at: z.string().nullable(),
    })
    .optional(),
});
export type StateView = z.infer<typeof stateSchema>;
