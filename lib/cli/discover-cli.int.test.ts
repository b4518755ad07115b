// The command line end to end, as a child process on its own database: direct mode for
// both modes, bad usage, the embedded database held by another process, and a real
// terminal (a pseudo-terminal from util-linux `script`) answered prompt by prompt.
// With TEST_DATABASE_URL (CI's PostgreSQL pass) only the party run repeats, on a fresh
// PostgreSQL database; the rest does not depend on the database and ran in the first pass.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "../db/client";
import { PROMISED } from "../party/promised-artifacts";
import { MUTUAL_EXCLUSION_ERROR } from "../party/run-party";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const TSX = path.join(ROOT, "node_modules", ".bin", "tsx");
const ON_POSTGRES = !!process.env.TEST_DATABASE_URL;
const HAS_SCRIPT = spawnSync("script", ["--version"]).status === 0;
const SGR = /\x1b\[[0-9;]*m/;

const DESCRIPTION =
  "A booking app for independent climbing gyms in Austria: members reserve time slots, gyms manage capacity and route setting, and payments go through the app. Must be GDPR compliant and work on phones.";

const PARTY_FILES = [
  ...PROMISED.party.map((p) => p.path),
  "docs/transcript.md",
  "state.json",
  "discovery_context.json",
];

let tmp: string;
beforeEach(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), "discover-cli-"));
});
afterEach(async () => {
  await rm(tmp, { recursive: true, force: true });
});

function cliEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: path.join(tmp, "data"), OFFLINE_MODEL_TPS: "0", OFFLINE_MODEL_FIRST_TOKEN_MS: "0", SHELL: "/bin/sh", ...extra };
  for (const k of ["DATABASE_URL", "INCEPTION_MODEL", "OFFLINE_MODEL_FAULTS", "NO_COLOR", "FORCE_COLOR", "INIT_CWD", "INSTANCE_ID"]) if (!(k in extra)) delete env[k];
  return env;
}

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
  seconds: number;
}

/** The CLI as `tsx scripts/discover.ts …`, stdin a pipe (not a terminal) fed `input`. */
function runCli(args: string[], o: { env?: NodeJS.ProcessEnv; input?: string } = {}): Promise<Result> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, ["scripts/discover.ts", ...args], { cwd: ROOT, env: o.env ?? cliEnv(), stdio: ["pipe", "pipe", "pipe"], timeout: 110_000 });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr, seconds: (Date.now() - started) / 1000 }));
    child.stdin.end(o.input ?? "");
  });
}

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) out.push(path.relative(dir, path.join(e.parentPath, e.name)));
  }
  return out.sort();
}

async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const server = process.env.TEST_DATABASE_URL!;
  const name = `ip_cli_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const a = new pg.Client({ connectionString: server });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

describe("discover CLI, direct mode", () => {
  it("party mode: streams the party, exits 0 and writes every artifact, the scaffold, state and context", async () => {
    const out = path.join(tmp, "out");
    const pgdb = ON_POSTGRES ? await freshPostgres() : null;
    try {
      const r = await runCli(["--new", "--party", "--out", out, DESCRIPTION], { env: cliEnv(pgdb ? { DATABASE_URL: pgdb.url } : {}) });
      console.log(`party mode CLI run: ${r.seconds}s`);
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);

      // Streamed: a header per message, phase banners, next steps, the direct answers.
      expect(r.stdout).toContain("NADIA → ORCHESTRATOR · QUESTIONS\nQUESTIONS:\n1. ");
      expect(r.stdout).toContain("══ Phase 1 · Vision Council");
      expect(r.stdout).toContain("══ Phase 5 · Walkthrough");
      expect(r.stdout).toContain("SUGGESTED NEXT STEPS:");
      expect(r.stdout).toContain("» direct mode answered: [Y] Yes, proceed with this stack");
      expect(r.stdout).toContain("◆ Party completed");
      expect(r.stdout).not.toMatch(SGR); // not a terminal: no colours

      const files = await filesUnder(out);
      expect(files).toEqual(expect.arrayContaining(PARTY_FILES));
      expect(files.filter((f) => f.endsWith("/.gitkeep")).length).toBeGreaterThan(3);
      expect(files).not.toContain("scaffold.txt");
      const state = JSON.parse(await readFile(path.join(out, "state.json"), "utf8"));
      expect(state.discover).toMatchObject({ status: "completed", mode: "party" });
      expect(state.project.brief).toBe("docs/project-brief.md");
      expect(JSON.parse(await readFile(path.join(out, "discovery_context.json"), "utf8"))).toBeTruthy();
      // The vision answer is the description's own words (nothing written in the person's
      // name), and the team worked from it.
      const transcript = await readFile(path.join(out, "docs/transcript.md"), "utf8");
      expect(transcript).toContain("members reserve time slots, gyms manage capacity and route setting");
      expect(await readFile(path.join(out, "docs/project-brief.md"), "utf8")).toContain("climbing gyms");
    } finally {
      await pgdb?.drop();
    }
  }, 120_000);

  it.skipIf(ON_POSTGRES)("classic mode with the description on stdin: exits 0 and writes the PRD too", async () => {
    const out = path.join(tmp, "classic-out");
    const r = await runCli(["--new", "--classic", "--out", out], { input: `${DESCRIPTION}\n` });
    console.log(`classic mode CLI run: ${r.seconds}s`);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Mode: Classic (--classic)");
    const files = await filesUnder(out);
    expect(files).toEqual(expect.arrayContaining([...PARTY_FILES, "docs/requirements/prd.md"]));
    const state = JSON.parse(await readFile(path.join(out, "state.json"), "utf8"));
    expect(state.discover).toMatchObject({ status: "completed", mode: "classic" });
    expect(state.project.prd).toBe("docs/requirements/prd.md");
  }, 120_000);
});

describe.skipIf(ON_POSTGRES)("discover CLI, failures, bad usage and a busy database", () => {
  it("direct mode retries a failed phase once, then cancels: exit 1, nothing written", async () => {
    const out = path.join(tmp, "failed-out");
    const r = await runCli(["--new", "--party", "--out", out, DESCRIPTION], { env: cliEnv({ OFFLINE_MODEL_FAULTS: "throw:*" }) });
    expect(r.code).toBe(1);
    const menus = r.stdout.split("? All agents in Vision Council encountered errors.").length - 1;
    expect(menus).toBe(2);
    expect(r.stdout).toContain("» direct mode answered: [1] Retry phase — re-launch all agents");
    expect(r.stdout).toContain("» direct mode answered: [3] Cancel — abort discovery");
    expect(r.stderr).toContain("The party cancelled: Cancelled after every agent in Vision Council failed.");
    expect(existsSync(out)).toBe(false);
  }, 60_000);


  it("exits 2 with the reason on stderr", async () => {
    const [both, unknown, empty, short] = await Promise.all([
      runCli(["--new", "--party", "--classic", DESCRIPTION]),
      runCli(["--new", "--bogus", DESCRIPTION]),
      runCli(["--new", "--party"], { input: "  \n" }),
      runCli(["--new", "--party", "--out", path.join(tmp, "never"), "tiny"]),
    ]);
    expect(both).toMatchObject({ code: 2, stdout: "", stderr: `${MUTUAL_EXCLUSION_ERROR}\n` });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe("Error: unknown option --bogus.\nRun with --help for usage.\n");
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain("stdin was empty");
    expect(short.code).toBe(2);
    expect(short.stderr).toMatch(/^Error: Invalid input — description: must be at least 10 characters/);
    expect(existsSync(path.join(tmp, "never"))).toBe(false);
  }, 120_000);

  it("refuses, in one line, an embedded database another process has open", async () => {
    const dataDir = path.join(tmp, "data");
    const held = await openDatabase({ dataDir });
    try {
      const r = await runCli(["--new", "--party", DESCRIPTION]);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe("");
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stderr).toMatch(/^Error: the embedded database in .* is in use by another process \(pid \d+/);
      expect(r.stderr).toContain("Stop that process, or set DATABASE_URL");
    } finally {
      await held.close();
    }
  }, 60_000);
});

/** Runs the CLI on a pseudo-terminal; `answer` sees the screen since the last answer and returns keys to type, or null. */
function runOnTerminal(args: string[], env: NodeJS.ProcessEnv, answer: (screen: string) => string | null): Promise<Result & { screen: string }> {
  const quote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;
  const command = [TSX, "scripts/discover.ts", ...args].map(quote).join(" ");
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn("script", ["-qfec", command, "/dev/null"], { cwd: ROOT, env, stdio: ["pipe", "pipe", "pipe"], timeout: 110_000 });
    let raw = "";
    let from = 0;
    let stderr = "";
    const plain = (s: string) => s.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, "").replace(/\r/g, "");
    child.stdout.on("data", (c) => {
      raw += c;
      const keys = answer(plain(raw.slice(from)));
      if (keys !== null) {
        from = raw.length;
        child.stdin.write(keys);
      }
    });
    child.stderr.on("data", (c) => (stderr += c));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout: raw, stderr, screen: plain(raw), seconds: (Date.now() - started) / 1000 }));
  });
}

describe.skipIf(ON_POSTGRES || !HAS_SCRIPT)("discover CLI on a terminal (interactive)", () => {
  it("asks at every request, re-asks an invalid choice, and completes", async () => {
    const out = path.join(tmp, "tty-out");
    const modeKeys = ["9\r", "1\r"];
    const r = await runOnTerminal(["--new", "--out", out, DESCRIPTION], cliEnv(), (screen) => {
      if (/Enter selection \(1-2\): $/.test(screen)) return modeKeys.shift() ?? null;
      if (/Type your answer; an empty line finishes it\.\n> $/.test(screen)) return "Members are climbers aged 18-45; five gyms with two to five staff each.\r";
      if (/\n… $/.test(screen)) return "\r";
      if (/Enter selection \(Y\/C\): $/.test(screen)) return "y\r";
      if (/Enter to skip\): $/.test(screen)) return "\r";
      if (/Enter selection \([^)]*\): $/.test(screen)) return "1\r";
      return null;
    });
    console.log(`interactive CLI run on a terminal: ${r.seconds}s`);
    expect(r.code).toBe(0);
    expect(modeKeys).toEqual([]);
    expect(r.screen).toContain('"9" is not one of the choices: enter 1 or 2.');
    expect(r.screen).toContain("? VISION COUNCIL — Questions from your team");
    expect(r.screen).toContain("? TECH STACK RECOMMENDATION");
    // The walkthrough's one review, walked step by step at the prompt.
    expect(r.screen).toContain("? Walkthrough — review and confirm");
    expect(r.screen).toMatch(/Step 2 — Architecture & stack review[\s\S]*Step 2\.5 — Permission audit[\s\S]*Step 3 — Test coverage gaps[\s\S]*Step 3\.5 — Iteration configuration[\s\S]*Step 4 — What next\?/);
    expect(r.screen).toContain("» Step 4 — What next?: Next: a new feature");
    expect(r.screen).toContain("◆ Party completed");
    expect(r.stdout).toMatch(SGR); // a terminal, NO_COLOR unset: colours
    const state = JSON.parse(await readFile(path.join(out, "state.json"), "utf8"));
    expect(state.discover).toMatchObject({ status: "completed", mode: "party" });
    expect(await readFile(path.join(out, "docs/transcript.md"), "utf8")).toContain("Members are climbers aged 18-45");
  }, 120_000);

  it("Ctrl-C at a prompt cancels the party and exits 130; NO_COLOR turns colours off", async () => {
    const out = path.join(tmp, "cancelled-out");
    let sent = false;
    const r = await runOnTerminal(["--new", "--out", out, DESCRIPTION], cliEnv({ NO_COLOR: "1" }), (screen) => {
      if (!sent && /Enter selection \(1-2\): $/.test(screen)) {
        sent = true;
        return "\x03";
      }
      return null;
    });
    expect(r.code).toBe(130);
    expect(r.screen).toContain("◆ Party cancelled: Cancelled by the person.");
    expect(r.screen).toContain("Cancelled (Ctrl-C): the party was stopped.");
    expect(r.stdout).not.toMatch(SGR);
    expect(existsSync(out)).toBe(false);
  }, 60_000);
});
