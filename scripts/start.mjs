// `npm start`: the production server, built once when needed. A fresh clone (or a
// pull that changed the sources) builds first; after that the server starts at once.
// The production build is what makes the first page and the first question fast: the
// dev server compiles every route on its first request.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
const stamp = path.join(root, ".next", "inception-source-hash");

// What the build is made of. Tests, docs and scripts do not change the build.
const SOURCE_DIRS = ["app", "components", "lib", "prisma", "public"];
const SOURCE_FILES = ["next.config.ts", "proxy.ts", "instrumentation.ts", "postcss.config.mjs", "tsconfig.json", "package.json", "package-lock.json"];
const SKIP = /(^|\/)(generated|node_modules)(\/|$)|\.(int\.)?test\.tsx?$|\.md$/;

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
  return h.digest("hex");
}

const current = sourceHash();
const built = existsSync(path.join(root, ".next", "BUILD_ID")) && existsSync(stamp) ? readFileSync(stamp, "utf8").trim() : null;
if (built !== current) {
  console.log(built ? "Inception Party: the sources changed since the last build; building again…" : "Inception Party: building the app once (about a minute)…");
  const r = spawnSync(process.execPath, [nextBin, "build"], { cwd: root, stdio: "inherit", env: { NEXT_TELEMETRY_DISABLED: "1", ...process.env } });
  if (r.status !== 0) process.exit(r.status ?? 1);
  writeFileSync(stamp, current);
}

const server = spawn(process.execPath, [nextBin, "start", ...process.argv.slice(2)], { cwd: root, stdio: "inherit", env: { NEXT_TELEMETRY_DISABLED: "1", ...process.env } });
// The server shuts down gracefully on SIGTERM/SIGINT (leases given back, database closed).
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.kill(sig));
server.on("exit", (code, signal) => process.exit(code ?? (signal === "SIGINT" ? 130 : 1)));
