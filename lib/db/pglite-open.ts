// Opens PGlite, migrated. A new database starts from a copy of an empty, migrated one
// instead of running initdb and every migration again: initdb alone costs several seconds
// of CPU (over 20 on a busy machine), and the tests and the browser suite's servers open
// dozens of new databases. The copy is made by the first new database of a given PGlite
// version and set of migrations, and kept under node_modules/.cache; when it cannot be
// read, written or loaded, the database is made the slow way.
import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { applyMigrations, readMigrations } from "./migrate";

const CACHE_DIR = path.join(process.cwd(), "node_modules", ".cache", "inception-party");
const PREFIX = "pglite-template-";

/** `dir`: the cluster's directory (created when missing); none: in memory. `cacheDir`: where the copy is kept. */
export async function openPGlite(dir?: string, cacheDir = CACHE_DIR): Promise<PGlite> {
  const migrations = await readMigrations();
  if (dir !== undefined && existsSync(path.join(dir, "PG_VERSION"))) return migrated(new PGlite(dir), migrations);
  const file = path.join(cacheDir, `${PREFIX}${await templateKey(migrations.map((m) => m.checksum))}.tar`);
  const copy = await readFile(/*turbopackIgnore: true*/ file).catch(() => null);
  if (copy) {
    try {
      return await migrated(new PGlite({ dataDir: dir, loadDataDir: new Blob([copy]) }), migrations);
    } catch (e) {
      console.error(`database: the cached empty database could not be loaded (${(e as Error).message}); making a new one`);
      await rm(file, { force: true });
      if (dir !== undefined) await rm(dir, { recursive: true, force: true });
    }
  }
  const lite = await migrated(new PGlite(dir), migrations);
  await keepCopy(lite, file).catch(() => {});
  return lite;
}

async function migrated(lite: PGlite, migrations: Awaited<ReturnType<typeof readMigrations>>): Promise<PGlite> {
  try {
    await lite.waitReady;
    await applyMigrations(lite, migrations);
    return lite;
  } catch (e) {
    if (!lite.closed) await lite.close().catch(() => {});
    throw e;
  }
}

/** The copy is only good for the PGlite build and the migrations that made it. */
async function templateKey(checksums: string[]): Promise<string> {
  const pkg = await readFile(/*turbopackIgnore: true*/ path.join(process.cwd(), "node_modules", "@electric-sql", "pglite", "package.json"), "utf8").catch(() => "");
  const version = pkg ? (JSON.parse(pkg) as { version?: string }).version : "unknown";
  return createHash("sha256").update(`${version}\n${checksums.join("\n")}`).digest("hex").slice(0, 16);
}

/** Written beside and renamed: a reader never sees half a copy. Older copies go. */
async function keepCopy(lite: PGlite, file: string): Promise<void> {
  if (existsSync(file)) return;
  const dir = path.dirname(file);
  await mkdir(dir, { recursive: true });
  const tmp = `${file}.${randomBytes(4).toString("hex")}.tmp`;
  await writeFile(tmp, Buffer.from(await (await lite.dumpDataDir("none")).arrayBuffer()));
  await rename(tmp, file);
  for (const f of await readdir(/*turbopackIgnore: true*/ dir)) if (f.startsWith(PREFIX) && path.join(dir, f) !== file && !f.endsWith(".tmp")) await rm(path.join(dir, f), { force: true });
}
