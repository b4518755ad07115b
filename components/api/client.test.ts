// The client parses every answer with the wire contract: the summary keeps the fields a
// hand-copied type had lost, an answer that breaks the contract is an ApiError, and the
// error body's fields reach the caller.
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, cancelParty, getParty, listParties, requestCritique } from "./client";

const summary = {
  id: "p1",
  title: "Tools",
  description: "A marketplace where neighbours lend each other tools.",
  mode: "party",
  status: "failed",
  currentPhase: 2,
  phases: [],
  pendingInput: null,
  room: { phase: null, canSpeak: false, canSpeakToEveryone: false, agents: [], budget: null, reason: "The party is over." },
  watchUrl: null,
  ownerUrl: null,
  isCreator: false,
  readOnly: true,
  missingArtifacts: [],
  missingArtifactDetails: [],
  activeJob: null,
  createdAt: "2026-11-23T15:00:00.000Z",
  tokensUsed: 10,
  lastSeq: 57,
  error: "Phase 2 failed: every agent failed twice.",
};

function answer(status: number, body: unknown) {
  vi.stubGlobal("fetch", vi.fn(async () => new Response(typeof body === "string" ? body : JSON.stringify(body), { status, headers: { "content-type": "application/json" } })));
}

async function thrown(p: Promise<unknown>): Promise<ApiError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ApiError);
  return e as ApiError;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the API client", () => {
  it("keeps every field of the summary, lastSeq and error included", async () => {
    answer(200, summary);
    const s = await getParty("p1", null);
    expect(s.lastSeq).toBe(57);
    expect(s.error).toBe("Phase 2 failed: every agent failed twice.");
    expect(s).toEqual(summary);
  });

  it("refuses an answer that breaks the contract, and logs what broke it", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    answer(200, { ...summary, status: "sleeping" });
    expect((await thrown(getParty("p1", null))).code).toBe("bad_response");
    answer(200, [{ id: "p1" }]);
    expect((await thrown(listParties())).code).toBe("bad_response");
    expect(log).toHaveBeenCalledTimes(2);
  });

  it("parses a 202's body", async () => {
    answer(202, { status: "cancelled" });
    await expect(cancelParty("p1")).resolves.toBeUndefined();
    answer(202, { status: "accepted", roundId: "critique-1-brief", recordPath: "discussions/critique-1-brief-discussion.md" });
    expect((await requestCritique("p1", { artifactPath: "docs/project-brief.md", perspectives: ["security"] })).roundId).toBe("critique-1-brief");
  });

  it("carries the server's error code, message and fields", async () => {
    answer(404, { error: { code: "not_found", message: "No artifact docs/x.md in this party.", fields: { artifactPath: "must be the path of one of this party's artifacts" } } });
    const e = await thrown(requestCritique("p1", { artifactPath: "docs/x.md", perspectives: ["data"] }));
    expect([e.status, e.code, e.message, e.fields]).toEqual([404, "not_found", "No artifact docs/x.md in this party.", { artifactPath: "must be the path of one of this party's artifacts" }]);
  });

  it("falls back to a generic message when the error is not the API's", async () => {
    answer(502, "<html>Bad gateway</html>");
    const e = await thrown(getParty("p1", null));
    expect([e.status, e.code, e.message, e.fields]).toEqual([502, "http_502", "The server answered 502.", {}]);
  });
});
