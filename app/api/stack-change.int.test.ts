// A change at the stack card through the HTTP routes themselves, on a throwaway database:
// [C] with the person's words over POST /input, the card shown again (re-reviewed, what
// was replaced, what was not done), then every artifact the API serves builds on the
// changed stack, and the brief written before the change has a version that says why.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

process.env.AUTH_SECRET = "test-secret-test-secret-test-secret-0123";
process.env.OFFLINE_MODEL_TPS = "0";
process.env.OFFLINE_MODEL_FIRST_TOKEN_MS = "0";

import { issueGuestToken } from "@/lib/auth/guest-token";
import { createTestDatabase, useDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { getServices, stopServices } from "@/lib/server/services";
import { call } from "./route-call";
import * as artifact from "./parties/[id]/artifacts/[...path]/route";
import * as artifacts from "./parties/[id]/artifacts/route";
import * as input from "./parties/[id]/input/route";
import * as one from "./parties/[id]/route";
import * as parties from "./parties/route";

let db: TestDatabase;
let owner: string;

type Pending = { id: string; kind: string; title: string; body: string; options: Array<{ key: string }>; details: { consensus?: string; notes?: string[]; stack?: { framework: { choice: string } } } };

const summary = async (id: string) => (await call(one.GET, `/api/parties/${id}`, { cookie: owner, params: { id } })).json();

async function answer(id: string, body: { requestId: string; selection?: string | null; text?: string }) {
  const r = await call(input.POST, `/api/parties/${id}/input`, { cookie: owner, method: "POST", body: JSON.stringify(body), params: { id } });
  expect(r.status, JSON.stringify(await r.clone().json())).toBe(202);
}

/** Answers every request with its default until `until` says to stop (or the party ends). */
async function drive(id: string, until: (req: Pending) => boolean): Promise<Pending | null> {
  const { runner } = await getServices();
  for (let i = 0; i < 400; i++) {
    await runner.idle(id);
    const s = await summary(id);
    if (["completed", "failed", "cancelled"].includes(s.status)) return null;
    const req = s.pendingInput as Pending | null;
    if (!req) {
      await new Promise((r) => setTimeout(r, 25));
      continue;
    }
    if (until(req)) return req;
    const text = req.kind === "vision_questions" ? "Members book from their phones; the gym has 400 members and 15 staff." : undefined;
    await answer(id, { requestId: req.id, selection: req.kind === "walkthrough" && /What next/.test(req.title) ? "2" : (req.options[0]?.key ?? null), text });
  }
  throw new Error("the party did not get there");
}

beforeAll(async () => {
  db = await createTestDatabase();
  useDatabase(db);
  owner = await issueGuestToken(process.env.AUTH_SECRET!, "00000000-0000-4000-8000-0000000000c1");
}, 60_000);

afterAll(async () => {
  await stopServices();
  await db.destroy();
});

describe("a change at the stack card, over the API", () => {
  it("is re-reviewed, says what it replaced and did not do, and no artifact keeps a replaced technology", async () => {
    const created = await call(parties.POST, "/api/parties", {
      cookie: owner,
      method: "POST",
      body: JSON.stringify({ description: "A booking app for a community climbing gym: members reserve time slots on the walls, staff run belay certification classes, and members pay a monthly membership online.", flags: ["--new", "--party"] }),
    });
    expect(created.status).toBe(201);
    const { id } = await created.json();

    const card = await drive(id, (r) => r.kind === "stack_approval");
    expect(card!.details.stack!.framework.choice).toMatch(/Next\.js/);
    await answer(id, { requestId: card!.id, selection: "C", text: "use Django with HTMX templates" });

    const again = await drive(id, (r) => r.kind === "stack_approval");
    expect(again!.id).not.toBe(card!.id);
    expect(again!.details.stack!.framework.choice).toMatch(/Django/);
    expect(again!.body).toMatch(/CONSENSUS: (UNANIMOUS|MAJORITY|NONE) — re-reviewed after your change/);
    expect(again!.details.consensus).toBe(/CONSENSUS: (\w+)/.exec(again!.body)![1].toLowerCase());
    expect(again!.details.notes).toEqual(expect.arrayContaining([expect.stringMatching(/^RE-REVIEWED: /), expect.stringMatching(/^- HTMX: /)]));
    const gone = /NO LONGER IN THE STACK: ([^\n]+) — /.exec(again!.body)![1].split(", ");
    expect(gone).toEqual(expect.arrayContaining(["TypeScript", "Next.js"]));

    expect(await drive(id, () => false)).toBeNull();
    expect((await summary(id)).status).toBe("completed");
    const list = (await (await call(artifacts.GET, `/api/parties/${id}/artifacts`, { cookie: owner, params: { id } })).json()) as Array<{ path: string; version: number; versions: Array<{ reason: string | null }> }>;
    expect(list.length).toBeGreaterThan(5);
    for (const a of list) {
      const text = await (await call(artifact.GET, `/api/parties/${id}/artifacts/${a.path}`, { cookie: owner, params: { id, path: a.path.split("/") } })).text();
      for (const name of gone) expect(text.toLowerCase(), `${a.path} names ${name}`).not.toContain(name.toLowerCase());
    }
    const brief = list.find((a) => a.path === "docs/project-brief.md")!;
    expect(brief.version).toBe(2);
    expect(brief.versions.map((v) => v.reason)).toContain("Revised. Your stack change: Use Python 3.13 instead of TypeScript.");
  }, 180_000);
});
