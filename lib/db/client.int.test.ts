import { chmod, mkdir, mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./client";

describe("embedded database", () => {
  it("keeps data in its directory across a close and reopen", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "ip-db-"));
    try {
      const first = await openDatabase({ dataDir: dir });
      await first.prisma.party.create({
        data: { id: "keep", ownerId: "o", title: "Kept", description: "d", watchTokenHash: "wk", ownerTokenHash: "ok" },
      });
      await first.close();
      const second = await openDatabase({ dataDir: dir });
      expect((await second.prisma.party.findUnique({ where: { id: "keep" } }))?.title).toBe("Kept");
      await second.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("keeps its folder 0700 and its files 0600 whatever the umask, once open and after close", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "ip-db-"));
    // What a umask of 0 (or PGlite's own 0666 files) leaves behind from an earlier run.
    await chmod(dir, 0o777);
    await mkdir(path.join(dir, "pglite"), { mode: 0o777 });
    await chmod(path.join(dir, "pglite"), 0o777);
    await writeFile(path.join(dir, "pglite", "left-over"), "x", { mode: 0o666 });
    await chmod(path.join(dir, "pglite", "left-over"), 0o666);
    const modes = async () => {
      const found = new Map<string, number>();
      for (const p of [dir, path.join(dir, "pglite")]) found.set(p, (await stat(p)).mode & 0o777);
      for (const e of await readdir(path.join(dir, "pglite"), { recursive: true, withFileTypes: true })) {
        const p = path.join(e.parentPath, e.name);
        found.set(p, (await stat(p)).mode & 0o777);
      }
      return found;
    };
    try {
      const db = await openDatabase({ dataDir: dir });
      const open = await modes();
      expect(open.get(dir)).toBe(0o700);
      expect(open.get(path.join(dir, "pglite"))).toBe(0o700);
      expect(open.get(path.join(dir, "pglite", "left-over"))).toBe(0o600);
      // The cluster PGlite has just created (its files are 0666 as PGlite writes them).
      expect(open.get(path.join(dir, "pglite", "PG_VERSION"))).toBe(0o600);
      expect([...open].filter(([, m]) => (m & 0o077) !== 0).map(([p]) => path.relative(dir, p))).toEqual([]);
      await db.prisma.party.create({ data: { id: "p", ownerId: "o", title: "T", description: "d", watchTokenHash: "w", ownerTokenHash: "o" } });
      await db.close();
      const closed = await modes();
      expect(closed.size).toBeGreaterThan(100);
      const wrong: string[] = [];
      for (const [p, m] of closed) if (m !== ((await stat(p)).isDirectory() ? 0o700 : 0o600)) wrong.push(`${path.relative(dir, p)} ${m.toString(8)}`);
      expect(wrong).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
