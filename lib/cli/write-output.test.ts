import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { unzipSync } from "fflate";
import { bundleZip } from "../server/bundle";
import { safeTarget, writeBundle, writeFiles } from "./write-output";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "cli-out-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("safeTarget", () => {
  it.each([
    ["docs/a.md", true],
    ["src/app/.gitkeep", true],
    ["../escape.md", false],
    ["docs/../../escape.md", false],
    ["/etc/passwd", false],
    ["C:/x", false],
    ["", false],
    ["a\0b", false],
    ["src\\..\\..\\escape.md", false],
  ])("%s → %s", (rel, ok) => {
    expect(safeTarget("/out", rel) !== null).toBe(ok);
  });
});

describe("the zip and the CLI with model-made paths", () => {
  it("leave out every scaffold folder or artifact path that would climb out of the folder", async () => {
    const zip = bundleZip({
      artifacts: [
        { path: "docs/project-brief.md", content: "# Brief\n" },
        { path: "../outside.md", content: "x" },
        { path: "/etc/cron.d/x", content: "x" },
        { path: "scaffold.txt", content: "src/\nsrc/../../../x/\n/abs/\nsrc\\..\\..\\y/\nsrc/ok/\n" },
      ],
      state: {},
      discoveryContext: null,
      events: [],
    });
    const entries = Object.keys(unzipSync(zip)).sort();
    expect(entries).toEqual(["docs/project-brief.md", "docs/transcript.md", "src/.gitkeep", "src/ok/.gitkeep", "state.json"]);
    const out = path.join(dir, "out");
    const r = await writeBundle(out, zip);
    expect(r.skipped).toEqual([]);
    expect(await readdir(dir)).toEqual(["out"]);
  });
});

describe("writeBundle", () => {
  it("unpacks the download bundle: artifacts at their paths, scaffold folders, state and context", async () => {
    const zip = bundleZip({
      artifacts: [
        { path: "docs/project-brief.md", content: "# Brief\n" },
        { path: "scaffold.txt", content: "src/\nsrc/app/\ntests/unit/\n" },
      ],
      state: { discover: { status: "completed" } },
      discoveryContext: { version: "1.0.0" },
      events: [],
    });
    const out = path.join(dir, "out");
    const r = await writeBundle(out, zip);
    expect(r.skipped).toEqual([]);
    expect(r.files).toEqual(["discovery_context.json", "docs/project-brief.md", "docs/transcript.md", "src/.gitkeep", "src/app/.gitkeep", "state.json", "tests/unit/.gitkeep"]);
    expect(await readFile(path.join(out, "docs/project-brief.md"), "utf8")).toBe("# Brief\n");
    expect(JSON.parse(await readFile(path.join(out, "state.json"), "utf8"))).toEqual({ discover: { status: "completed" } });
    expect((await stat(path.join(out, "src/app"))).isDirectory()).toBe(true);
  });

  it("skips a path that would leave the output folder", async () => {
    const out = path.join(dir, "out");
    const r = await writeFiles(out, { "ok.md": new Uint8Array([104]), "../evil.md": new Uint8Array([104]) });
    expect(r).toEqual({ files: ["ok.md"], skipped: ["../evil.md"] });
    expect(await readdir(dir)).toEqual(["out"]);
  });
});
