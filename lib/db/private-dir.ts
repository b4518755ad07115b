// The embedded database holds party rows and owner tokens in clear, and PGlite's file
// layer creates every file 0666 whatever the umask: the data folder is made private
// (0700, files 0600) when it is opened, once PGlite has created its files, every
// SWEEP_MS while it runs, and when it is closed; a folder that cannot be made so is
// refused with one line. The folder's own mode is what keeps files PGlite creates
// between two sweeps out of other users' reach.
import { chmod, lstat, mkdir, readdir } from "node:fs/promises";
import path from "node:path";

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
/** How often an open embedded database's new files are made private (a few thousand lstat calls). */
export const SWEEP_MS = 30_000;

export class DataDirError extends Error {}

/**
 * Makes DATA_DIR owner-only: the folder itself (not what a deployer keeps beside ours in
 * it), the embedded database's folder with everything under it, and the cookie secret.
 */
export async function makeDataDirPrivate(dataDir: string): Promise<void> {
  const root = path.resolve(dataDir);
  await mkdir(path.join(root, "pglite"), { recursive: true, mode: PRIVATE_DIR_MODE });
  await fix(root, true, false);
  await fix(path.join(root, "pglite"), true, true);
  const secret = path.join(root, "auth-secret");
  if (await lstat(secret).then((s) => s.isFile(), () => false)) await fix(secret, false, false);
}

async function fix(p: string, isDir: boolean, recurse: boolean): Promise<void> {
  const want = isDir ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
  const st = await lstat(p).catch(gone);
  if (!st) return;
  if ((st.mode & 0o777) !== want) {
    try {
      await chmod(p, want);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") return; // removed meanwhile (a sweep while PGlite runs)
      throw new DataDirError(`the data folder must be private to this user (folders 0700, files 0600) and ${p} cannot be changed (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}): chown it to this user or set another DATA_DIR`);
    }
  }
  if (!isDir || !recurse) return;
  for (const entry of (await readdir(p, { withFileTypes: true }).catch(gone)) ?? []) {
    // Links are left alone: chmod would follow them out of the folder.
    if (entry.isSymbolicLink()) continue;
    await fix(path.join(p, entry.name), entry.isDirectory(), true);
  }
}

/** A file PGlite removed between the listing and the look: nothing to fix. */
function gone(e: NodeJS.ErrnoException): null {
  if (e.code === "ENOENT") return null;
  throw e;
}
