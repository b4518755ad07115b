import { afterEach, describe, expect, it } from "vitest";
import { applyMigrations, readMigrations } from "./migrate";
import { createTestDatabase, type TestDatabase } from "./testing";

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
      data: { id: "p1", ownerId: "o", title: "t", description: "d", watchToken: "w1" },
    });
    await db.prisma.event.create({ data: { partyId: "p1", seq: 1, type: "party-start", data: {} } });
    await expect(
      db.prisma.event.create({ data: { partyId: "p1", seq: 1, type: "party-start", data: {} } }),
    ).rejects.toThrow();
  });
});
