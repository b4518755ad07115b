// A new embedded database starts from the cached copy of an empty, migrated one; a
// broken copy is replaced, never trusted.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readMigrations } from "./migrate";
import { openPGlite } from "./pglite-open";

const cache = mkdtempSync(path.join(tmpdir(), "ip-pglite-cache-"));
const disk = mkdtempSync(path.join(tmpdir(), "ip-pglite-dir-"));
afterAll(() => {
  rmSync(cache, { recursive: true, force: true });
  rmSync(disk, { recursive: true, force: true });
});

async function tables(dir?: string): Promise<{ migrations: number; parties: number }> {
  const lite = await openPGlite(dir, cache);
  try {
    const m = await lite.query<{ n: number }>(`SELECT count(*)::int AS n FROM "_prisma_migrations"`);
    const p = await lite.query<{ n: number }>(`SELECT count(*)::int AS n FROM parties`);
    return { migrations: m.rows[0].n, parties: p.rows[0].n };
  } finally {
    await lite.close();
  }
}

describe("a new embedded database", () => {
  it("is made once, then copied: in memory and on disk, migrated, empty; a broken copy is replaced", async () => {
    const all = (await readMigrations()).length;
    expect(await tables()).toEqual({ migrations: all, parties: 0 });
    const kept = readdirSync(cache).filter((f) => f.endsWith(".tar"));
    expect(kept).toHaveLength(1);
    const copy = readFileSync(path.join(cache, kept[0]));
    expect(await tables()).toEqual({ migrations: all, parties: 0 });
    expect(await tables(path.join(disk, "a"))).toEqual({ migrations: all, parties: 0 });
    // A reopened directory is itself, not a copy.
    expect(await tables(path.join(disk, "a"))).toEqual({ migrations: all, parties: 0 });

    writeFileSync(path.join(cache, kept[0]), "not a tar");
    const log = console.error;
    const errors: string[] = [];
    console.error = (m: string) => errors.push(m);
    try {
      expect(await tables(path.join(disk, "b"))).toEqual({ migrations: all, parties: 0 });
    } finally {
      console.error = log;
    }
    expect(errors.join("\n")).toMatch(/cached empty database could not be loaded/);
    expect(readFileSync(path.join(cache, kept[0])).length).toBe(copy.length);
  });
});
