// What the HTTP API, the pages and the CLI do with a party: validate, check access,
// call lib/db, wake the runner. Route handlers stay thin: parse → this → respond.
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { AppError, notFound, parseOrThrow } from "../errors/app-error";
import type { Viewer } from "../auth/viewer";
import {
  approvedDatabase,
  countActiveParties,
  countCritiqueRounds,
  findArtifact,
  findInputRequest,
  findParty,
  insertParty,
  listArtifacts,
  listParties,
  listPhases,
  pendingInput,
  readEvents,
  recordAnswer,
  recordCancel,
  requestProblem,
  type PartyRow,
} from "../db/parties";
import { env } from "../env";
import { partyEventStream } from "../events/sse";
import { isTerminal } from "../party/events";
import { MAX_ANSWER_CHARS, textRequired } from "../party/input-rules";
import { modeFromFlags, MUTUAL_EXCLUSION_ERROR } from "../party/run-party";
import { discussionRecordPath } from "../agents/critique";
import { critiqueJob, PERSPECTIVE_PRESETS, roundIdFor } from "../party/critique-round";
import { bundleZip } from "./bundle";
import { stateView } from "./state-view";
import { getServices } from "./services";

export const LIMITS = { title: 120, description: 8000, answer: MAX_ANSWER_CHARS } as const;

const newPartySchema = z.strictObject({
  title: z.string().trim().max(LIMITS.title, `must be at most ${LIMITS.title} characters`).optional(),
  description: z
    .string({ error: "is required and must be a string" })
    .trim()
    .min(10, "must be at least 10 characters: describe the project in a sentence or two")
    .max(LIMITS.description, `must be at most ${LIMITS.description} characters`),
  flags: z.array(z.string().regex(/^--[a-z][a-z-]*$/, "each flag must look like --name")).max(10, "at most 10 flags").optional(),
  mode: z.enum(["party", "classic"], { error: 'must be "party" or "classic"' }).optional(),
});

export type NewPartyInput = z.input<typeof newPartySchema>;

const answerSchema = z.strictObject({
  requestId: z.string({ error: "is required and must be a string" }).min(1, "is required").max(100, "is not a request id"),
  selection: z.string().max(20, "is not one of the options").nullish(),
  text: z.string().max(LIMITS.answer, `must be at most ${LIMITS.answer} characters`).nullish(),
});


function titleFrom(description: string): string {
  const first = description.split(/(?<=[.!?])\s|\n/)[0].trim();
  return first.length <= 60 ? first : `${first.slice(0, 57).trimEnd()}…`;
}

/** Owner, or a watcher holding the party's token (read-only); anyone else gets 404. */
async function access(viewer: Viewer, partyId: string, write: boolean): Promise<PartyRow> {
  const { db } = await getServices();
  const party = /^[\w-]{1,64}$/.test(partyId) ? await findParty(db, partyId) : null;
  if (!party) throw notFound();
  if (viewer.guestId && party.ownerId === viewer.guestId) return party;
  if (viewer.watchToken && viewer.watchToken === party.watchToken) {
    if (write) throw new AppError("forbidden", "This is a read-only watch link: only the party's owner can change it.");
    return party;
  }
  throw notFound();
}

export async function createParty(viewer: Viewer, body: unknown) {
  if (!viewer.guestId) throw new AppError("unauthorized", "No guest session: call POST /api/session first, then send its cookie.");
  const input = parseOrThrow(newPartySchema, body);
  const flags = input.flags ?? [];
  let flagMode: "party" | "classic" | null;
  try {
    flagMode = modeFromFlags(flags);
  } catch {
    throw new AppError("bad_request", MUTUAL_EXCLUSION_ERROR, { flags: "--party and --classic are mutually exclusive" });
  }
  if (input.mode && flagMode && input.mode !== flagMode) {
    throw new AppError("validation_failed", `Invalid input — mode: "${input.mode}" contradicts the flag --${flagMode}`, { mode: `contradicts the flag --${flagMode}` });
  }
  const e = env();
  const { db, runner, bus } = await getServices();
  const active = await countActiveParties(db, viewer.guestId);
  if (active >= e.MAX_ACTIVE_PARTIES) {
    throw new AppError("rate_limited", `You already have ${active} parties running or waiting for you (the limit is ${e.MAX_ACTIVE_PARTIES}). Finish or cancel one first.`, undefined, 60);
  }
  const id = randomBytes(9).toString("base64url");
  const mode = input.mode ?? flagMode;
  const stored = await insertParty(db, {
    id,
    ownerId: viewer.guestId,
    title: input.title || titleFrom(input.description),
    description: input.description,
    mode,
    flags,
    modelSettings: { defaultModel: e.INCEPTION_MODEL, seed: e.OFFLINE_MODEL_SEED },
    watchToken: randomBytes(18).toString("base64url"),
  });
  bus.publish(id, stored);
  void runner.kick(id);
  return { id, status: "pending", mode, url: `/parties/${id}` };
}

export async function partiesOf(viewer: Viewer) {
  if (!viewer.guestId) return [];
  const { db } = await getServices();
  return (await listParties(db, viewer.guestId)).map((p) => ({ ...p, createdAt: p.createdAt.toISOString() }));
}

export async function partySummary(viewer: Viewer, partyId: string) {
  const party = await access(viewer, partyId, false);
  const { db } = await getServices();
  const phases = party.mode ? await listPhases(db, party.id, party.mode) : [];
  const owner = viewer.guestId === party.ownerId;
  const pending = await pendingInput(db, party.id);
  return {
    id: party.id,
    title: party.title,
    description: party.description,
    mode: party.mode,
    status: party.status,
    currentPhase: party.currentPhase,
    phases: phases.map((p) => ({ number: p.number, name: p.name, status: p.status, agents: p.agents as string[], messages: p.messageCount, max_messages: p.maxMessages })),
    pendingInput: pending ? publicRequest(pending) : null,
    watchUrl: owner ? `/parties/${party.id}?watch=${party.watchToken}` : null,
    readOnly: !owner,
    createdAt: party.createdAt.toISOString(),
    tokensUsed: party.tokensUsed,
    lastSeq: party.lastSeq,
    error: party.error,
  };
}

function publicRequest(r: Awaited<ReturnType<typeof pendingInput>> & object) {
  return { id: r.requestId, key: r.key, kind: r.kind, title: r.title, body: r.body, options: r.options, allowsText: r.allowsText, details: r.details ?? null };
}

export async function pendingInputOf(viewer: Viewer, partyId: string) {
  const party = await access(viewer, partyId, false);
  const { db } = await getServices();
  const r = await pendingInput(db, party.id);
  return r ? publicRequest(r) : null;
}

export async function answerInput(viewer: Viewer, partyId: string, body: unknown) {
  const party = await access(viewer, partyId, true);
  const a = parseOrThrow(answerSchema, body);
  const { db, runner, bus } = await getServices();
  const req = await findInputRequest(db, party.id, a.requestId);
  const problem = requestProblem(req);
  if (problem || !req) throw problem;
  const options = (req.options as Array<{ key: string; label: string }>) ?? [];
  const selection = a.selection?.trim() || null;
  const text = a.text?.trim() || null;
  if (options.length && !selection) throw new AppError("validation_failed", `Invalid input — selection: is required, one of ${options.map((o) => o.key).join(", ")}`, { selection: `is required: one of ${options.map((o) => o.key).join(", ")}` });
  if (selection && !options.some((o) => o.key.toLowerCase() === selection.toLowerCase())) {
    throw new AppError("validation_failed", `Invalid input — selection: must be one of ${options.map((o) => o.key).join(", ") || "(none: this request takes text only)"}`, { selection: `must be one of ${options.map((o) => o.key).join(", ") || "(none)"}` });
  }
  const chosen = selection ? options.find((o) => o.key.toLowerCase() === selection.toLowerCase())!.key : null;
  if (text && !req.allowsText) throw new AppError("validation_failed", "Invalid input — text: this request takes a selection only", { text: "not allowed for this request" });
  if (textRequired({ kind: req.kind, options }, chosen) && !text) throw new AppError("validation_failed", "Invalid input — text: is required for this answer", { text: "is required for this answer" });
  const stored = await recordAnswer(db, party.id, req.id, { selection: chosen, text });
  bus.publish(party.id, stored);
  void runner.kick(party.id);
  return { status: "accepted" };
}

export async function cancelParty(viewer: Viewer, partyId: string) {
  const party = await access(viewer, partyId, true);
  const { db, runner, bus } = await getServices();
  runner.abortLocal(party.id);
  const stored = await recordCancel(db, party.id, "Cancelled by the person.");
  bus.publish(party.id, stored);
  return { status: "cancelled" };
}

export async function artifactsOf(viewer: Viewer, partyId: string) {
  const party = await access(viewer, partyId, false);
  const { db } = await getServices();
  return (await listArtifacts(db, party.id)).map(({ content: _content, ...a }) => a);
}

export async function artifactOf(viewer: Viewer, partyId: string, path: string) {
  const party = await access(viewer, partyId, false);
  const { db } = await getServices();
  const a = await findArtifact(db, party.id, path);
  if (!a) throw notFound("artifact");
  return a;
}

export async function stateOf(viewer: Viewer, partyId: string) {
  const party = await access(viewer, partyId, false);
  const { db } = await getServices();
  return stateView(party, party.mode ? await listPhases(db, party.id, party.mode) : [], await approvedDatabase(db, party.id));
}

export async function bundleOf(viewer: Viewer, partyId: string) {
  const party = await access(viewer, partyId, false);
  const { db } = await getServices();
  const [artifacts, phases, events, database] = await Promise.all([
    listArtifacts(db, party.id),
    party.mode ? listPhases(db, party.id, party.mode) : [],
    readEvents(db, party.id, 0, 100_000),
    approvedDatabase(db, party.id),
  ]);
  return { filename: `inception-party-${party.id}.zip`, bytes: bundleZip({ artifacts, state: stateView(party, phases, database), discoveryContext: party.discoveryContext, events }) };
}

const critiqueSchema = z.strictObject({
  artifactPath: z.string({ error: "is required and must be a string" }).min(1, "is required").max(300, "is not an artifact path"),
  perspectives: z
    .array(z.enum(Object.keys(PERSPECTIVE_PRESETS) as [string, ...string[]], { error: `each must be one of ${Object.keys(PERSPECTIVE_PRESETS).join(", ")}` }))
    .min(1, "pick at least 1 perspective")
    .max(6, "pick at most 6 perspectives")
    .refine((xs) => new Set(xs).size === xs.length, "must not repeat a perspective"),
});

/** "Critique this": a seed 003 round on one artifact, run when no runner is busy with the party. */
export async function critiqueArtifact(viewer: Viewer, partyId: string, body: unknown) {
  const party = await access(viewer, partyId, true);
  const input = parseOrThrow(critiqueSchema, body);
  if (party.status === "cancelled" || party.status === "failed") throw new AppError("conflict", `The party is ${party.status}: it takes no more work.`);
  const { db, runner } = await getServices();
  const artifact = await findArtifact(db, party.id, input.artifactPath);
  if (!artifact) throw new AppError("validation_failed", "Invalid input — artifactPath: no such artifact in this party", { artifactPath: "must be the path of one of this party's artifacts" });
  // Numbered among the person's own requests: the blueprint's automatic rounds don't count.
  const n = await countCritiqueRounds(db, party.id, "critique-");
  const roundId = roundIdFor(`critique-${n + 1}`, artifact.path);
  const perspectives = input.perspectives.map((k) => PERSPECTIVE_PRESETS[k]);
  const start = { key: `critique/${roundId}`, roundId, artifactPath: artifact.path, phase: artifact.phase, onDemand: true, perspectives };
  const started = await runner.runJob(party.id, critiqueJob(start, artifact.content));
  if (!started) {
    // Say which work is in the way: another critique round, or the team itself.
    const running = (await findParty(db, party.id))?.critiqueRound;
    if (running) throw new AppError("conflict", `A critique round (${running}) is running on this party: ask again when its result is in.`, undefined, 5);
    throw new AppError("conflict", "The team is still working on this party: ask for a critique when it waits for you or has finished.", undefined, 5);
  }
  return { status: "accepted", roundId, recordPath: discussionRecordPath(roundId) };
}

const afterSchema = z.coerce.number({ error: "must be a whole number" }).int("must be a whole number").min(0, "must be 0 or more");

/** The SSE stream; null when the party is over and the viewer has everything (HTTP 204 stops EventSource). */
export async function eventStreamOf(viewer: Viewer, partyId: string, lastEventId: string | null, after: string | null) {
  const party = await access(viewer, partyId, false);
  const raw = lastEventId ?? after;
  const afterSeq = raw === null || raw === "" ? 0 : parseOrThrow(afterSchema, raw, lastEventId !== null ? "Last-Event-ID" : "after");
  if (isTerminal(party.status) && afterSeq >= party.lastSeq) return null;
  const { db, bus } = await getServices();
  return partyEventStream({ partyId: party.id, afterSeq, bus, readEvents: (id, seq) => readEvents(db, id, seq) });
}
