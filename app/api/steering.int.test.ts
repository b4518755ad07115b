// Steering and iterating through the HTTP routes themselves, on a throwaway database
// (PGlite, or PostgreSQL with TEST_DATABASE_URL): speaking into the room, revisions
// and artifact versions, missing artifacts, the owner link. Every refusal is checked
// for its status, the field it names, and that it changed nothing (row counts and the
// event log).
import { afterAll, beforeAll, describe, expect, it } from "vitest";

process.env.AUTH_SECRET = "test-secret-test-secret-test-secret-0123";
process.env.OFFLINE_MODEL_TPS = "0";
process.env.OFFLINE_MODEL_FIRST_TOKEN_MS = "0";

import { issueGuestToken } from "@/lib/auth/guest-token";
import { claimLease } from "@/lib/db/leases";
import { appendUnfenced, readEvents } from "@/lib/db/parties";
import { unzipSync, strFromU8 } from "fflate";
import { createTestDatabase, useDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { tableCounts } from "@/lib/db/testing/table-counts";
import type { StoredEvent } from "@/lib/wire/events";
import { getServices, stopServices } from "@/lib/server/services";
import { BASE, call } from "./route-call";
import * as artifact from "./parties/[id]/artifacts/[...path]/route";
import * as artifacts from "./parties/[id]/artifacts/route";
import * as bundle from "./parties/[id]/bundle/route";
import * as cancel from "./parties/[id]/cancel/route";
import * as critique from "./parties/[id]/critique/route";
import * as ownerLink from "./parties/[id]/owner-link/route";
import * as owners from "./parties/[id]/owners/route";
import * as revisions from "./parties/[id]/revisions/route";
import * as state from "./parties/[id]/state.json/route";
import * as input from "./parties/[id]/input/route";
import * as messages from "./parties/[id]/messages/route";
import * as one from "./parties/[id]/route";
import * as parties from "./parties/route";

let db: TestDatabase;
let owner: string;
let stranger: string;


const post = (handler: unknown, id: string, suffix: string, body: unknown, cookie = owner, query = "") =>
  call(handler, `/api/parties/${id}${suffix}${query}`, { cookie, method: "POST", body: typeof body === "string" ? body : JSON.stringify(body), params: { id } });

async function summary(id: string, cookie = owner) {
  return (await call(one.GET, `/api/parties/${id}`, { cookie, params: { id } })).json();
}

async function newParty(flags = ["--new", "--party"]): Promise<string> {
  const r = await call(parties.POST, "/api/parties", {
    cookie: owner,
    method: "POST",
    body: JSON.stringify({ description: "A booking app for climbing gyms: members book slots, staff see the day's occupancy, and route setters publish new routes.", flags }),
  });
  expect(r.status).toBe(201);
  return (await r.json()).id;
}

/** Answers every request with its default until the party waits on `kind` (or ends). */
async function driveTo(id: string, kind: string | null, answer: (req: { kind: string; title: string; options: Array<{ key: string }> }) => { selection?: string; text?: string } = () => ({})) {
  const { runner } = await getServices();
  for (let i = 0; i < 400; i++) {
    await runner.idle(id);
    const s = await summary(id);
    if (["completed", "failed", "cancelled"].includes(s.status)) {
      if (kind === null) return null;
      throw new Error(`party ${s.status} before ${kind}`);
    }
    const req = s.pendingInput;
    if (!req) {
      await new Promise((r) => setTimeout(r, 25));
      continue;
    }
    if (req.kind === kind) return req;
    const given = answer(req);
    const body = { requestId: req.id, selection: given.selection ?? (req.kind === "walkthrough" && /What next/.test(req.title) ? "2" : req.options[0]?.key), text: given.text ?? (req.kind === "vision_questions" ? "Climbers aged 20-40 book from their phones; the gym has 300 members and 12 staff." : undefined) };
    const r = await post(input.POST, id, "/input", body);
    expect(r.status, JSON.stringify(await r.clone().json())).toBe(202);
  }
  throw new Error(`no ${kind}`);
}

/** The request must be refused with this status (and field), leaving every table and the log as they were. */
async function refused(id: string, run: () => Promise<Response>, status: number, field?: string, message?: RegExp) {
  const before = await tableCounts(db);
  const log = await readEvents(db, id, 0, 100_000);
  const r = await run();
  const body = await r.json();
  expect(r.status, JSON.stringify(body)).toBe(status);
  expect(body.error.message).toBeTruthy();
  if (field) expect(Object.keys(body.error.fields ?? {})).toContain(field);
  if (message) expect(body.error.message).toMatch(message);
  expect(await tableCounts(db)).toEqual(before);
  expect(await readEvents(db, id, 0, 100_000)).toEqual(log);
  return body;
}

beforeAll(async () => {
  db = await createTestDatabase();
  useDatabase(db);
  owner = await issueGuestToken(process.env.AUTH_SECRET!, "00000000-0000-4000-8000-0000000000a1");
  stranger = await issueGuestToken(process.env.AUTH_SECRET!, "00000000-0000-4000-8000-0000000000a2");
}, 60_000);

afterAll(async () => {
  await stopServices();
  await db.destroy();
});

const userMessages = (log: StoredEvent[]) => log.filter((e) => e.type === "message-end" && e.data.sender === "user");
const replies = (log: StoredEvent[]) => log.filter((e): e is Extract<StoredEvent, { type: "message-end" }> => e.type === "message-end" && e.data.label === "REPLY");

describe("POST /api/parties/:id/messages", () => {
  let id: string;
  let watch: string;

  beforeAll(async () => {
    id = await newParty();
    await driveTo(id, "vision_questions");
    watch = new URL((await summary(id)).watchUrl, BASE).searchParams.get("watch")!;
  }, 60_000);

  it("refuses bad input with 422 (or 400) naming the field, and changes nothing", async () => {
    const send = (body: unknown) => () => post(messages.POST, id, "/messages", body);
    await refused(id, send({ text: "" }), 422, "text");
    await refused(id, send({ text: "   \n " }), 422, "text");
    await refused(id, send({ text: "x".repeat(2001) }), 422, "text");
    await refused(id, send({ text: 42 }), 422, "text");
    await refused(id, send({}), 422, "text");
    await refused(id, send({ text: "hi", to: "Nadia!" }), 422, "to");
    await refused(id, send({ text: "hi", to: "liam" }), 422, "to", /Liam is not in Vision Council now.*Nadia \(nadia\)/);
    await refused(id, send({ text: "hi", to: "bob" }), 422, "to", /one of the team's agents/);
    await refused(id, send({ text: "hi", shout: true }), 422, "shout");
    await refused(id, send("{"), 400, "(body)");
  });

  it("404 for a stranger, 403 for a watch link, and nothing written", async () => {
    await refused(id, () => post(messages.POST, id, "/messages", { text: "hello" }, stranger), 404);
    await refused(id, () => post(messages.POST, id, "/messages", { text: "hello" }, stranger, `?watch=${watch}`), 403);
  });

  it("is never refused for the agents' budget: 202 with the budget spent; past five remarks in a phase, a plain 429", async () => {
    await db.prisma.phase.updateMany({ where: { partyId: id, number: 1 }, data: { messageCount: 10 } });
    const said: string[] = [];
    try {
      for (let i = 0; i < 4; i++) {
        const r = await post(messages.POST, id, "/messages", { text: `Remark ${i + 1}: the gym also sells day passes.` });
        expect(r.status).toBe(202);
        said.push((await r.json()).messageId);
      }
      expect((await summary(id)).room).toMatchObject({ canSpeak: true, reason: null });
      const fifth = await post(messages.POST, id, "/messages", { text: "Remark 5" });
      expect(fifth.status).toBe(202);
      said.push((await fifth.json()).messageId);
      const body = await refused(id, () => post(messages.POST, id, "/messages", { text: "One more thing" }), 429, undefined, /5 remarks during Vision Council.*next phase starts/);
      expect(body.error.message).not.toMatch(/POST|\/api\/|budget|reserved|owed/);
      expect((await summary(id)).room).toMatchObject({ canSpeak: false, reason: expect.stringMatching(/5 remarks/) });
    } finally {
      await db.prisma.phase.updateMany({ where: { partyId: id, number: 1 }, data: { messageCount: 3 } });
      // Leave the party as the next test expects it: no remarks of this test's.
      await db.prisma.roomMessage.deleteMany({ where: { id: { in: said } } });
      await db.prisma.event.deleteMany({ where: { partyId: id, type: { in: ["message-start", "message-end"] }, data: { path: ["messageId"], string_starts_with: "msg_user_" } } });
      const last = await db.prisma.event.aggregate({ where: { partyId: id }, _max: { seq: true } });
      await db.prisma.party.update({ where: { id }, data: { lastSeq: last._max.seq ?? 0 } });
    }
  });

  it("202 stores the message at once, outside the agents' budget; the agent answers it when the party resumes", async () => {
    const before = await summary(id);
    expect(before.room).toMatchObject({ phase: 1, canSpeak: true, canSpeakToEveryone: true, agents: [{ key: "nadia", name: "Nadia" }, { key: "oscar", name: "Oscar" }, { key: "tessa", name: "Tessa" }] });
    const r = await post(messages.POST, id, "/messages", { text: "  Would SQLite be enough for us?  ", to: "tessa" });
    expect(r.status).toBe(202);
    const body = await r.json();
    expect(body).toMatchObject({ messageId: expect.stringMatching(/^msg_user_/), phase: 1, delivery: expect.stringMatching(/Tessa answers you before their next turn/), carried: { where: "room", phase: 1 } });
    const log = await readEvents(db, id, 0, 100_000);
    expect(userMessages(log).map((e) => e.data)).toEqual([
      expect.objectContaining({ messageId: body.messageId, sender: "user", recipient: "tessa", label: "USER", phase: 1, type: "message", content: "Would SQLite be enough for us?", carried: { where: "room", phase: 1 } }),
    ]);
    const after = await summary(id);
    expect(after.phases[0].messages).toBe(before.phases[0].messages);
    expect(after.room.budget.owed).toBe(1);

    await driveTo(id, "stack_approval");
    const reply = replies(await readEvents(db, id, 0, 100_000));
    expect(reply.map((e) => e.data)).toEqual([expect.objectContaining({ sender: "tessa", recipient: "user", replyTo: [body.messageId], phase: 1 })]);
    expect((await summary(id)).phases[0].messages).toBeLessThanOrEqual(10);
  }, 60_000);

  it("in phase 5 and after the party a remark becomes a revision of the documents it concerns, and the reply says what changed", async () => {
    await driveTo(id, "constitution_review");
    expect((await summary(id)).currentPhase).toBe(5);
    const r = await post(messages.POST, id, "/messages", { text: "Members can also freeze their membership for up to two months." });
    expect(r.status).toBe(202);
    const body = await r.json();
    expect(body.carried.where).toBe("revision");
    expect(body.carried.artifactPaths).toContain("docs/project-brief.md");
    expect(body.delivery).toMatch(/revision of .*Project Brief/);
    expect(body.delivery).not.toMatch(/POST|\/api\//);
    // It runs while the party waits on the review (the team is free), with a reply naming the versions.
    const { runner } = await getServices();
    for (let i = 0; i < 200 && !replies(await readEvents(db, id, 0, 100_000)).some((e) => e.data.replyTo?.includes(body.messageId)); i++) {
      await runner.idle(id);
      await new Promise((res) => setTimeout(res, 50));
    }
    const log = await readEvents(db, id, 0, 100_000);
    const reply = replies(log).find((e) => e.data.replyTo?.includes(body.messageId));
    expect(reply?.data).toMatchObject({ sender: "discover-orchestrator", recipient: "user" });
    expect(reply?.data.content).toMatch(/Project Brief \(version 2\)/);
    const revised = log.filter((e) => e.type === "revision-start" && e.data.remarkId === body.messageId);
    expect(revised.map((e) => e.type === "revision-start" && e.data.artifactPath)).toEqual(body.carried.artifactPaths);

    await driveTo(id, null);
    expect((await summary(id)).status).toBe("completed");
    const late = await post(messages.POST, id, "/messages", { text: "Staff should see who booked the last slot of the day." });
    expect(late.status).toBe(202);
    expect((await late.json()).carried.where).toBe("revision");
  }, 180_000);

  it("a remark while the mode menu waits goes to the first phase; 409 only for a cancelled party, in plain words", async () => {
    const menu = await newParty([]);
    await driveTo(menu, "mode");
    const r = await post(messages.POST, menu, "/messages", { text: "Hello?" });
    expect(r.status).toBe(202);
    expect(await r.json()).toMatchObject({ carried: { where: "next-phase", phase: 1 }, delivery: expect.stringMatching(/No debate is open right now/) });
    expect((await call(cancel.POST, `/api/parties/${menu}/cancel`, { cookie: owner, method: "POST", params: { id: menu } })).status).toBe(202);
    const body = await refused(menu, () => post(messages.POST, menu, "/messages", { text: "Hello?" }), 409, undefined, /cancelled.*Start a new kickoff/);
    expect(body.error.message).not.toMatch(/POST|\/api\//);
  }, 60_000);
});

const DATA_MODEL = "docs/architecture/data-model.md";

async function getArtifact(id: string, path: string, query = "", cookie = owner) {
  return call(artifact.GET, `/api/parties/${id}/artifacts/${path}${query}`, { cookie, params: { id, path: path.split("/") } });
}

describe("POST /api/parties/:id/revisions and artifact versions", () => {
  let id: string;
  let watch: string;

  beforeAll(async () => {
    id = await newParty();
    await driveTo(id, null);
    watch = new URL((await summary(id)).watchUrl, BASE).searchParams.get("watch")!;
  }, 120_000);

  const revise = (body: unknown, cookie = owner, query = "") => () => post(revisions.POST, id, "/revisions", body, cookie, query);

  it("refuses bad input, unknown paths, watchers and strangers, changing nothing", async () => {
    await refused(id, revise({ artifactPath: DATA_MODEL, feedback: "" }), 422, "feedback");
    await refused(id, revise({ artifactPath: DATA_MODEL, feedback: "  " }), 422, "feedback");
    await refused(id, revise({ artifactPath: DATA_MODEL }), 422, "feedback");
    await refused(id, revise({ artifactPath: DATA_MODEL, feedback: "x".repeat(4001) }), 422, "feedback");
    await refused(id, revise({ feedback: "More detail" }), 422, "artifactPath");
    await refused(id, revise({ artifactPath: DATA_MODEL, feedback: "More detail", force: true }), 422, "force");
    await refused(id, revise({ artifactPath: "docs/nope.md", feedback: "More detail" }), 404, "artifactPath");
    await refused(id, revise({ artifactPath: "scaffold.txt", feedback: "Add a folder" }), 422, "artifactPath", /revise the architecture/);
    const record = (await (await call(artifacts.GET, `/api/parties/${id}/artifacts`, { cookie: owner, params: { id } })).json()).find((a: { producer: string }) => a.producer === "critique");
    await refused(id, revise({ artifactPath: record.path, feedback: "Change it" }), 422, "artifactPath", /critique round/);
    await refused(id, revise({ artifactPath: DATA_MODEL, feedback: "More detail" }, stranger), 404);
    await refused(id, revise({ artifactPath: DATA_MODEL, feedback: "More detail" }, stranger, `?watch=${watch}`), 403);
  });

  it("409 while the team works, and while another job runs on any instance (naming it)", async () => {
    await db.prisma.party.update({ where: { id }, data: { status: "in_progress" } });
    try {
      await refused(id, revise({ artifactPath: DATA_MODEL, feedback: "More detail" }), 409, undefined, /team is still working/);
    } finally {
      await db.prisma.party.update({ where: { id }, data: { status: "completed" } });
    }
    await db.prisma.party.update({ where: { id }, data: { activeJob: "revision-9-data-model" } });
    expect(await claimLease(db, id, "another-instance", 60_000)).not.toBeNull();
    try {
      await refused(id, revise({ artifactPath: DATA_MODEL, feedback: "More detail" }), 409, undefined, /^A revision \(revision-9-data-model\) is running on this party/);
      const body = await refused(id, () => post(critique.POST, id, "/critique", { artifactPath: DATA_MODEL, perspectives: ["data"] }), 409);
      expect(body.error.message).toMatch(/^A revision \(revision-9-data-model\)/);
    } finally {
      await db.prisma.runnerLease.update({ where: { partyId: id }, data: { expiresAt: new Date(Date.now() - 1000) } });
      await db.prisma.party.update({ where: { id }, data: { activeJob: null } });
    }
  });

  it("202: the data model's producer writes version 2; both versions stay readable; the zip holds the latest", async () => {
    const { runner } = await getServices();
    const v1 = await (await getArtifact(id, DATA_MODEL)).text();
    const r = await post(revisions.POST, id, "/revisions", { artifactPath: DATA_MODEL, feedback: "Add an index on every foreign key." });
    expect(r.status).toBe(202);
    const body = await r.json();
    expect(body).toEqual({ status: "accepted", revisionId: "revision-1-data-model", artifactPath: DATA_MODEL, baseVersion: 1, missing: false });
    await runner.idle(id);
    const log = await readEvents(db, id, 0, 100_000);
    const result = log.find((e) => e.type === "revision-result");
    expect(result?.data).toMatchObject({ revisionId: body.revisionId, status: "completed", version: 2 });
    expect(log.find((e) => e.type === "revision-start")?.data).toMatchObject({ revisionId: body.revisionId, agent: "data_modeler", feedback: "Add an index on every foreign key.", baseVersion: 1, onDemand: true });

    const list = await (await call(artifacts.GET, `/api/parties/${id}/artifacts`, { cookie: owner, params: { id } })).json();
    const entry = list.find((a: { path: string }) => a.path === DATA_MODEL);
    expect(entry).toMatchObject({ version: 2, producer: "data_modeler" });
    expect(entry.versions).toEqual([
      { version: 1, at: expect.any(String), producer: "data_modeler", reason: null },
      { version: 2, at: expect.any(String), producer: "data_modeler", reason: expect.stringMatching(/^Revised\. Your feedback: Add an index/) },
    ]);
    const old = await getArtifact(id, DATA_MODEL, "?version=1");
    expect(old.headers.get("x-artifact-version")).toBe("1");
    expect(await old.text()).toBe(v1);
    const latest = await (await getArtifact(id, DATA_MODEL)).text();
    expect(latest).not.toBe(v1);
    expect(await (await getArtifact(id, DATA_MODEL, "?version=2")).text()).toBe(latest);
    await refused(id, () => getArtifact(id, DATA_MODEL, "?version=3"), 404, undefined, /versions 1 to 2/);
    await refused(id, () => getArtifact(id, DATA_MODEL, "?version=two"), 422, "version");
    const zip = unzipSync(new Uint8Array(await (await call(bundle.GET, `/api/parties/${id}/bundle`, { cookie: owner, params: { id } })).arrayBuffer()));
    expect(strFromU8(zip[DATA_MODEL])).toBe(latest);
    // The next revision is numbered after it; the watch link reads versions too.
    expect((await getArtifact(id, DATA_MODEL, `?version=1&watch=${watch}`, stranger)).status).toBe(200);
  }, 60_000);

  it("a cancelled party takes no revision", async () => {
    const other = await newParty();
    await driveTo(other, "vision_questions");
    expect((await call(cancel.POST, `/api/parties/${other}/cancel`, { cookie: owner, method: "POST", params: { id: other } })).status).toBe(202);
    await refused(other, () => post(revisions.POST, other, "/revisions", { artifactPath: "docs/project-brief.md", feedback: "More" }), 409, undefined, /cancelled/);
  }, 60_000);
});

describe("missing artifacts and Write it now", () => {
  it("a promised artifact nobody wrote is in the summary and state.json until Write it now writes it", async () => {
    const { runner } = await getServices();
    const id = await newParty();
    await driveTo(id, "walkthrough");
    // What a data modeler that failed twice leaves behind (the unit tests drive the real failure).
    const stored = await appendUnfenced(db, id, [
      { type: "artifact-discard", data: { paths: [DATA_MODEL], reason: "test: as if its agent had failed" } },
      { type: "artifact-missing", data: { path: DATA_MODEL, title: "Data Model", agent: "data_modeler", agentName: "Data Model Designer", phase: 3, reason: "The data model could not be written: Data Model Designer failed twice." } },
    ]);
    expect(stored).toHaveLength(2);
    const s = await summary(id);
    expect(s.missingArtifacts).toEqual([DATA_MODEL]);
    expect(s.missingArtifactDetails).toEqual([expect.objectContaining({ path: DATA_MODEL, agent: "data_modeler", reason: "The data model could not be written: Data Model Designer failed twice." })]);
    const st = await (await call(state.GET, `/api/parties/${id}/state.json`, { cookie: owner, params: { id } })).json();
    expect(st.discover.missing_artifacts).toEqual([{ path: DATA_MODEL, agent: "data_modeler", reason: "The data model could not be written: Data Model Designer failed twice." }]);
    expect((await getArtifact(id, DATA_MODEL)).status).toBe(404);

    const r = await post(revisions.POST, id, "/revisions", { artifactPath: DATA_MODEL, feedback: "Write it now." });
    expect(r.status).toBe(202);
    expect(await r.json()).toMatchObject({ baseVersion: 0, missing: true });
    await runner.idle(id);
    const a = await getArtifact(id, DATA_MODEL);
    expect(a.status).toBe(200);
    expect(await a.text()).toMatch(/## (\d+\. )?Entities/);
    expect((await summary(id)).missingArtifacts).toEqual([]);
    // The party still waits where it was, and finishes.
    expect((await summary(id)).pendingInput.kind).toBe("walkthrough");
    await driveTo(id, null);
    expect((await summary(id)).missingArtifacts).toEqual([]);
  }, 120_000);
});

describe("the owner link", () => {
  let id: string;
  let ownerUrl: string;
  let watch: string;

  beforeAll(async () => {
    id = await newParty();
    await driveTo(id, "vision_questions");
    const s = await summary(id);
    ownerUrl = s.ownerUrl;
    watch = new URL(s.watchUrl, BASE).searchParams.get("watch")!;
  }, 60_000);

  const tokenOf = (url: string) => new URL(url, BASE).searchParams.get("token")!;
  const open = (url: string, cookie: string) => call(owners.GET, new URL(url, BASE).pathname + new URL(url, BASE).search, { cookie, params: { id } });

  it("is for owners only", async () => {
    expect(ownerUrl).toMatch(new RegExp(`^/api/parties/${id}/owners\\?token=[\\w-]{32}$`));
    expect((await call(one.GET, `/api/parties/${id}`, { cookie: stranger, params: { id } })).status).toBe(404);
    const watcher = await (await call(one.GET, `/api/parties/${id}?watch=${watch}`, { cookie: stranger, params: { id } })).json();
    expect(watcher).toMatchObject({ readOnly: true, ownerUrl: null, watchUrl: null });
    await refused(id, () => post(ownerLink.POST, id, "/owner-link", {}, stranger, `?watch=${watch}`), 403);
    await refused(id, () => post(ownerLink.POST, id, "/owner-link", {}, stranger), 404);
  });

  it("a wrong token is a 404 and admits nobody", async () => {
    await refused(id, () => open(`/api/parties/${id}/owners?token=${"x".repeat(32)}`, stranger), 404);
    await refused(id, () => post(owners.POST, id, "/owners", { token: "nope" }, stranger), 404);
    await refused(id, () => post(owners.POST, id, "/owners", {}, stranger), 422, "token");
    expect((await call(one.GET, `/api/parties/${id}`, { cookie: stranger, params: { id } })).status).toBe(404);
  });

  it("opened in another browser and confirmed there, it makes that browser an owner of this party, which can then answer", async () => {
    const r = await open(ownerUrl, stranger);
    expect(r.status).toBe(303);
    expect(r.headers.get("location")).toBe(`/parties/${id}/join?token=${tokenOf(ownerUrl)}`);
    // Opening it changed nothing: the page asks to confirm, with a POST.
    expect((await call(one.GET, `/api/parties/${id}`, { cookie: stranger, params: { id } })).status).toBe(404);
    expect((await post(owners.POST, id, "/owners", { token: tokenOf(ownerUrl) }, stranger)).status).toBe(200);
    const s = await summary(id, stranger);
    expect(s).toMatchObject({ readOnly: false, ownerUrl, watchUrl: expect.any(String) });
    expect((await (await call(parties.GET, "/api/parties", { cookie: stranger })).json()).map((p: { id: string }) => p.id)).toEqual([id]);
    // Answers the team's questions from the second browser.
    const a = await post(input.POST, id, "/input", { requestId: s.pendingInput.id, text: "Gym members and staff; about 300 members." }, stranger);
    expect(a.status).toBe(202);
  }, 60_000);

  it("a new link invalidates the old one and the browsers it admitted; the watch link still reads", async () => {
    // The answer above set the team working: let it reach its next gate, so the log holds still.
    await driveTo(id, "stack_approval");
    const r = await post(ownerLink.POST, id, "/owner-link", {});
    expect(r.status).toBe(200);
    const { ownerUrl: fresh } = await r.json();
    expect(tokenOf(fresh)).not.toBe(tokenOf(ownerUrl));
    expect((await summary(id)).ownerUrl).toBe(fresh);
    expect((await call(one.GET, `/api/parties/${id}`, { cookie: stranger, params: { id } })).status).toBe(404);
    await refused(id, () => open(ownerUrl, stranger), 404);
    expect((await call(one.GET, `/api/parties/${id}?watch=${watch}`, { cookie: stranger, params: { id } })).status).toBe(200);
    expect((await open(fresh, stranger)).status).toBe(303);
    expect((await post(owners.POST, id, "/owners", { token: tokenOf(fresh) }, stranger)).status).toBe(200);
    expect((await summary(id, stranger)).readOnly).toBe(false);
  }, 60_000);
});

describe("the walkthrough's answers are kept and acted on", () => {
  it("state.json records every step's answer and what it did; the note revised the architecture", async () => {
    const id = await newParty();
    const review = await driveTo(id, "walkthrough");
    // The review's answer is checked against its steps: a bad one names the field and changes nothing.
    const answer = (choices: unknown) => post(input.POST, id, "/input", { requestId: review.id, selection: "1", text: typeof choices === "string" ? choices : JSON.stringify(choices) });
    await refused(id, () => answer({ iteration: { choice: "2", config: { implementation: 10, testing: 40, circuit_breaker: 2 } } }), 422, "text.iteration.config.testing", /must be at most 20/);
    await refused(id, () => answer({ permissions: { choice: "4" } }), 422, "text.permissions.choice");
    await refused(id, () => answer("skip it all"), 422, "text");
    await driveTo(id, null, (req) =>
      req.kind === "walkthrough"
        ? { selection: "1", text: JSON.stringify({ architecture: { choice: "2", note: "Reporting must not slow down bookings: give it its own read path." }, iteration: { choice: "2", config: { implementation: 10, testing: 4, circuit_breaker: 2 } } }) }
        : {},
    );
    const st = await (await call(state.GET, `/api/parties/${id}/state.json`, { cookie: owner, params: { id } })).json();
    expect(Object.keys(st.discover.walkthrough)).toEqual(["architecture", "permissions", "coverage", "iteration", "next"]);
    expect(st.discover.walkthrough.architecture).toMatchObject({
      choice: "Skip",
      text: "Reporting must not slow down bookings: give it its own read path.",
      corrections: "Reporting must not slow down bookings: give it its own read path.",
      revisions: ["walkthrough-architecture-architecture-overview"],
    });
    expect(st.discover.walkthrough.permissions).toMatchObject({ choice: "Apply recommended", decisions: expect.arrayContaining([{ command: "npm test", allowed: true }]) });
    expect(st.discover.walkthrough.iteration).toMatchObject({ choice: "Customize", text: null, customized: true, config: { implementation: 10, testing: 4, circuit_breaker: 2 } });
    expect(st.discover.walkthrough.next).toMatchObject({ userNextAction: "feature" });
    expect(st.discovery_context).toMatchObject({ iteration_config: { implementation: 10, testing: 4, circuit_breaker: 2 }, user_next_action: "feature", permissions_reviewed: true });
    const list = await (await call(artifacts.GET, `/api/parties/${id}/artifacts`, { cookie: owner, params: { id } })).json();
    const arch = list.find((a: { path: string }) => a.path === "docs/architecture/architecture-overview.md");
    expect(arch.versions.map((v: { version: number; reason: string | null }) => [v.version, v.reason?.slice(0, 30) ?? null])).toEqual([
      [1, null],
      [2, "Revised. Walkthrough note: Rep"],
    ]);
    const report = list.find((a: { path: string }) => a.path === "docs/isdlc/skill-customization-report.md");
    expect(report.versions.at(-1).reason).toBe("Walkthrough: the recommended permissions were applied.");
    // The zip's state.json carries them too.
    const zip = unzipSync(new Uint8Array(await (await call(bundle.GET, `/api/parties/${id}/bundle`, { cookie: owner, params: { id } })).arrayBuffer()));
    expect(JSON.parse(strFromU8(zip["state.json"])).discover.walkthrough.architecture.text).toMatch(/own read path/);
  }, 120_000);
});
