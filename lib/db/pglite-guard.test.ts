import { mkdir, mkdtemp, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { busyMessage, checkPgliteFree, holdersOf } from "./pglite-guard";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "cli-guard-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("pglite guard", () => {
  it("finds a process holding a file under the folder (from /proc)", async () => {
    const db = path.join(dir, "data", "pglite");
    await mkdir(path.join(db, "pg_wal"), { recursive: true });
    const proc = path.join(dir, "proc");
    await mkdir(path.join(proc, "4242", "fd"), { recursive: true });
    await mkdir(path.join(proc, "77", "fd"), { recursive: true });
    await symlink(path.join(db, "pg_wal", "0001"), path.join(proc, "4242", "fd", "27"));
    await symlink("/dev/null", path.join(proc, "77", "fd", "0"));
    expect(await holdersOf(db, proc)).toEqual([4242]);
    expect(await holdersOf(path.join(dir, "data", "pglite-other"), proc)).toEqual([]);
    expect(await holdersOf(db, path.join(dir, "no-proc"))).toBeNull();
  });

  it("a folder without postmaster.pid is free", async () => {
    expect(await checkPgliteFree(path.join(dir, "fresh"))).toEqual({ ok: true });
  });

  it("names the holder and the ways out in one line", () => {
    const msg = busyMessage(".data", { ok: false, pid: 123 });
    expect(msg).toMatch(/^Error: the embedded database in .*pglite is in use by another process \(pid 123/);
    expect(msg).toContain("Stop that process, or set DATABASE_URL");
    expect(msg).toContain("DATA_DIR");
    expect(msg).not.toContain("\n");
  });
});
