// The party's results on disk: the same files as the zip download (every artifact at
// its path, the scaffold folders with a .gitkeep, state.json, discovery_context.json,
// docs/transcript.md), unpacked under --out. Paths come partly from agent output
// (scaffold folders), so each must stay inside the output folder.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { unzipSync } from "fflate";
import { safeRelativePath } from "@inception-party/protocol";

export interface WrittenFiles {
  files: string[];
  skipped: string[];
}

/** The file's place under `root`, or null for a path that would leave it (or could, on another system). */
export function safeTarget(root: string, rel: string): string | null {
  const clean = safeRelativePath(rel);
  if (!clean || path.isAbsolute(clean)) return null;
  const base = path.resolve(root);
  const target = path.resolve(base, clean);
  return target.startsWith(base + path.sep) ? target : null;
}

export async function writeFiles(root: string, files: Record<string, Uint8Array>): Promise<WrittenFiles> {
  const written: string[] = [];
  const skipped: string[] = [];
  await mkdir(root, { recursive: true });
  for (const rel of Object.keys(files).sort()) {
    if (rel.endsWith("/")) continue; // a folder entry; folders come with their files
    const target = safeTarget(root, rel);
    if (!target) {
      skipped.push(rel);
      continue;
    }
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, files[rel]);
    written.push(rel);
  }
  return { files: written, skipped };
}

export function writeBundle(root: string, zip: Uint8Array): Promise<WrittenFiles> {
  return writeFiles(root, unzipSync(zip));
}
