// The browser's client of the HTTP API (docs/api.md). Every type here is the wire
// contract's (lib/wire), not a copy: each call sends the schema's input type and parses
// the answer with the schema, so a response that breaks the contract fails here, at the
// edge, as an ApiError, instead of somewhere in the view. Errors carry the server's
// {code, message, fields}. The schemas load with the first request (answer-schemas.ts), so
// no page carries zod in its first-load JavaScript.
import type { z } from "zod";
import type { ANSWER_SCHEMAS } from "./answer-schemas";
import type { CritiqueAccepted, CritiqueRequest } from "@/lib/wire/critique";
import type { FieldErrors } from "@/lib/wire/errors";
import type { Connection, ConnectionTest, CreatedConnection, ModelList, NewConnectionInput } from "@/lib/wire/models";
import type { AnswerInput } from "@/lib/wire/inputs";
import type { Claimed, OwnerLink, WatchLink } from "@/lib/wire/owners";
import type { CreatedParty, NewPartyInput, PartyListItem, PartySummary } from "@/lib/wire/parties";
import type { RevisionAccepted, RevisionRequest } from "@/lib/wire/revisions";
import type { RoomMessageAccepted, RoomMessageInput } from "@/lib/wire/room";

export type { Connection, ConnectionTest, CreatedConnection, ModelList, ModelOption, NewConnectionInput } from "@/lib/wire/models";
export type { PartyListItem, PartySummary, PhaseSummary, PendingInput } from "@/lib/wire/parties";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: FieldErrors = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** Adds the watch token (read-only access) to any API or page URL. */
export function withWatch(url: string, watch: string | null | undefined): string {
  if (!watch) return url;
  return `${url}${url.includes("?") ? "&" : "?"}watch=${encodeURIComponent(watch)}`;
}

export function partyApi(id: string, rest = ""): string {
  return `/api/parties/${encodeURIComponent(id)}${rest}`;
}

export function artifactUrl(id: string, path: string, watch: string | null, download = false): string {
  const p = path.split("/").map(encodeURIComponent).join("/");
  return withWatch(partyApi(id, `/artifacts/${p}${download ? "?download=1" : ""}`), watch);
}

type Schemas = typeof ANSWER_SCHEMAS;
let schemas: Promise<Schemas> | null = null;
/** The answer schemas, imported once; a failed load is tried again by the next request. */
function loadSchemas(): Promise<Schemas> {
  schemas ??= import("./answer-schemas").then(
    (m) => m.ANSWER_SCHEMAS,
    () => {
      schemas = null;
      throw new ApiError(0, "network", "Could not load part of this page. Check your connection and try again.");
    },
  );
  return schemas;
}

/** The error body (lib/wire/errors.ts), or a generic message when the answer is not one. */
async function errorFrom(res: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // Not JSON (a proxy's HTML page, say): the status alone says what happened.
  }
  const err = (await loadSchemas()).errorBody.safeParse(body).data?.error;
  const fallback = res.status === 404 ? "Not found." : res.status === 403 ? "You are not allowed to do that." : `The server answered ${res.status}.`;
  return new ApiError(res.status, err?.code ?? `http_${res.status}`, err?.message ?? fallback, err?.fields ?? {});
}

/** Parses a successful answer with its schema; a body that breaks the contract is an ApiError. */
function parseAnswer<S extends z.ZodType>(schema: S, status: number, body: unknown): z.infer<S> {
  const r = schema.safeParse(body);
  if (r.success) return r.data;
  console.error("The server's answer does not match the API contract", r.error.issues);
  throw new ApiError(status, "bad_response", "The server sent an answer this page does not understand. Reload the page and try again.");
}

async function send(url: string, init?: RequestInit): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, {
      ...init,
      headers: { accept: "application/json", ...(init?.body ? { "content-type": "application/json" } : {}), ...init?.headers },
      credentials: "same-origin",
      cache: "no-store",
    });
  } catch {
    throw new ApiError(0, "network", "Could not reach the server. Check your connection and try again.");
  }
  if (!res.ok) throw await errorFrom(res);
  return res;
}

async function request<K extends keyof Schemas>(answer: K, url: string, init?: RequestInit): Promise<z.infer<Schemas[K]>> {
  const [res, all] = await Promise.all([send(url, init), loadSchemas()]);
  const schema: Schemas[K] = all[answer];
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // An empty or non-JSON body: the schema below refuses it.
  }
  return parseAnswer(schema, res.status, body) as z.infer<Schemas[K]>;
}

const post = (body: unknown): RequestInit => ({ method: "POST", body: JSON.stringify(body) });

export async function createParty(input: NewPartyInput): Promise<CreatedParty> {
  return request("createdParty", "/api/parties", post(input));
}

export async function listParties(): Promise<PartyListItem[]> {
  return request("partyList", "/api/parties");
}

export async function getParty(id: string, watch: string | null): Promise<PartySummary> {
  return request("partySummary", withWatch(partyApi(id), watch));
}

export async function submitInput(id: string, body: AnswerInput): Promise<void> {
  await request("answerAccepted", partyApi(id, "/input"), post(body));
}

export async function cancelParty(id: string): Promise<void> {
  await request("cancelled", partyApi(id, "/cancel"), post({}));
}

/** The SSE stream; `after` resumes after a seq already seen (a finished party's later events). */
export function eventsUrl(id: string, watch: string | null, after?: number): string {
  return withWatch(partyApi(id, after ? `/events?after=${after}` : "/events"), watch);
}

/**
 * "Critique this": starts a multi-perspective round on one artifact (202). 409 while the
 * team is working, 422 naming the field for bad input, 404 for an unknown artifact, 403
 * for a watch link.
 */
export async function requestCritique(id: string, body: CritiqueRequest): Promise<CritiqueAccepted> {
  return request("critiqueAccepted", partyApi(id, "/critique"), post(body));
}

/** Speaks into the room (202): to everyone, or to one agent of the current phase. */
export async function sendRoomMessage(id: string, body: RoomMessageInput): Promise<RoomMessageAccepted> {
  return request("roomMessageAccepted", partyApi(id, "/messages"), post(body));
}

/** "Revise" and "Write it now" (202): the producing agent rewrites (or first writes) one artifact. */
export async function requestRevision(id: string, body: RevisionRequest): Promise<RevisionAccepted> {
  return request("revisionAccepted", partyApi(id, "/revisions"), post(body));
}

/** A new owner link: the old one, and the browsers it admitted, stop working. */
export async function rotateOwnerLink(id: string): Promise<OwnerLink> {
  return request("ownerLink", partyApi(id, "/owner-link"), post({}));
}

/** A new watch link: the old one stops working and its watchers are shut out. */
export async function rotateWatchLink(id: string): Promise<WatchLink> {
  return request("watchLink", partyApi(id, "/watch-link"), post({}));
}

/** Confirms an opened owner link: this browser becomes an owner of the party. */
export async function claimOwnerLink(id: string, token: string): Promise<Claimed> {
  return request("claimed", partyApi(id, "/owners"), post({ token }));
}

/** What this person may run a kickoff on; `detect` looks for local model servers again first. */
export async function listModels(detect = false): Promise<ModelList> {
  return detect ? request("modelList", "/api/models/detect", post({})) : request("modelList", "/api/models");
}

export async function listConnections(): Promise<Connection[]> {
  return request("connectionList", "/api/connections");
}

/** Tests the connection and stores it; a failed test is an ApiError with the reason's code (auth_failed, unreachable…). */
export async function addConnection(body: NewConnectionInput): Promise<CreatedConnection> {
  return request("createdConnection", "/api/connections", post(body));
}

export async function testConnection(id: string): Promise<ConnectionTest> {
  return request("connectionTest", `/api/connections/${encodeURIComponent(id)}/test`, post({}));
}

/** Removes the connection and its key (204). */
export async function removeConnection(id: string): Promise<void> {
  await send(`/api/connections/${encodeURIComponent(id)}`, { method: "DELETE" });
}
