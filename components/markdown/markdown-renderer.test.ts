import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MarkdownRenderer as Markdown, type MarkdownProps } from "./markdown-renderer";

// createElement's overloads want `children` in the props object; pass it the usual way.
const props = (diagrams: boolean, softBreaks: boolean) => ({ diagrams, softBreaks }) as MarkdownProps;
const render = (md: string, diagrams = false, softBreaks = false) => renderToStaticMarkup(createElement(Markdown, props(diagrams, softBreaks), md));

describe("Markdown", () => {
  it("renders headings, GFM tables, task lists and code blocks", () => {
    const html = render("# Title\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n\n```ts\nconst x = 1;\n```\n");
    expect(html).toContain("<h1>Title</h1>");
    expect(html).toContain("<table>");
    expect(html).toContain("<td>1</td>");
    expect(html).toContain('type="checkbox"');
    expect(html).toContain('<code class="language-ts">const x = 1;\n</code>');
  });

  it("shows raw HTML as text instead of rendering it", () => {
    const html = render('Hi <script>alert(1)</script> <img src=x onerror="alert(1)"> <iframe src="https://evil.test"></iframe>');
    expect(html).not.toMatch(/<script|<img|<iframe/i);
    expect(html).toContain("&lt;script&gt;");
  });

  it("drops unsafe link targets and marks safe ones nofollow", () => {
    const html = render("[a](javascript:alert(1)) [b](data:text/html,x) [c](https://ok.test) [d](#top) [e](java&#9;script:alert(1))");
    expect(html).not.toMatch(/javascript:|data:text/i);
    expect(html).toContain('href="https://ok.test" rel="noopener noreferrer nofollow" target="_blank"');
    expect(html).toContain('href="#top" rel="noopener noreferrer nofollow"');
    expect(html).not.toContain('href="#top" rel="noopener noreferrer nofollow" target');
  });

  it("never loads an image: alt text and a link instead", () => {
    const html = render("![tracking pixel](https://evil.test/p.gif) ![x](javascript:alert(1))");
    expect(html).not.toContain("<img");
    expect(html).toContain('<a href="https://evil.test/p.gif" rel="noopener noreferrer nofollow" target="_blank" referrerPolicy="no-referrer">tracking pixel</a>');
    expect(html).not.toContain("javascript:");
  });

  it("keeps mermaid source as a code block unless diagrams are on (then a placeholder showing the source)", () => {
    const md = "```mermaid\nflowchart LR\n  A-->B\n```";
    expect(render(md)).toContain('<code class="language-mermaid">flowchart LR\n  A--&gt;B\n</code>');
    const withDiagrams = render(md, true);
    expect(withDiagrams).toContain('data-testid="mermaid-diagram"');
    expect(withDiagrams).toContain("flowchart LR");
  });

  it("turns plain newlines into line breaks for messages, but not inside code", () => {
    const md = "PROPOSAL:\n\nLanguage: TypeScript\nFramework: Next.js\n\n```\na\nb\n```";
    const html = render(md, false, true);
    expect(html).toContain("Language: TypeScript<br/>\nFramework: Next.js");
    expect(html).toContain("<code>a\nb\n</code>");
    expect(render(md)).toContain("Language: TypeScript\nFramework: Next.js");
  });
});
