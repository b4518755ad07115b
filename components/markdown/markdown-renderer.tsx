// The markdown renderer itself (react-markdown + remark-gfm, ~140 kB gzip): loaded on
// demand by ./markdown.tsx, never part of a page's first-load JavaScript.
//
// Markdown from agents is untrusted: no raw HTML (react-markdown shows it as text; there
// is no rehype-raw), links only from safe schemes with rel="noopener noreferrer nofollow",
// and images never load — a remote image is a tracking pixel the agent chose — so they
// render as their alt text plus a link.
import type { ComponentProps, ReactNode } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { MermaidDiagram } from "./mermaid-diagram";
import { remarkSoftBreaks } from "./remark-soft-breaks";
import { isExternal, safeUrl } from "./safe-url";

const DOC_PLUGINS = [remarkGfm];
const MESSAGE_PLUGINS = [remarkGfm, remarkSoftBreaks];

function SafeLink({ href, children, node: _node, ...rest }: ComponentProps<"a"> & { node?: unknown }) {
  const url = href ? safeUrl(href) : "";
  if (!url) return <span className="md-dead-link">{children}</span>;
  const external = isExternal(url);
  return (
    <a {...rest} href={url} rel="noopener noreferrer nofollow" target={external ? "_blank" : undefined} referrerPolicy="no-referrer">
      {children}
    </a>
  );
}

function SafeImage({ src, alt }: ComponentProps<"img"> & { node?: unknown }) {
  const url = typeof src === "string" ? safeUrl(src) : "";
  const label = alt?.trim() || "image";
  return (
    <span className="md-image" data-testid="md-image">
      <span aria-hidden>[image] </span>
      {url ? (
        <a href={url} rel="noopener noreferrer nofollow" target={isExternal(url) ? "_blank" : undefined} referrerPolicy="no-referrer">
          {label}
        </a>
      ) : (
        label
      )}
      <span className="sr-only"> (image not loaded)</span>
    </span>
  );
}

function textOf(children: ReactNode): string {
  if (typeof children === "string") return children;
  if (Array.isArray(children)) return children.map(textOf).join("");
  return "";
}

export interface MarkdownProps {
  children: string;
  /** Render ```mermaid blocks as diagrams (loads mermaid lazily). Off while text streams. */
  diagrams?: boolean;
  /** Every newline is a line break (agent messages are written line by line). */
  softBreaks?: boolean;
  className?: string;
}

export function MarkdownRenderer({ children, diagrams = false, softBreaks = false, className }: MarkdownProps) {
  const components: Components = {
    a: SafeLink,
    img: SafeImage,
    table: ({ node: _node, ...props }) => (
      <div className="md-table-wrap" tabIndex={0}>
        <table {...props} />
      </div>
    ),
    pre: ({ node: _node, children: kids, ...props }) => {
      // A mermaid block renders as a diagram instead of a <pre>.
      const only = Array.isArray(kids) ? kids[0] : kids;
      if (diagrams && only && typeof only === "object" && "props" in only) {
        const p = only.props as { className?: string; children?: ReactNode };
        if (p.className?.split(" ").includes("language-mermaid")) return <MermaidDiagram source={textOf(p.children).replace(/\n$/, "")} />;
      }
      // Focusable: a long line scrolls sideways, and the keyboard must reach it (WCAG 2.1.1).
      return (
        <pre tabIndex={0} {...props}>
          {kids}
        </pre>
      );
    },
  };
  return (
    <div className={`md ${className ?? ""}`}>
      <ReactMarkdown remarkPlugins={softBreaks ? MESSAGE_PLUGINS : DOC_PLUGINS} urlTransform={safeUrl} components={components}>
        {children}
      </ReactMarkdown>
    </div>
  );
}

export default MarkdownRenderer;
