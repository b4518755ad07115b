import { afterEach, describe, expect, it } from "vitest";
import { PGlite } from "@electric-sql/pglite";
import { tokenHash } from "../auth/link-tokens";
import { applyMigrations, readMigrations } from "./migrate";
import { createTestDatabase, type TestDatabase } from "./testing/test-database";

let db: TestDatabase | undefined;
afterEach(async () => {
  await db?.destroy();
  db = undefined;
});

const TABLES = [
  "artifact_versions",
  "artifacts",
  "events",
  "input_requests",
  "model_connections",
  "parties",
  "party_owners",
  "phases",
  "room_messages",
  "runner_leases",
  "step_checkpoints",
  "team_members",
  "token_usage",
];

describe("migrations", () => {
  it("create every table, and a second run applies nothing", async () => {
    db = await createTestDatabase();
    const { rows } = await db.sql.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
    );
    expect(rows.map((r) => r.table_name)).toEqual(["_prisma_migrations", ...TABLES]);
    expect(await applyMigrations(db.sql)).toEqual([]);
  });

  it("refuse a migration edited after it was applied", async () => {
    db = await createTestDatabase();
    const [first, ...rest] = await readMigrations();
    const edited = { ...first, checksum: "0".repeat(64) };
    await expect(applyMigrations(db.sql, [edited, ...rest])).rejects.toThrow(/edited after it was applied/);
  });

  it("enforce one event per party and seq", async () => {
    db = await createTestDatabase();
    await db.prisma.party.create({
      data: { id: "p1", ownerId: "o", title: "t", description: "d", watchTokenHash: "w1", ownerTokenHash: "o1" },
    });
    await db.prisma.event.create({ data: { partyId: "p1", seq: 1, type: "party-start", data: {} } });
    await expect(
      db.prisma.event.create({ data: { partyId: "p1", seq: 1, type: "party-start", data: {} } }),
    ).rejects.toThrow();
  });

  it("convert the links' stored secrets to their SHA-256, so every link handed out keeps working", async () => {
    const lite = new PGlite();
    try {
      const all = await readMigrations();
      const at = all.findIndex((m) => m.name.endsWith("_link_token_hashes"));
      await applyMigrations(lite, all.slice(0, at));
      await lite.query(`INSERT INTO parties (id, owner_id, title, description, watch_token, owner_token, updated_at) VALUES ('p1', 'o', 't', 'd', 'watch-secret', 'owner-secret', now())`);
      await applyMigrations(lite, all);
      const { rows } = await lite.query<Record<string, unknown>>(`SELECT * FROM parties`);
      expect(rows[0]).toMatchObject({ watch_token_hash: tokenHash("watch-secret"), owner_token_hash: tokenHash("owner-secret"), watch_nonce: null, owner_nonce: null });
      expect(JSON.stringify(rows)).not.toMatch(/watch-secret|owner-secret/);
    } finally {
      await lite.close();
    }
  });
});
