// The documented contract holds: every example in docs/api.md parses with its schema,
// every schema has an example, the request schemas refuse what the routes refuse (naming
// the field), and the perspective keys are the server's presets.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { z } from "zod";
import { describe, expect, it } from "vitest";
import { PERSPECTIVE_PRESETS } from "../party/critique-round";
import { fromZodError } from "../errors/app-error";
import { artifactListSchema } from "./artifacts";
import { critiqueAcceptedSchema, critiqueRequestSchema, PERSPECTIVE_KEYS } from "./critique";
import { errorBodySchema } from "./errors";
import { parseStreamEvent } from "./events";
import { answerAcceptedSchema, answerSchema, pendingInputSchema } from "./inputs";
import { claimedSchema, claimSchema, ownerLinkSchema, watchLinkSchema } from "./owners";
import { cancelledSchema, createdPartySchema, newPartySchema, partyListSchema, partySummarySchema } from "./parties";
import { revisionAcceptedSchema, revisionRequestSchema } from "./revisions";
import { roomMessageAcceptedSchema, roomMessageSchema } from "./room";
import { stateSchema } from "./state";
import { connectionListSchema, connectionTestSchema, createdConnectionSchema, modelListSchema, newConnectionSchema } from "./models";

const SCHEMA_OF: Record<string, z.ZodType> = {
  "POST /api/parties — body": newPartySchema,
  "POST /api/parties — 201": createdPartySchema,
  "GET /api/parties — 200": partyListSchema,
  "GET /api/parties/:id — 200": partySummarySchema,
  "GET /api/parties/:id/input — 200": pendingInputSchema,
  "POST /api/parties/:id/input — body": answerSchema,
  "POST /api/parties/:id/input — 202": answerAcceptedSchema,
  "POST /api/parties/:id/cancel — 202": cancelledSchema,
  "GET /api/parties/:id/artifacts — 200": artifactListSchema,
  "POST /api/parties/:id/critique — body": critiqueRequestSchema,
  "POST /api/parties/:id/critique — 202": critiqueAcceptedSchema,
  "POST /api/parties/:id/messages — body": roomMessageSchema,
  "POST /api/parties/:id/messages — 202": roomMessageAcceptedSchema,
  "POST /api/parties/:id/revisions — body": revisionRequestSchema,
  "POST /api/parties/:id/revisions — 202": revisionAcceptedSchema,
  "POST /api/parties/:id/owners — body": claimSchema,
  "POST /api/parties/:id/owners — 200": claimedSchema,
  "POST /api/parties/:id/owner-link — 200": ownerLinkSchema,
  "POST /api/parties/:id/watch-link — 200": watchLinkSchema,
  "GET /api/parties/:id/state.json — 200": stateSchema,
  "Any error — 404": errorBodySchema,
  "GET /api/models — 200": modelListSchema,
  "POST /api/connections — body": newConnectionSchema,
  "POST /api/connections — 201": createdConnectionSchema,
  "POST /api/connections — 422": errorBodySchema,
  "GET /api/connections — 200": connectionListSchema,
  "POST /api/connections/:id/test — 200": connectionTestSchema,
};
const EVENT_EXAMPLE = "GET /api/parties/:id/events — one stored event's data line";

/** `#### label` followed by a ```json block, for every example of docs/api.md. */
function examples(): Map<string, string> {
  const doc = readFileSync(join(process.cwd(), "docs/api.md"), "utf8");
  const out = new Map<string, string>();
  for (const m of doc.matchAll(/^#### (.+)\n\n```json\n([\s\S]*?)\n```/gm)) out.set(m[1].trim(), m[2]);
  return out;
}

describe("docs/api.md examples", () => {
  const docs = examples();

  it("has an example for every schema and no example without one", () => {
    expect([...docs.keys()].sort()).toEqual([...Object.keys(SCHEMA_OF), EVENT_EXAMPLE].sort());
  });

  it.each(Object.keys(SCHEMA_OF))("%s parses", (label) => {
    const r = SCHEMA_OF[label].safeParse(JSON.parse(docs.get(label)!));
    expect(r.error?.issues ?? []).toEqual([]);
  });

  it("the event example is a valid stream event", () => {
    expect(parseStreamEvent("phase-start", docs.get(EVENT_EXAMPLE)!)).toMatchObject({ seq: 7, type: "phase-start", data: { phase: 1 } });
  });
});

/** The field a refused body is blamed on, as the API's 422 names it. */
function refusedField(schema: z.ZodType, body: unknown): string[] {
  const r = schema.safeParse(body);
  expect(r.success).toBe(false);
  return Object.keys(fromZodError(r.error!).fields ?? {});
}

describe("request schemas refuse what the API refuses", () => {
  it.each([
    ["a short description", newPartySchema, { description: "short" }, "description"],
    ["an unknown mode", newPartySchema, { description: "A long enough description.", mode: "solo" }, "mode"],
    ["a malformed flag", newPartySchema, { description: "A long enough description.", flags: ["new"] }, "flags.0"],
    ["an unknown field", newPartySchema, { description: "A long enough description.", colour: "red" }, "colour"],
    ["an answer without a request id", answerSchema, { selection: "1" }, "requestId"],
    ["an unknown perspective", critiqueRequestSchema, { artifactPath: "docs/a.md", perspectives: ["astrology"] }, "perspectives.0"],
    ["a repeated perspective", critiqueRequestSchema, { artifactPath: "docs/a.md", perspectives: ["data", "data"] }, "perspectives"],
    ["no perspectives", critiqueRequestSchema, { artifactPath: "docs/a.md", perspectives: [] }, "perspectives"],
    ["blank feedback", revisionRequestSchema, { artifactPath: "docs/a.md", feedback: "  " }, "feedback"],
    ["an empty room message", roomMessageSchema, { text: "" }, "text"],
    ["a recipient that is no persona key", roomMessageSchema, { text: "hi", to: "Nadia!" }, "to"],
    ["an empty owner token", claimSchema, { token: "" }, "token"],
    ["a model that is not a string", newPartySchema, { description: "A long enough description.", model: 7 }, "model"],
    ["an unknown connection provider", newConnectionSchema, { provider: "azure" }, "provider"],
    ["a base URL with credentials in it", newConnectionSchema, { provider: "ollama", baseUrl: "http://u:p@host:11434" }, "baseUrl"],
  ] as const)("%s", (_what, schema, body, field) => {
    expect(refusedField(schema, body)).toContain(field);
  });
});

describe("perspectives", () => {
  it("the wire's keys are the server's presets", () => {
    expect([...PERSPECTIVE_KEYS].sort()).toEqual(Object.keys(PERSPECTIVE_PRESETS).sort());
  });
});
