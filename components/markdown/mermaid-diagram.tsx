"use client";
// A ```mermaid block as a diagram. The mermaid package (large) is imported only when a
// diagram is on screen, with securityLevel "strict" (labels are sanitized, no click
// handlers or HTML labels). Until it loads, or when the source does not parse, the
// source shows as a code block — nothing is lost.
import { useEffect, useId, useRef, useState } from "react";

type MermaidApi = typeof import("mermaid").default;

let loader: Promise<MermaidApi> | null = null;

function loadMermaid(): Promise<MermaidApi> {
  loader ??= import("mermaid").then(({ default: mermaid }) => {
    mermaid.initialize({
      startOnLoad: false,
      securityLevel: "strict",
      theme: "neutral",
      fontFamily: "ui-sans-serif, system-ui, sans-serif",
      flowchart: { htmlLabels: false },
    });
    return mermaid;
  });
  return loader;
}

// mermaid.render is not re-entrant: render diagrams one after another.
let queue: Promise<unknown> = Promise.resolve();

export function MermaidDiagram({ source }: { source: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const id = `mmd-${useId().replace(/[^a-zA-Z0-9]/g, "")}`;
  const [state, setState] = useState<"loading" | "ready" | "error">("loading");

  useEffect(() => {
    let cancelled = false;
    const job = queue.then(async () => {
      try {
        const mermaid = await loadMermaid();
        if (cancelled) return;
        if (!(await mermaid.parse(source, { suppressErrors: true }))) throw new Error("unparsable diagram");
        const { svg } = await mermaid.render(id, source);
        if (cancelled || !ref.current) return;
        ref.current.innerHTML = svg;
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
  }, [id, source]);

  return (
    <figure className="md-diagram" data-testid="mermaid-diagram" data-state={state}>
      <div ref={ref} role="img" aria-label="Diagram" hidden={state !== "ready"} className="overflow-x-auto" />
      {state !== "ready" && (
        <pre aria-label={state === "error" ? "Diagram source (could not be drawn)" : "Diagram source"}>
          <code className="language-mermaid">{source}</code>
        </pre>
      )}
      {state === "error" && <figcaption className="text-xs text-slate-500">This diagram could not be drawn; its source is shown instead.</figcaption>}
    </figure>
  );
}
