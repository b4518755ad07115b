// The download-everything zip: every artifact at its path, the scaffold as folders,
// state.json, discovery_context.json, and the transcript with the next-steps blocks.
import { strToU8, zipSync, type Zippable } from "fflate";
import type { StoredEvent } from "../wire/events";
import { safeRelativePath } from "@inception-party/protocol";
import { transcriptMarkdown } from "./transcript";

export const SCAFFOLD_ARTIFACT = "scaffold.txt";

export interface BundleInput {
  artifacts: Array<{ path: string; content: string }>;
  state: unknown;
  discoveryContext: unknown;
  events: StoredEvent[];
}

export function bundleZip(b: BundleInput): Uint8Array {
  const files: Zippable = {};
  for (const a of b.artifacts) {
    if (a.path === SCAFFOLD_ARTIFACT) {
      // Folders only exist in a zip through an entry: a .gitkeep keeps them in git too.
      // The folder names come from a model's Directory Layout: one that would leave the
      // folder the zip is unpacked into (.., absolute, a backslash) is left out.
      for (const line of a.content.split("\n").map((l) => l.trim()).filter((l) => l.endsWith("/"))) {
        const dir = safeRelativePath(line);
        if (dir) files[`${dir}.gitkeep`] = new Uint8Array();
      }
      continue;
    }
    const at = safeRelativePath(a.path);
    if (at && !at.endsWith("/")) files[at] = strToU8(a.content);
  }
  files["state.json"] = strToU8(JSON.stringify(b.state, null, 2) + "\n");
  if (b.discoveryContext) files["discovery_context.json"] = strToU8(JSON.stringify(b.discoveryContext, null, 2) + "\n");
  files["docs/transcript.md"] = strToU8(transcriptMarkdown(b.events));
  return zipSync(files, { level: 6, mtime: new Date("2026-01-01T00:00:00Z") });
}
