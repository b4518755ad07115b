// Local model servers on the deployer's machine, found by themselves: a server that
// answers like Ollama (its /api/tags listing, chat with streamed tool calls through its
// OpenAI-compatible /v1) and one like LM Studio (/v1/models). Their models are offered
// (GET /api/models), a whole party runs on one, and a server that goes away disappears
// from the list when the person looks again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

process.env.AUTH_SECRET = "test-secret-test-secret-test-secret-0123";
process.env.OFFLINE_MODEL_TPS = "0";
process.env.OFFLINE_MODEL_FIRST_TOKEN_MS = "0";
// Not a guest's connection: the deployer's own servers need no permission to be on loopback.
delete process.env.ALLOW_PRIVATE_MODEL_URLS;

import { issueGuestToken } from "@/lib/auth/guest-token";
import { startScriptedOpenAIServer, type ScriptedServer } from "@/lib/ai/testing/scripted-openai-server";
import { readEvents } from "@/lib/db/parties";
import { createTestDatabase, useDatabase, type TestDatabase } from "@/lib/db/testing/test-database";
import { reloadEnv } from "@/lib/env";
import { resetLocalModels } from "@/lib/server/model-catalog";
import { stopServices } from "@/lib/server/services";
import { driveToEnd } from "./drive-party";
import { call } from "./route-call";
import * as detect from "./models/detect/route";
import * as models from "./models/route";
import * as parties from "./parties/route";

let db: TestDatabase;
let ollama: ScriptedServer;
let lmstudio: ScriptedServer;
let guest: string;

beforeAll(async () => {
  db = await createTestDatabase();
  useDatabase(db);
  ollama = await startScriptedOpenAIServer({ flavour: "ollama", models: ["llama3.2:latest", "nomic-embed-text:latest"], seed: 11, ports: [0] });
  lmstudio = await startScriptedOpenAIServer({ models: ["qwen2.5-7b-instruct"], ports: [0] });
  process.env.OLLAMA_BASE_URL = ollama.url.replace(/\/v1$/, "");
  process.env.LMSTUDIO_BASE_URL = lmstudio.url;
  reloadEnv();
  resetLocalModels();
  guest = await issueGuestToken(process.env.AUTH_SECRET!, "00000000-0000-4000-8000-0000000000e1");
});

afterAll(async () => {
  await stopServices();
  await ollama.close();
  await db.destroy();
});

describe("detected local servers", () => {
  it("offers their chat models, marked as detected", async () => {
    const r = await call(models.GET, "/api/models", { cookie: guest });
    expect(r.status).toBe(200);
    const m = await r.json();
    expect(m.models).toEqual([
      { id: "offline", label: "Built-in demo model", provider: "offline", source: "builtin" },
      { id: "ollama:llama3.2:latest", label: "llama3.2:latest · Ollama on the server", provider: "ollama", source: "detected" },
      { id: "lmstudio:qwen2.5-7b-instruct", label: "qwen2.5-7b-instruct · LM Studio on the server", provider: "lmstudio", source: "detected" },
    ]);
    expect(m.local).toEqual([
      { provider: "ollama", label: "Ollama", found: true, models: 1 },
      { provider: "lmstudio", label: "LM Studio", found: true, models: 1 },
    ]);
  });

  it("a whole party runs on a detected model, chatting through Ollama's /v1 with streamed tool calls", async () => {
    const r = await call(parties.POST, "/api/parties", { cookie: guest, method: "POST", body: JSON.stringify({ description: "A shared shopping list app for flatmates with recurring items, split costs and reminders when someone passes a shop.", flags: ["--party"], model: "ollama:llama3.2:latest" }) });
    expect(r.status).toBe(201);
    const { id } = await r.json();
    expect(await driveToEnd(guest, id)).toMatchObject({ status: "completed" });
    const events = await readEvents(db, id, 0, 100_000);
    const spawned = new Set(events.flatMap((e) => (e.type === "agent-spawn" ? [e.data.model] : [])));
    expect(spawned).toEqual(new Set(["ollama:llama3.2:latest"]));
    expect(events.filter((e) => e.type === "artifact-write").length).toBeGreaterThanOrEqual(6);
    expect(new Set(ollama.requests.map((q) => q.body.model))).toEqual(new Set(["llama3.2:latest"]));
    // Serialize forced a tool every turn, and Ollama streamed each call whole.
    expect(ollama.requests.filter((q) => typeof q.body.tool_choice === "object").length).toBeGreaterThan(20);
    expect(events.filter((e) => e.type === "agent-failure")).toEqual([]);
  }, 300_000);

  it("a model of no server the caller can use is refused, naming the field", async () => {
    const r = await call(parties.POST, "/api/parties", { cookie: guest, method: "POST", body: JSON.stringify({ description: "A shared shopping list app for flatmates.", model: "ollama:mistral:7b" }) });
    expect(r.status).toBe(422);
    expect((await r.json()).error.fields).toEqual({ model: "is not a model you can use: pick one from GET /api/models" });
  });

  it("looking again drops a server that went away", async () => {
    await lmstudio.close();
    const r = await call(detect.POST, "/api/models/detect", { cookie: guest, method: "POST" });
    expect(r.status).toBe(200);
    const m = await r.json();
    expect(m.local).toEqual([
      { provider: "ollama", label: "Ollama", found: true, models: 1 },
      { provider: "lmstudio", label: "LM Studio", found: false, models: 0 },
    ]);
    expect(m.models.map((x: { id: string }) => x.id)).toEqual(["offline", "ollama:llama3.2:latest"]);
  });
});
