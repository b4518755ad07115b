"use client";
// A ```mermaid block as a diagram. The mermaid package (large) is imported only when a
// diagram is on screen, with securityLevel "strict" (labels are sanitized, no click
// handlers or HTML labels). Until it loads, or when the source does not parse, the
// source shows as a code block — nothing is lost. Its SVG carries its own colours, so it
// is drawn again with mermaid's dark theme when the page turns dark, and back; its text
// keeps a legible size on any screen (keepLegible).
import { useEffect, useId, useRef, useState } from "react";
import { useDarkScheme } from "../ui/use-theme";

type MermaidApi = typeof import("mermaid").default;

let loader: Promise<MermaidApi> | null = null;

function loadMermaid(): Promise<MermaidApi> {
  loader ??= import("mermaid").then(({ default: mermaid }) => {
    return mermaid;
  });
  return loader;
}

function configure(mermaid: MermaidApi, dark: boolean): void {
  mermaid.initialize({
    startOnLoad: false,
    securityLevel: "strict",
    theme: dark ? "dark" : "default",
    // The dark theme's edge labels (#ccc text on #585858, e.g. an ER relationship's name)
    // fall short of AA contrast (4.4:1); a darker label keeps it above 6:1.
    ...(dark ? { themeVariables: { edgeLabelBackground: "#404040" } } : {}),
    fontFamily: "ui-sans-serif, system-ui, sans-serif",
    flowchart: { htmlLabels: false },
  });
}

/** No diagram text is drawn smaller than this on screen: a wide diagram scrolls sideways instead. */
const MIN_TEXT_PX = 12;

/**
 * The SVG scales down to its column (max-width: 100%), which on a phone drew an ER
 * diagram's labels at 5 px. A minimum width keeps its smallest text at MIN_TEXT_PX; the
 * figure's own box scrolls sideways past that, never the page.
 */
function keepLegible(box: HTMLElement): void {
  const svg = box.querySelector("svg");
  const width = svg?.viewBox.baseVal?.width;
  if (!svg || !width) return;
  const sizes = [...svg.querySelectorAll("text, foreignObject *")].map((el) => parseFloat(getComputedStyle(el).fontSize)).filter((n) => n > 0);
  const smallest = Math.min(16, ...sizes);
  // At most half again its own size, should a diagram bring tiny text of its own.
  svg.style.minWidth = `${Math.ceil(width * Math.min(1.5, MIN_TEXT_PX / smallest))}px`;
}

// mermaid.render is not re-entrant: render diagrams one after another.
let queue: Promise<unknown> = Promise.resolve();

export function MermaidDiagram({ source }: { source: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const id = `mmd-${useId().replace(/[^a-zA-Z0-9]/g, "")}`;
  const [state, setState] = useState<"loading" | "ready" | "error">("loading");
  const dark = useDarkScheme();

  useEffect(() => {
    let cancelled = false;
    const job = queue.then(async () => {
      try {
        const mermaid = await loadMermaid();
        if (cancelled) return;
        // Set per diagram: renders are queued one at a time, so no other one sees this theme.
        configure(mermaid, dark);
        if (!(await mermaid.parse(source, { suppressErrors: true }))) throw new Error("unparsable diagram");
        const { svg } = await mermaid.render(id, source);
        if (cancelled || !ref.current) return;
        ref.current.innerHTML = svg;
        keepLegible(ref.current);
        setState("ready");
      } catch {
        document.getElementById(`d${id}`)?.remove();
        if (!cancelled) setState("error");
      }
    });
    queue = job;
    return () => {
      cancelled = true;
    };
  }, [id, source, dark]);

  return (
    <figure className="md-diagram" data-testid="mermaid-diagram" data-state={state} data-theme={dark ? "dark" : "default"}>
      {/* Focusable: a wide diagram scrolls sideways in this box, by keyboard too. */}
      <div ref={ref} role="img" aria-label="Diagram" tabIndex={state === "ready" ? 0 : undefined} hidden={state !== "ready"} className="overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600" />
      {state !== "ready" && (
        <pre aria-label={state === "error" ? "Diagram source (could not be drawn)" : "Diagram source"}>
          <code className="language-mermaid">{source}</code>
        </pre>
      )}
      {state === "error" && <figcaption className="text-xs text-slate-500">This diagram could not be drawn; its source is shown instead.</figcaption>}
    </figure>
  );
}
