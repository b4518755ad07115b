// The browser's client of the HTTP API (API.md). Every call returns the documented shape
// or throws ApiError carrying the server's {code, message, fields}.
import type { InputRequestData, PartyStatus } from "@/lib/party/events";

export type Mode = "party" | "classic";

export interface PartyListItem {
  id: string;
  title: string;
  mode: Mode | null;
  status: PartyStatus;
  createdAt: string;
}

export interface PhaseSummary {
  number: number;
  name: string;
  status: string;
  agents: string[];
  messages: number;
  max_messages: number;
}

/** GET /input and the summary's pendingInput: the request with its id under `id`. */
export type PendingInputSummary = Omit<InputRequestData, "requestId"> & { id: string };

export interface PartySummary {
  id: string;
  title: string;
  description: string;
  mode: Mode | null;
  status: PartyStatus;
  currentPhase: number | null;
  phases: PhaseSummary[];
  pendingInput: PendingInputSummary | null;
  watchUrl: string | null;
  /** Owner only: the secret link that makes another browser an owner of this party. */
  ownerUrl?: string | null;
  /** Artifacts the mode promises that a failed agent never wrote. */
  missingArtifacts?: string[];
  readOnly: boolean;
  createdAt: string;
  tokensUsed: number;
}

export interface CreatePartyInput {
  title?: string;
  description: string;
  flags?: string[];
  mode?: Mode;
}

export interface CreatedParty {
  id: string;
  status: PartyStatus;
  mode: Mode | null;
  url: string;
}

export interface ArtifactListItem {
  path: string;
  title: string;
  producer: string;
  phase: number;
  version: number;
  bytes: number;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
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

async function errorFrom(res: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // not JSON: fall through to a generic message
  }
  const err = (body as { error?: { code?: string; message?: string; fields?: Record<string, string> } } | null)?.error;
  const fallback = res.status === 404 ? "Not found." : res.status === 403 ? "You are not allowed to do that." : `The server answered ${res.status}.`;
  return new ApiError(res.status, err?.code ?? `http_${res.status}`, err?.message ?? fallback, err?.fields ?? {});
}

async function request<T>(url: string, init?: RequestInit): Promise<T | null> {
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
  if (res.status === 204 || res.status === 202) {
    const text = await res.text();
    return text ? (JSON.parse(text) as T) : null;
  }
  return (await res.json()) as T;
}

export async function createParty(input: CreatePartyInput): Promise<CreatedParty> {
  return (await request<CreatedParty>("/api/parties", { method: "POST", body: JSON.stringify(input) }))!;
}

export async function listParties(): Promise<PartyListItem[]> {
  return (await request<PartyListItem[]>("/api/parties")) ?? [];
}

export async function getParty(id: string, watch: string | null): Promise<PartySummary> {
  return (await request<PartySummary>(withWatch(partyApi(id), watch)))!;
}

export async function submitInput(id: string, body: { requestId: string; selection?: string; text?: string }): Promise<void> {
  await request(partyApi(id, "/input"), { method: "POST", body: JSON.stringify(body) });
}

export async function cancelParty(id: string): Promise<void> {
  await request(partyApi(id, "/cancel"), { method: "POST", body: "{}" });
}

/** The SSE stream; `after` resumes after a seq already seen (a finished party's later events). */
export function eventsUrl(id: string, watch: string | null, after?: number): string {
  return withWatch(partyApi(id, after ? `/events?after=${after}` : "/events"), watch);
}

export interface CritiqueRequest {
  artifactPath: string;
  /** Perspective keys: security, operations, product, architecture, data, testing. */
  perspectives: string[];
}

export interface CritiqueAccepted {
  status: "accepted";
  roundId: string;
  recordPath: string;
}

/**
 * "Critique this": starts a seed 003 round on one artifact (202). 409 while the team is
 * working, 422 naming the field for bad input, 403 for a watch link.
 */
export async function requestCritique(id: string, body: CritiqueRequest): Promise<CritiqueAccepted> {
  return (await request<CritiqueAccepted>(partyApi(id, "/critique"), { method: "POST", body: JSON.stringify(body) }))!;
}

/** Speaks into the room (202): to everyone, or to one agent of the current phase. */
export async function sendRoomMessage(id: string, body: { text: string; to?: string }): Promise<{ messageId: string }> {
  return (await request<{ messageId: string }>(partyApi(id, "/messages"), { method: "POST", body: JSON.stringify(body) }))!;
}

/** "Revise" and "Write it now" (202): the producing agent rewrites (or first writes) one artifact. */
export async function requestRevision(id: string, body: { artifactPath: string; feedback: string }): Promise<{ revisionId: string }> {
  return (await request<{ revisionId: string }>(partyApi(id, "/revisions"), { method: "POST", body: JSON.stringify(body) }))!;
}

/** A new owner link: the old one, and the browsers it admitted, stop working. */
export async function rotateOwnerLink(id: string): Promise<{ ownerUrl: string }> {
  return (await request<{ ownerUrl: string }>(partyApi(id, "/owner-link"), { method: "POST", body: "{}" }))!;
}
