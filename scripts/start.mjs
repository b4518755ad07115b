// `npm start`: the production server, built once when needed. A fresh clone (or a
// pull that changed the sources) builds first; after that the server starts at once.
// The production build is what makes the first page and the first question fast: the
// dev server compiles every route on its first request.
//
// It says what it is doing: one plain line per stage on stderr ("Inception Party: …"),
// and a line every 15 s while a stage is still running. Next's own build output goes to
// .next/build.log (printed whole if the build fails).
//
//   node scripts/start.mjs [next start flags]   build if needed, then serve
//   node scripts/start.mjs --build-only         build if needed, then exit (CI, tests)
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
const stamp = path.join(root, ".next", "inception-source-hash");
const buildLog = path.join(root, ".next", "build.log");
const env = { NEXT_TELEMETRY_DISABLED: "1", ...process.env };
const started = Date.now();
const secs = (since = started) => Math.round((Date.now() - since) / 1000);
const say = (m) => process.stderr.write(`Inception Party: ${m}\n`);

// What the build is made of. Tests, docs and scripts do not change the build, nor do the
// test helpers beside the sources (`testing/` folders) or the built-in model's scoring
// corpus: no app code imports them (eslint.config.mjs keeps the app out of the model's
// corpus and testing entries), so editing one does not cost the next start a rebuild.
const SOURCE_DIRS = ["app", "components", "lib", "packages", "prisma", "public"];
const SOURCE_FILES = ["next.config.ts", "proxy.ts", "instrumentation.ts", "postcss.config.mjs", "tsconfig.json", "package.json", "package-lock.json"];
const SKIP = /(^|\/)(generated|node_modules|testing)(\/|$)|^packages\/offline-model\/corpus\/|\.(int\.)?test\.tsx?$|\.md$/;
// The environment the build can see and inline: NEXT_PUBLIC_* by design, and the provider
// keys, which the browser tests set to canaries to prove they never reach the bundle.
const BUILD_ENV = /^(NEXT_PUBLIC_\w+|\w+_API_KEY)$/;

function sourceHash() {
  const h = createHash("sha256");
  const files = [...SOURCE_FILES];
  for (const dir of SOURCE_DIRS) {
    if (!existsSync(path.join(root, dir))) continue;
    for (const f of readdirSync(path.join(root, dir), { recursive: true })) {
      const rel = path.join(dir, String(f));
      if (!SKIP.test(rel) && statSync(path.join(root, rel)).isFile()) files.push(rel);
    }
  }
  for (const rel of files.sort()) {
    const abs = path.join(root, rel);
    if (!existsSync(abs)) continue;
    h.update(rel).update("\0").update(readFileSync(abs)).update("\0");
  }
  for (const k of Object.keys(process.env).filter((k) => BUILD_ENV.test(k)).sort()) h.update(`env:${k}=${process.env[k]}\0`);
  return h.digest("hex");
}

/**
 * Calls `tick()` every 15 s until stopped or `touch`ed: no stage is ever a silent
 * minute (Next's compile prints nothing until it ends).
 */
function ticker(tick) {
  let since = Date.now();
  const timer = setInterval(() => {
    if (Date.now() - since >= 15_000) {
      since = Date.now();
      tick();
    }
  }, 1_000);
  return { touch: () => (since = Date.now()), stop: () => clearInterval(timer) };
}

// Next's step lines, and what each stage is called here. Its other lines (the route
// table, warnings) stay in the build log.
const STAGES = [
  [/Creating an optimized production build/, "compiling", "stage 1 of 3, the longest"],
  [/Collecting page data/, "checking the routes", "stage 2 of 3"],
  [/Generating static pages/, "rendering the static pages", "stage 3 of 3"],
];

/** `next build`, its output kept for the log; resolves to its exit code. */
function build(reason, { cache }) {
  const t0 = Date.now();
  say(`${reason}: building the app (about a minute on two idle cores; later starts skip this)…`);
  return new Promise((resolve) => {
    // Turbopack's build cache makes a rebuild after a pull compile only what changed;
    // writing it costs a first build several seconds for nothing to reuse yet.
    const child = spawn(process.execPath, [nextBin, "build"], { cwd: root, env: { ...env, INCEPTION_BUILD_CACHE: cache ? "1" : "0" }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    let stage = "starting the build";
    let stageAt = Date.now();
    const progress = ticker(() => say(`still ${stage} (${secs(stageAt)} s so far; ${secs(t0)} s since the build began)…`));
    const lines = () => {
      let partial = "";
      return (d) => {
        output += d;
        const whole = (partial + d).split("\n");
        partial = whole.pop() ?? "";
        whole.forEach(onLine);
      };
    };
    const onLine = (raw) => {
      const line = raw.replace(/\x1b\[[0-9;]*m/g, "").trim();
      const compiled = /Compiled successfully in (.+)$/.exec(line);
      if (compiled) say(`compiled in ${compiled[1]}`);
      const next = STAGES.find(([re]) => re.test(line));
      if (!next || next[1] === stage) return;
      [, stage] = next;
      stageAt = Date.now();
      progress.touch();
      say(`${stage} (${next[2]})…`);
    };
    child.stdout.on("data", lines());
    child.stderr.on("data", lines());
    child.on("exit", (code, signal) => {
      progress.stop();
      const status = code ?? (signal ? 1 : 0);
      try {
        writeFileSync(buildLog, output);
      } catch {
        // no .next (the build failed early): the output is printed below
      }
      const warnings = Number(/encountered (\d+) warnings?/.exec(output)?.[1] ?? 0);
      if (status === 0) say(`built in ${secs(t0)} s (Next's output${warnings ? `, with ${warnings} warning${warnings > 1 ? "s" : ""},` : ""} is in .next/build.log).`);
      else process.stderr.write(`${output}\nInception Party: the build failed (exit ${code ?? signal}); Next's output is above.\n`);
      resolve(status);
    });
  });
}

/** Where the server listens, from `next start`'s flags and PORT, for the readiness probe. */
function address(args) {
  const flag = (short, long) => {
    for (let i = 0; i < args.length; i++) {
      if (args[i] === short || args[i] === long) return args[i + 1];
      if (args[i].startsWith(`${long}=`)) return args[i].slice(long.length + 1);
    }
    return undefined;
  };
  const port = Number(flag("-p", "--port") ?? process.env.PORT ?? 3000);
  const host = flag("-H", "--hostname");
  return { port, host: !host || host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host };
}

/** Resolves once the home page answers (the server holds requests until the database is open). */
function answered({ host, port }, alive) {
  return new Promise((resolve) => {
    const attempt = () => {
      if (!alive()) return;
      const req = http.get({ host, port, path: "/", timeout: 120_000 }, (res) => {
        res.resume();
        resolve(res.statusCode);
      });
      req.on("error", () => setTimeout(attempt, 250));
      req.on("timeout", () => req.destroy());
    };
    attempt();
  });
}

const args = process.argv.slice(2);
const buildOnly = args.includes("--build-only");
const current = sourceHash();
const built = existsSync(path.join(root, ".next", "BUILD_ID")) && existsSync(stamp) ? readFileSync(stamp, "utf8").trim() : null;
if (built !== current) {
  const cache = existsSync(path.join(root, ".next", "cache", "turbopack"));
  const code = await build(built ? "the sources changed since the last build" : "first start", { cache: cache || Boolean(built) });
  if (code !== 0) process.exit(code);
  writeFileSync(stamp, current);
} else if (buildOnly) say("the build is up to date.");
if (buildOnly) process.exit(0);

const where = address(args);
const url = `http://${where.host === "127.0.0.1" ? "localhost" : where.host}:${where.port}`;
const serving = Date.now();
say("starting the server and opening the database (a first start creates it and applies its migrations)…");
const server = spawn(process.execPath, [nextBin, "start", ...args], { cwd: root, stdio: "inherit", env });
let running = true;
const waiting = ticker(() => say(`still starting (${secs(serving)} s)…`));
void answered(where, () => running).then((status) => {
  waiting.stop();
  say(`ready at ${url} (${secs()} s after start${status === 200 ? "" : `; the home page answered ${status}`}).`);
});
// The server shuts down gracefully on SIGTERM/SIGINT (leases given back, database closed).
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.kill(sig));
server.on("exit", (code, signal) => {
  running = false;
  waiting.stop();
  process.exit(code ?? (signal === "SIGINT" ? 130 : 1));
});
