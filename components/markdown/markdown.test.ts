import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Markdown, preloadMarkdown, type MarkdownProps } from "./markdown";
import { MarkdownRenderer } from "./markdown-renderer";

const md = "# Title\n\nHi <script>alert(1)</script>";

describe("Markdown (renderer loaded on demand)", () => {
  it("shows the text as written, escaped, where the renderer is not loaded (and always on the server)", () => {
    const html = renderToStaticMarkup(createElement(Markdown, { className: "md-doc" } as MarkdownProps, md));
    expect(html).toContain('data-md="plain"');
    expect(html).toContain('class="md md-doc"');
    expect(html).toContain("# Title");
    expect(html).toContain("&lt;script&gt;");
    expect(html).not.toMatch(/<script/i);
  });

  it("loads the renderer once", async () => {
    const r = await preloadMarkdown();
    expect(r).toBe(MarkdownRenderer);
    expect(await preloadMarkdown()).toBe(r);
    const html = renderToStaticMarkup(createElement(r, {} as MarkdownProps, md));
    expect(html).toContain("<h1>Title</h1>");
    expect(html).not.toMatch(/<script/i);
  });
});
