// `npm start`: the production server, built once when needed. A fresh clone (or a
// pull that changed the sources) builds first, saying what it is doing; after that the
// server starts at once. The production build is what makes the first page and the
// first question fast: the dev server compiles every route on its first request.
//
//   node scripts/start.mjs [next start flags]   build if needed, then serve
//   node scripts/start.mjs --build-only         build if needed, then exit (CI, tests)
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
const stamp = path.join(root, ".next", "inception-source-hash");
const env = { NEXT_TELEMETRY_DISABLED: "1", ...process.env };

// What the build is made of. Tests, docs and scripts do not change the build.
const SOURCE_DIRS = ["app", "components", "lib", "prisma", "public"];
const SOURCE_FILES = ["next.config.ts", "proxy.ts", "instrumentation.ts", "postcss.config.mjs", "tsconfig.json", "package.json", "package-lock.json"];
const SKIP = /(^|\/)(generated|node_modules)(\/|$)|\.(int\.)?test\.tsx?$|\.md$/;
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
 * `next build` with its output passed through, and a line every 15 s that Next is quiet
 * (its longest step prints nothing until it ends): a first start is never a silent minute.
 */
function build(reason) {
  const t0 = Date.now();
  const secs = () => Math.round((Date.now() - t0) / 1000);
  console.log(`Inception Party: ${reason}; building the app (about a minute; later starts skip this)…`);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [nextBin, "build"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    let step = "starting the build";
    let quietSince = Date.now();
    const pass = (out) => (d) => {
      out.write(d);
      quietSince = Date.now();
      // Next's own step lines ("Creating an optimized production build ...", "Collecting page data ...").
      const last = String(d).split("\n").map((l) => l.replace(/\x1b\[[0-9;]*m/g, "").trim()).filter(Boolean).at(-1);
      if (last) step = last.replace(/^[✓▲○ƒ]\s*/, "").replace(/\s*\.\.\.$/, "");
    };
    child.stdout.on("data", pass(process.stdout));
    child.stderr.on("data", pass(process.stderr));
    const ticker = setInterval(() => {
      if (Date.now() - quietSince < 15_000) return;
      console.log(`Inception Party: still building (${secs()} s so far): ${step}…`);
      quietSince = Date.now();
    }, 1_000);
    child.on("exit", (code, signal) => {
      clearInterval(ticker);
      if (code === 0) console.log(`Inception Party: built in ${secs()} s.`);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const args = process.argv.slice(2);
const buildOnly = args.includes("--build-only");
const current = sourceHash();
const built = existsSync(path.join(root, ".next", "BUILD_ID")) && existsSync(stamp) ? readFileSync(stamp, "utf8").trim() : null;
if (built !== current) {
  const code = await build(built ? "the sources changed since the last build" : "first start");
  if (code !== 0) process.exit(code);
  writeFileSync(stamp, current);
} else if (buildOnly) console.log("Inception Party: the build is up to date.");
if (buildOnly) process.exit(0);

const server = spawn(process.execPath, [nextBin, "start", ...args], { cwd: root, stdio: "inherit", env });
// The server shuts down gracefully on SIGTERM/SIGINT (leases given back, database closed).
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.kill(sig));
server.on("exit", (code, signal) => process.exit(code ?? (signal === "SIGINT" ? 130 : 1)));
