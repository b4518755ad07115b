// A provider error that names an internal endpoint never reaches the log (issue 24,
// item 10): the agent's failure and its discarded message carry the cause in words.
import { MockLanguageModelV4 } from "ai/test";
import { APICallError } from "ai";
import { describe, expect, it, vi } from "vitest";
import { defaultPersonaConfig } from "../agents/persona-config";
import { say, type PartyContext } from "./agent-step";
import { MemoryPartyStore } from "./testing/memory-store";
import { PartyRuntime } from "./runtime";

describe("an agent whose model server cannot be reached", () => {
  it("fails twice with the cause in words; no address, port or URL is in any event", async () => {
    const refused = () =>
      new APICallError({ message: "Cannot connect to API: connect ECONNREFUSED 127.0.0.1:4198", url: "http://127.0.0.1:4198/v1/chat/completions", requestBodyValues: {}, isRetryable: false });
    const model = new MockLanguageModelV4({
      doStream: async () => {
        throw refused();
      },
      doGenerate: async () => {
        throw refused();
      },
    });
    const store = new MemoryPartyStore();
    store.addParty({ id: "p1", title: "t", description: "A booking app for climbing gyms.", mode: "party", flags: [], status: "in_progress", modelSettings: {} }, 1);
    const ctx: PartyContext = {
      rt: new PartyRuntime("p1", 1, { store }),
      models: { modelFor: () => ({ model, spec: "openai-compatible:local" }) },
      personas: defaultPersonaConfig(),
      timeoutMs: 5_000,
      retry: { maxElapsedMs: 0, baseDelayMs: 1, maxDelayMs: 1 },
    };
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const out = await say(ctx, { key: "t/nadia", agent: "nadia", phase: 1, task: "vision.questions", sections: { project_description: "A booking app for climbing gyms." }, recipient: null, type: "message" });
      expect(out).toBeNull();
    } finally {
      log.mockRestore();
    }
    const events = store.events.get("p1")!;
    const failures = events.filter((e) => e.type === "agent-failure");
    expect(failures.map((e) => e.type === "agent-failure" && e.data.error)).toEqual(["the model server refused the connection", "the model server refused the connection"]);
    expect(JSON.stringify(events)).not.toMatch(/127\.0\.0\.1|4198|ECONNREFUSED|http:\/\//);
  });
});
