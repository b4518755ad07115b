// The production server as a child process, and an HTTP client for it, for the
// reliability tests: start, SIGKILL, SIGTERM, SIGSTOP, restart.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type AddressInfo } from "node:net";
import { EventSourceParserStream } from "eventsource-parser/stream";

export interface ServerOptions {
  port: number;
  env: Record<string, string>;
}

/** The log events of an SSE response body, in order; the stream is cancelled when the loop stops. */
export async function* sseEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<LogEvent> {
  const reader = body.pipeThrough(new TextDecoderStream() as unknown as ReadableWritablePair<string, Uint8Array>).pipeThrough(new EventSourceParserStream()).getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      if (value.id) yield JSON.parse(value.data) as LogEvent;
    }
  } finally {
    await reader.cancel().catch(() => undefined); // already gone when its server died
  }
}

export class ServerProcess {
  static all = new Set<ServerProcess>();
  child: ChildProcess | null = null;
  output = "";

  constructor(readonly opts: ServerOptions) {
    ServerProcess.all.add(this);
  }

  /** Kills every server a test started, whatever state it left them in. */
  static async killAll(): Promise<void> {
    for (const s of ServerProcess.all) {
      await s.signal("SIGCONT");
      await s.signal("SIGKILL");
    }
    ServerProcess.all.clear();
  }

  get url() {
    return `http://127.0.0.1:${this.opts.port}`;
  }

  private started = false;

  async start(timeoutMs = 60_000): Promise<void> {
    // A first start may move to another port when its own is taken (a leftover server from
    // another spec, or anything else on the machine); a restart must keep its address.
    for (let attempt = 1; ; attempt++) {
      try {
        await this.startOnce(timeoutMs);
        this.started = true;
        return;
      } catch (e) {
        const taken = e instanceof PortTakenError;
        if (!taken || this.started || attempt >= 5) throw e;
        this.opts.port = await freePort();
      }
    }
  }

  private async startOnce(timeoutMs: number): Promise<void> {
    // A leftover server on this port would answer for us and hide a failed start.
    const stale = await fetch(`${this.url}/api/parties`).then(
      () => true,
      () => false,
    );
    if (stale) throw new PortTakenError(`port ${this.opts.port} is already in use`);
    const child = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-p", String(this.opts.port)], {
      env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", ...this.opts.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child = child;
    child.stdout!.on("data", (d) => (this.output += d));
    child.stderr!.on("data", (d) => (this.output += d));
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) {
        const msg = `server on :${this.opts.port} exited with ${child.exitCode}:\n${this.output.slice(-4000)}`;
        throw /EADDRINUSE/.test(this.output) ? new PortTakenError(msg) : new Error(msg);
      }
      try {
        const r = await fetch(`${this.url}/api/parties`);
        if (r.ok) return;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    throw new Error(`server did not start in ${timeoutMs} ms:\n${this.output.slice(-2000)}`);
  }

  /** Sends a signal and, for SIGKILL/SIGTERM, waits for the process to be gone. */
  async signal(sig: NodeJS.Signals): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null) return child?.exitCode ?? null;
    const exited = new Promise<number | null>((res) => child.once("exit", (code) => res(code)));
    child.kill(sig);
    if (sig === "SIGSTOP" || sig === "SIGCONT") return null;
    this.child = null;
    return exited;
  }
}

class PortTakenError extends Error {}

/** A port the OS says is free now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface LogEvent {
  seq: number;
  type: string;
  data: Record<string, unknown>;
}

/** A guest with its cookie, talking to one server or another (same AUTH_SECRET). */
export class Client {
  cookie = "";

  /** A server process is read at each request: its first start may have moved it to another port. */
  constructor(private readonly target: string | { url: string }) {}

  get base(): string {
    return typeof this.target === "string" ? this.target : this.target.url;
  }

  async session(): Promise<void> {
    const r = await fetch(`${this.base}/api/session`, { method: "POST" });
    this.cookie = (r.headers.get("set-cookie") ?? "").split(";")[0];
  }

  async req(path: string, init: RequestInit = {}): Promise<Response> {
    return fetch(this.base + path, { ...init, headers: { cookie: this.cookie, "content-type": "application/json", ...(init.headers ?? {}) } });
  }

  /** Retries while the server is down (it is being killed and restarted). */
  async json<T>(path: string, init: RequestInit = {}, tries = 600): Promise<{ status: number; body: T }> {
    for (let i = 0; ; i++) {
      try {
        const r = await this.req(path, init);
        const text = await r.text();
        return { status: r.status, body: (text ? JSON.parse(text) : null) as T };
      } catch (e) {
        if (i >= tries) throw e;
        await sleep(100);
      }
    }
  }

  /**
   * The log after `after`, up to party-end (or `stopAfter` events, or the first event
   * `until` accepts: a finished party's stream stays open after its later events).
   */
  async readLog(partyId: string, after = 0, opts: { stopAfter?: number; watch?: string; until?: (e: LogEvent) => boolean } = {}): Promise<LogEvent[]> {
    const q = opts.watch ? `?watch=${opts.watch}` : "";
    const r = await this.req(`/api/parties/${partyId}/events${q}`, { headers: after ? { "last-event-id": String(after) } : {} });
    if (r.status === 204 || !r.body) return [];
    const out: LogEvent[] = [];
    for await (const e of sseEvents(r.body)) {
      out.push(e);
      if (e.type === "party-end" || (opts.stopAfter !== undefined && out.length >= opts.stopAfter) || opts.until?.(e)) break;
    }
    return out;
  }
}

export const DEFAULT_ANSWERS: Record<string, { selection?: string; text?: string }> = {
  mode: { selection: "1" },
  vision_questions: { text: "The first users are small teams who do this by hand today. Success is weekly active use after three months. EU users, so GDPR applies. Two developers who know TypeScript." },
  stack_approval: { selection: "Y" },
  constitution_review: { selection: "1" },
  walkthrough: { selection: "1" },
  phase_failure: { selection: "1" },
};

/** Answers whatever the party waits on; returns its status. */
export async function answerPending(c: Client, partyId: string): Promise<string> {
  const { body: s } = await c.json<{ status: string; pendingInput: { id: string; kind: string } | null }>(`/api/parties/${partyId}`);
  if (s.status === "awaiting_input" && s.pendingInput) {
    const a = DEFAULT_ANSWERS[s.pendingInput.kind] ?? { selection: "1" };
    await c.json(`/api/parties/${partyId}/input`, { method: "POST", body: JSON.stringify({ requestId: s.pendingInput.id, ...a }) });
  }
  return s.status;
}

export interface PartySummary {
  status: string;
  pendingInput: { id: string; kind: string } | null;
  watchUrl: string | null;
}

/** Answers the party's questions through the API until `done` says stop. */
export async function driveUntil(c: Client, id: string, done: (s: PartySummary) => boolean, timeoutMs = 240_000): Promise<PartySummary> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body: s } = await c.json<PartySummary>(`/api/parties/${id}`);
    if (done(s)) return s;
    if (["failed", "cancelled", "completed"].includes(s.status) || Date.now() > deadline) throw new Error(`party ${id} is ${s.status}, waiting on ${s.pendingInput?.kind ?? "nothing"}`);
    // Answers the request this summary shows (never one it has not checked `done` against).
    if (s.status === "awaiting_input" && s.pendingInput) {
      const a = DEFAULT_ANSWERS[s.pendingInput.kind] ?? { selection: "1" };
      await c.json(`/api/parties/${id}/input`, { method: "POST", body: JSON.stringify({ requestId: s.pendingInput.id, ...a }) });
    }
    await sleep(200);
  }
}

/** What must be equal between two runs of the same seed: message texts and artifacts, dates aside. */
export function fingerprint(log: LogEvent[]) {
  const noDates = (s: string) => s.replace(/\d{4}-\d{2}-\d{2}T[\d:.]+Z/g, "<date>");
  const messages = log
    .filter((e) => e.type === "message-end")
    .map((e) => `${e.data.phase}|${e.data.sender}|${e.data.label}|${noDates(String(e.data.content))}`)
    .sort();
  const artifacts: Record<string, string> = {};
  for (const e of log) {
    if (e.type === "artifact-write") artifacts[String(e.data.path)] = noDates(String(e.data.content));
    if (e.type === "artifact-discard") for (const k of Object.keys(artifacts)) delete artifacts[k];
  }
  return { messages, artifacts };
}

export function checkLog(log: LogEvent[]) {
  const gapFree = log.every((e, i) => e.seq === i + 1);
  const ended = log.filter((e) => e.type === "message-end").map((e) => String(e.data.messageId));
  return { gapFree, duplicateMessageIds: ended.length - new Set(ended).size, messages: ended.length };
}
