// POST/GET /api/parties, GET /api/parties/:id (the summary) and POST /cancel (docs/api.md).
import { z } from "zod";
import { MODES } from "../vocabulary";
import { inputRequestDataSchema, missingArtifactSchema, modeSchema, partyStatusSchema } from "./events";

export const PARTY_LIMITS = { title: 120, description: 8000, flags: 10 } as const;

/** POST /api/parties. */
export const newPartySchema = z.strictObject({
  title: z.string().trim().max(PARTY_LIMITS.title, `must be at most ${PARTY_LIMITS.title} characters`).optional(),
  description: z
    .string({ error: "is required and must be a string" })
    .trim()
    .min(10, "must be at least 10 characters: describe the project in a sentence or two")
    .max(PARTY_LIMITS.description, `must be at most ${PARTY_LIMITS.description} characters`),
  flags: z
    .array(z.string().regex(/^--[a-z][a-z-]*$/, "each flag must look like --name"))
    .max(PARTY_LIMITS.flags, `at most ${PARTY_LIMITS.flags} flags`)
    .optional(),
  mode: z.enum(MODES, { error: `must be ${MODES.map((m) => `"${m}"`).join(" or ")}` }).optional(),
  /** The team's model: an id from GET /api/models (docs/models.md). */
  model: z.string({ error: "must be a model id from GET /api/models" }).min(1, "must be a model id from GET /api/models").max(300).optional(),
  /** A model per agent, over `model`: {agentKey: modelId}. */
  agentModels: z
    .record(z.string().max(40), z.string({ error: "must be a model id from GET /api/models" }).min(1).max(300))
    .refine((m) => Object.keys(m).length <= 20, "at most 20 agents")
    .optional(),
});
export type NewPartyInput = z.input<typeof newPartySchema>;

/** 201 from POST /api/parties. */
export const createdPartySchema = z.object({ id: z.string(), status: z.literal("pending"), mode: modeSchema.nullable(), url: z.string() });
export type CreatedParty = z.infer<typeof createdPartySchema>;

/** GET /api/parties: newest first. */
export const partyListItemSchema = z.object({ id: z.string(), title: z.string(), mode: modeSchema.nullable(), status: partyStatusSchema, createdAt: z.string() });
export const partyListSchema = z.array(partyListItemSchema);
export type PartyListItem = z.infer<typeof partyListItemSchema>;

export const phaseSummarySchema = z.object({
  number: z.number().int(),
  name: z.string(),
  status: z.string(),
  agents: z.array(z.string()),
  messages: z.number().int(),
  max_messages: z.number().int(),
});
export type PhaseSummary = z.infer<typeof phaseSummarySchema>;

/** GET /input and the summary's pendingInput: the input request with its id under `id`. */
export const pendingInputSchema = inputRequestDataSchema.omit({ requestId: true }).extend({ id: z.string(), details: z.unknown() });
export type PendingInput = z.infer<typeof pendingInputSchema>;

/** Whether the person can speak into the room now, to whom, and the phase's message budget. */
export const roomSummarySchema = z.object({
  phase: z.number().int().nullable(),
  canSpeak: z.boolean(),
  canSpeakToEveryone: z.boolean(),
  agents: z.array(z.object({ key: z.string(), name: z.string() })),
  budget: z.object({ used: z.number(), max: z.number(), reserved: z.number(), owed: z.number(), left: z.number() }).nullable(),
  reason: z.string().nullable(),
});
export type RoomSummary = z.infer<typeof roomSummarySchema>;

/** GET /api/parties/:id. `watchUrl` and `ownerUrl` are null for watchers. */
export const partySummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  mode: modeSchema.nullable(),
  status: partyStatusSchema,
  currentPhase: z.number().int().nullable(),
  phases: z.array(phaseSummarySchema),
  pendingInput: pendingInputSchema.nullable(),
  room: roomSummarySchema,
  watchUrl: z.string().nullable(),
  ownerUrl: z.string().nullable(),
  readOnly: z.boolean(),
  /** The viewer started the party: only it may make new watch and owner links. */
  isCreator: z.boolean(),
  /** Promised artifacts a failed agent never wrote (and nobody has written since). */
  missingArtifacts: z.array(z.string()),
  missingArtifactDetails: z.array(missingArtifactSchema),
  /** The on-demand job in flight (a critique round or a revision), if any. */
  activeJob: z.string().nullable(),
  createdAt: z.string(),
  tokensUsed: z.number(),
  /** The seq of the party's last stored event. */
  lastSeq: z.number().int(),
  /** Why the party failed, when it did. */
  error: z.string().nullable(),
});
export type PartySummary = z.infer<typeof partySummarySchema>;

/** 202 from POST /api/parties/:id/cancel. */
export const cancelledSchema = z.object({ status: z.literal("cancelled") });
export type Cancelled = z.infer<typeof cancelledSchema>;
