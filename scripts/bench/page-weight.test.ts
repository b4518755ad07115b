import { describe, expect, it } from "vitest";
import { entryChunks, firstLoadFiles } from "./page-weight";

const manifestJs = `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};
globalThis.__RSC_MANIFEST["/parties/[id]/page"] = {"moduleLoading":{"prefix":""},"clientModules":{},"entryJSFiles":{"[project]/app/layout":["static/chunks/layout.js"],"[project]/node_modules/next/dist/client/components/builtin/global-error":["static/chunks/layout.js"],"[project]/app/parties/[id]/page":["static/chunks/layout.js","static/chunks/page-a.js","static/chunks/page-b.js","static/chunks/page.css"]}};
`;

describe("page weight manifests", () => {
  it("reads the entry chunks of a route's client reference manifest", () => {
    const e = entryChunks(manifestJs, "/parties/[id]/page");
    expect(e["[project]/app/parties/[id]/page"]).toHaveLength(4);
    expect(() => entryChunks(manifestJs, "/other/page")).toThrow(/no client reference manifest/);
  });

  it("first load = root main files + layout + page chunks, each once, JS only", () => {
    const files = firstLoadFiles({ rootMainFiles: ["static/chunks/main.js", "static/chunks/turbopack.js"] }, entryChunks(manifestJs, "/parties/[id]/page"), "/parties/[id]");
    expect(files).toEqual(["static/chunks/main.js", "static/chunks/turbopack.js", "static/chunks/layout.js", "static/chunks/page-a.js", "static/chunks/page-b.js"]);
  });

  it("refuses a route the manifest does not know", () => {
    expect(() => firstLoadFiles({}, {}, "/parties/[id]")).toThrow(/no entry/);
  });
});
