// What the HTTP API, the pages and the CLI do with a party: validate, check access,
// call lib/db, wake the runner. Route handlers stay thin: parse → this → respond.
import { randomBytes } from "node:crypto";
import { splitSentences } from "@inception-party/protocol";
import { linkToken, matchesHash, newNonce, shownToken } from "../auth/link-tokens";
import { authSecret } from "../auth/secret";
import { AppError, fromZodError, notFound, parseOrThrow } from "../errors/app-error";
import type { Viewer } from "../auth/viewer";
import {
  approvedDatabase,
  artifactPaths,
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
  readUsageLog,
  recordAnswer,
  recordCancel,
  requestProblem,
  walkthroughSteps,
  type PartyRow,
} from "../db/parties";
import { env } from "../env";
import { partyEventStream } from "../events/sse";
import { type InputRequestData, type MissingArtifact } from "../wire/events";
import { textRequired } from "../vocabulary/input-rules";
import { newPartySchema, type CreatedParty, type Cancelled, type PartyListItem, type PartySummary, type PendingInput } from "../wire/parties";
import { answerSchema, type AnswerAccepted } from "../wire/inputs";
import { UNKNOWN_ARTIFACT, versionQuerySchema, type ArtifactListItem } from "../wire/artifacts";
import { critiqueRequestSchema, type CritiqueAccepted } from "../wire/critique";
import { afterSeqSchema } from "../wire/events";
import { modeFromFlags, MUTUAL_EXCLUSION_ERROR } from "../party/run-party";
import { discussionRecordPath } from "../agents/critique";
import { critiqueJob, PERSPECTIVE_PRESETS, roundIdFor } from "../party/critique-round";
import { listVersions, findVersion } from "../db/artifact-versions";
import { activeJob } from "../db/jobs";
import { isCoOwner } from "../db/owners";
import { roomStateOf } from "../db/room-messages";
import { describeJob } from "../party/on-demand-job";
import { roomSummary } from "../party/room";
import { forWatcher } from "../party/plain-failure";
import { defaultPersonaConfig } from "../agents/persona-config";
import { agentInfo } from "../party/roster";
import { admitKickoff, clientKeyOf } from "./admission";
import { bundleZip } from "./bundle";
import { replayGate, replayKeyOf } from "./replay-gate";
import { stateView } from "./state-view";
import { summarizeUsage, usageRecords } from "../party/usage-summary";
import { modelSettingsForKickoff } from "./model-catalog";
import { getServices } from "./services";
import { isTerminal, type Mode, type PartyStatus } from "../vocabulary";
import { parseInputDetails, parseWalkthroughAnswer } from "../vocabulary/input-kinds";

const personas = defaultPersonaConfig();
/** An agent's display name (Nadia, Data Model Designer…) for messages to the person. */
export const nameOf = (agent: string) => agentInfo(personas, agent).name;
/** What the room's rules need to name agents and know them. */
export const agentNames = { nameOf, isAgent: (agent: string) => Object.hasOwn(personas.personas, agent) };

function titleFrom(description: string): string {
  const first = splitSentences(description)[0]?.trim() ?? "";
  return first.length <= 60 ? first : `${first.slice(0, 57).trimEnd()}…`;
}

export type AccessibleParty = PartyRow & { role: "owner" | "watcher" };

/**
 * The one access check: the owner (the identity that created the party, or one that
 * opened its owner link), or a watcher holding the party's watch token (read-only);
 * anyone else gets 404.
 */
export async function access(viewer: Viewer, partyId: string, write: boolean): Promise<AccessibleParty> {
  const { db } = await getServices();
  const party = /^[\w-]{1,64}$/.test(partyId) ? await findParty(db, partyId) : null;
  if (!party) throw notFound();
  if (viewer.guestId && (party.ownerId === viewer.guestId || (await isCoOwner(db, party.id, viewer.guestId)))) return { ...party, role: "owner" };
  if (viewer.watchToken && matchesHash(viewer.watchToken, party.watchTokenHash)) {
    if (write) throw new AppError("forbidden", "This is a read-only watch link: only the party's owner can change it.");
    return { ...party, role: "watcher" };
  }
  throw notFound();
}

/** Whether the viewer may still see the party: what an open event stream asks again after a link is rotated. */
export async function stillAllowed(viewer: Viewer, partyId: string): Promise<boolean> {
  try {
    await access(viewer, partyId, false);
    return true;
  } catch (e) {
    if (e instanceof AppError) return false;
    throw e;
  }
}

/** Where a kickoff came from: the client's address (null from the terminal). */
export interface KickoffOrigin {
  clientAddress: string | null;
}

export async function createParty(viewer: Viewer, body: unknown, from: KickoffOrigin = { clientAddress: null }): Promise<CreatedParty> {
  if (!viewer.guestId) throw new AppError("unauthorized", "No guest session: call POST /api/session first, then send its cookie.");
  const input = parseOrThrow(newPartySchema, body);
  const flags = input.flags ?? [];
  let flagMode: Mode | null;
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
  const modelSettings = await modelSettingsForKickoff(viewer, { model: input.model, agentModels: input.agentModels });
  const clientKey = clientKeyOf(from.clientAddress);
  await admitKickoff(db, e, { clientKey, modelSettings });
  const id = randomBytes(9).toString("base64url");
  const mode = input.mode ?? flagMode;
  const stored = await insertParty(db, {
    id,
    ownerId: viewer.guestId,
    title: input.title || titleFrom(input.description),
    description: input.description,
    mode,
    flags,
    modelSettings,
    ...newLinks(id),
    clientKey,
  });
  bus.publish(id, stored);
  void runner.kick(id);
  return { id, status: "pending", mode, url: `/parties/${id}` };
}

export async function partiesOf(viewer: Viewer): Promise<PartyListItem[]> {
  if (!viewer.guestId) return [];
  const { db } = await getServices();
  return (await listParties(db, viewer.guestId)).map((p) => ({ ...p, mode: p.mode as Mode | null, status: p.status as PartyStatus, createdAt: p.createdAt.toISOString() }));
}

export async function partySummary(viewer: Viewer, partyId: string): Promise<PartySummary> {
  const party = await access(viewer, partyId, false);
  const { db } = await getServices();
  const phases = party.mode ? await listPhases(db, party.id, party.mode) : [];
  const owner = party.role === "owner";
  const [pending, roomState, missing] = await Promise.all([pendingInput(db, party.id), roomStateOf(db, party, agentNames), missingNow(party)]);
  const room = roomSummary(roomState);
  return {
    id: party.id,
    title: party.title,
    description: party.description,
    mode: party.mode as Mode | null,
    status: party.status as PartyStatus,
    currentPhase: party.currentPhase,
    phases: phases.map((p) => ({ number: p.number, name: p.name, status: p.status, agents: p.agents as string[], messages: p.messageCount, max_messages: p.maxMessages })),
    pendingInput: pending ? publicRequest(pending) : null,
    // Whether the person can speak into the room now, to whom, and the phase's budget (owners only act on it).
    room,
    // Null too for a link made before links were stored hashed: a new link shows again.
    watchUrl: owner ? watchUrlOf(party) : null,
    // Opening it in another browser makes that browser an owner of this party (owners only).
    ownerUrl: owner ? ownerUrlOf(party) : null,
    // The browser that started the party: the only one that may make new links.
    isCreator: owner && viewer.guestId === party.ownerId,
    readOnly: !owner,
    // Promised artifacts a failed agent never wrote (and nobody has written since).
    missingArtifacts: missing.map((m) => m.path),
    missingArtifactDetails: missing,
    // The on-demand job in flight (a critique round or a revision), if any.
    activeJob: party.activeJob,
    createdAt: party.createdAt.toISOString(),
    tokensUsed: party.tokensUsed,
    lastSeq: party.lastSeq,
    // A watcher hears that it failed, not why (the cause may name the owner's setup).
    error: party.error && !owner ? "The party failed." : party.error,
  };
}

/** Fresh watch and owner links for a party: the tokens (for the hashes) and their nonces. */
function newLinks(partyId: string) {
  const [watchNonce, ownerNonce] = [newNonce(), newNonce()];
  return { watchNonce, watchToken: linkToken(authSecret(), partyId, "watch", watchNonce), ownerNonce, ownerToken: linkToken(authSecret(), partyId, "owner", ownerNonce) };
}

type LinkRow = { id: string; watchNonce: string | null; watchTokenHash: string; ownerNonce: string | null; ownerTokenHash: string };

export function watchUrlOf(party: LinkRow): string | null {
  const token = shownToken(authSecret(), party.id, "watch", party.watchNonce, party.watchTokenHash);
  return token ? `/parties/${party.id}?watch=${token}` : null;
}

export function ownerUrlOf(party: LinkRow): string | null {
  const token = shownToken(authSecret(), party.id, "owner", party.ownerNonce, party.ownerTokenHash);
  return token ? `/api/parties/${party.id}/owners?token=${token}` : null;
}

/** The party's missing artifacts, minus those written since (a "Write it now", say). */
async function missingNow(party: PartyRow): Promise<MissingArtifact[]> {
  const all = party.missingArtifacts as unknown as MissingArtifact[];
  if (!all.length) return [];
  const { db } = await getServices();
  const present = new Set(await artifactPaths(db, party.id));
  return all.filter((m, i) => !present.has(m.path) && all.findIndex((x) => x.path === m.path) === i);
}

function publicRequest(r: InputRequestData): PendingInput {
  return { id: r.requestId, key: r.key, kind: r.kind, title: r.title, body: r.body, options: r.options, allowsText: r.allowsText, details: r.details ?? null };
}

export async function pendingInputOf(viewer: Viewer, partyId: string): Promise<PendingInput | null> {
  const party = await access(viewer, partyId, false);
  const { db } = await getServices();
  const r = await pendingInput(db, party.id);
  return r ? publicRequest(r) : null;
}

export async function answerInput(viewer: Viewer, partyId: string, body: unknown): Promise<AnswerAccepted> {
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
  if (req.kind === "walkthrough" && text) await checkReviewAnswer(party.id, req.id, text);
  const stored = await recordAnswer(db, party.id, req.id, { selection: chosen, text });
  bus.publish(party.id, stored);
  void runner.kick(party.id);
  return { status: "accepted" };
}

/** The walkthrough's review takes its per-step choices as JSON in `text` (docs/api.md, "The walkthrough"). */
async function checkReviewAnswer(partyId: string, requestId: string, text: string): Promise<void> {
  const { db } = await getServices();
  const pending = await pendingInput(db, partyId);
  const details = pending?.requestId === requestId ? parseInputDetails("walkthrough", pending.details) : null;
  if (details?.step !== "review") return;
  const r = parseWalkthroughAnswer(details.steps, text);
  if (!r.success) throw fromZodError(r.error, "text");
}

export async function cancelParty(viewer: Viewer, partyId: string): Promise<Cancelled> {
  const party = await access(viewer, partyId, true);
  const { db, runner, bus } = await getServices();
  runner.abortLocal(party.id);
  const stored = await recordCancel(db, party.id, "Cancelled by the person.");
  bus.publish(party.id, stored);
  return { status: "cancelled" };
}

/** Every artifact (latest version) with the list of its versions. */
export async function artifactsOf(viewer: Viewer, partyId: string): Promise<ArtifactListItem[]> {
  const party = await access(viewer, partyId, false);
  const { db } = await getServices();
  const [artifacts, versions] = await Promise.all([listArtifacts(db, party.id), listVersions(db, party.id)]);
  return artifacts.map(({ content: _content, ...a }) => ({
    ...a,
    versions: (versions.get(a.path) ?? []).map(({ version, at, producer, reason }) => ({ version, at, producer, reason })),
  }));
}

/** The latest version of an artifact, or version `version` (?version=N). */
export async function artifactOf(viewer: Viewer, partyId: string, path: string, version: string | null = null) {
  const party = await access(viewer, partyId, false);
  const { db } = await getServices();
  if (version !== null) {
    const n = parseOrThrow(versionQuerySchema, version, "version");
    const v = await findVersion(db, party.id, path, n);
    if (!v) {
      const latest = await findArtifact(db, party.id, path);
      throw new AppError("not_found", latest ? `No version ${n} of ${path}: it has versions 1 to ${latest.version}.` : "No artifact with that path.");
    }
    return v;
  }
  const a = await findArtifact(db, party.id, path);
  if (!a) throw notFound("artifact");
  return a;
}

export async function stateOf(viewer: Viewer, partyId: string) {
  const party = await access(viewer, partyId, false);
  const { db } = await getServices();
  const [phases, database, missing, walkthrough, usageLog] = await Promise.all([
    party.mode ? listPhases(db, party.id, party.mode) : [],
    approvedDatabase(db, party.id),
    missingNow(party),
    walkthroughSteps(db, party.id),
    readUsageLog(db, party.id),
  ]);
  return stateView(party, phases, { database, missing, walkthrough, usage: summarizeUsage(usageRecords(usageLog)) });
}

export async function bundleOf(viewer: Viewer, partyId: string) {
  const party = await access(viewer, partyId, false);
  const { db } = await getServices();
  const [artifacts, phases, events, database, missing] = await Promise.all([
    listArtifacts(db, party.id),
    party.mode ? listPhases(db, party.id, party.mode) : [],
    readEvents(db, party.id, 0, 100_000).then((log) => (party.role === "watcher" ? log.map(forWatcher) : log)),
    approvedDatabase(db, party.id),
    missingNow(party),
  ]);
  const walkthrough = events.flatMap((e) => (e.type === "walkthrough-step" ? [e.data] : []));
  return { filename: `inception-party-${party.id}.zip`, bytes: bundleZip({ artifacts, state: stateView(party, phases, { database, missing, walkthrough, usage: summarizeUsage(usageRecords(events)) }), discoveryContext: party.discoveryContext, events }) };
}

/** "Critique this": a multi-perspective round on one artifact, run when no runner is busy with the party. */
export async function critiqueArtifact(viewer: Viewer, partyId: string, body: unknown): Promise<CritiqueAccepted> {
  const party = await access(viewer, partyId, true);
  const input = parseOrThrow(critiqueRequestSchema, body);
  if (party.status === "cancelled" || party.status === "failed") throw new AppError("conflict", `The party is ${party.status}: it takes no more work.`);
  const { db, runner } = await getServices();
  const artifact = await findArtifact(db, party.id, input.artifactPath);
  if (!artifact) throw unknownArtifact(input.artifactPath);
  // Numbered among the person's own requests: the blueprint's automatic rounds don't count.
  const n = await countCritiqueRounds(db, party.id, "critique-");
  const roundId = roundIdFor(`critique-${n + 1}`, artifact.path);
  const perspectives = input.perspectives.map((k) => PERSPECTIVE_PRESETS[k]);
  const start = { key: `critique/${roundId}`, roundId, artifactPath: artifact.path, phase: artifact.phase, onDemand: true, perspectives };
  const started = await runner.runJob(party.id, { jobId: roundId, fresh: true }, critiqueJob(start, artifact.content));
  if (!started) throw await busy(party.id, "ask for a critique");
  return { status: "accepted", roundId, recordPath: discussionRecordPath(roundId) };
}

/** The 404 for a critique or revision of a path that names none of the party's artifacts. */
export function unknownArtifact(path: string, rule: string = UNKNOWN_ARTIFACT.rule): AppError {
  return new AppError("not_found", `No artifact ${path} in this party.`, { [UNKNOWN_ARTIFACT.field]: rule });
}

/** The 409 for on-demand work refused because other work holds the party: says which. */
export async function busy(partyId: string, what: string): Promise<AppError> {
  const { db } = await getServices();
  const running = await activeJob(db, partyId);
  if (running) return new AppError("conflict", `${describeJob(running)} is running on this party: ask again when its result is in.`, undefined, 5);
  return new AppError("conflict", `The team is still working on this party: ${what} when it waits for you or has finished.`, undefined, 5);
}

const REPLAY_PAGE = 250;

/** The SSE stream; null when the party is over and the viewer has everything (HTTP 204 stops EventSource). */
export async function eventStreamOf(viewer: Viewer, partyId: string, lastEventId: string | null, after: string | null) {
  const party = await access(viewer, partyId, false);
  const raw = lastEventId ?? after;
  const afterSeq = raw === null || raw === "" ? 0 : parseOrThrow(afterSeqSchema, raw, lastEventId !== null ? "Last-Event-ID" : "after");
  if (isTerminal(party.status) && afterSeq >= party.lastSeq) return null;
  const { db, bus } = await getServices();
  return partyEventStream({
    partyId: party.id,
    afterSeq,
    bus,
    // Pages of a few hundred events, read as the viewer takes them, a few replays per identity at a time.
    readEvents: (id, seq) => readEvents(db, id, seq, REPLAY_PAGE),
    pageSize: REPLAY_PAGE,
    replayTurn: () => replayGate.turn(replayKeyOf(viewer)),
    allowed: () => stillAllowed(viewer, party.id),
    // One embedded database means one process: the bus already carries every rotation.
    recheckOnHeartbeat: db.kind === "postgres",
    ...(party.role === "watcher" ? { transform: forWatcher } : {}),
  });
}
