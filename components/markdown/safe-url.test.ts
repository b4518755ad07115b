import { describe, expect, it } from "vitest";
import { isExternal, safeUrl } from "./safe-url";

describe("safeUrl", () => {
  it("keeps http, https, mailto, relative and fragment links", () => {
    for (const u of ["https://example.com/a?b=1#c", "http://x.test", "mailto:a@b.test", "/docs/a.md", "docs/a.md", "../up", "#section", "?q=1", "//cdn.test/x"]) {
      expect(safeUrl(u)).toBe(u);
    }
  });

  it("drops every other scheme, however it is disguised", () => {
    for (const u of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      " javascript:alert(1)",
      "java\tscript:alert(1)",
      "java\nscript:alert(1)",
      "\u0001javascript:alert(1)",
      "data:text/html;base64,PHNjcmlwdD4=",
      "vbscript:msgbox",
      "file:///etc/passwd",
      "ftp://x.test",
      "javascript&#58;alert(1)",
      "javascript%3Aalert(1)",
    ]) {
      expect(safeUrl(u), u).toBe("");
    }
  });

  it("tells external links from in-site ones", () => {
    expect(isExternal("https://a.test")).toBe(true);
    expect(isExternal("//a.test")).toBe(true);
    expect(isExternal("mailto:a@b.test")).toBe(true);
    expect(isExternal("/parties/1")).toBe(false);
    expect(isExternal("#x")).toBe(false);
  });
});
