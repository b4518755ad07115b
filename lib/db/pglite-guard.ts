// The embedded database is one PGlite in one process, and PGlite takes no lock: a second
// process opening the same folder (a web server and `npm run discover`, or two servers)
// would write over it. Before
// opening it, look for another process holding it: PGlite writes postmaster.pid while
// open and removes it on close; on Linux /proc shows who has its files open, which also
// tells a live holder from a file left by a crash.
import { existsSync } from "node:fs";
import { readdir, readlink } from "node:fs/promises";
import path from "node:path";

export type GuardResult = { ok: true } | { ok: false; pid: number | null };

/** Another process with a file under `dir` open (Linux /proc); null if /proc is unavailable. */
export async function holdersOf(dir: string, procDir = "/proc"): Promise<number[] | null> {
  let pids: string[];
  try {
    pids = (await readdir(/*turbopackIgnore: true*/ procDir)).filter((p) => /^\d+$/.test(p));
  } catch {
    return null; // no /proc (not Linux): nobody can be checked
  }
  const prefix = path.resolve(dir) + path.sep;
  const holders: number[] = [];
  for (const pid of pids) {
    if (Number(pid) === process.pid) continue;
    let fds: string[];
    try {
      fds = await readdir(path.join(procDir, pid, "fd"));
    } catch {
      continue; // gone, or not ours to look at
    }
    for (const fd of fds) {
      const link = await readlink(path.join(procDir, pid, "fd", fd)).catch(() => ""); // closed meanwhile
      if (link.startsWith(prefix)) {
        holders.push(Number(pid));
        break;
      }
    }
  }
  return holders;
}

export async function checkPgliteFree(dataDir: string): Promise<GuardResult> {
  const dir = path.resolve(dataDir, "pglite");
  if (!existsSync(path.join(dir, "postmaster.pid"))) return { ok: true };
  const holders = await holdersOf(dir);
  // Without /proc there is no telling a running server from a crashed one: refuse, the
  // message says how to get past it.
  if (holders === null) return { ok: false, pid: null };
  return holders.length ? { ok: false, pid: holders[0] } : { ok: true };
}

export function busyMessage(dataDir: string, r: Extract<GuardResult, { ok: false }>): string {
  const dir = path.resolve(dataDir, "pglite");
  const who = r.pid ? `another process (pid ${r.pid}: a web server or npm run discover)` : "another process (a web server or npm run discover)";
  const stale = r.pid ? "" : ` If nothing is running, delete ${path.join(dir, "postmaster.pid")}.`;
  return `Error: the embedded database in ${dir} is in use by ${who}; it can only be opened by one process. Stop that process, or set DATABASE_URL to a PostgreSQL server both can share, or a different DATA_DIR.${stale}`;
}
