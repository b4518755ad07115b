import { mkdtemp, rm } from "node:fs/promises";
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
});
