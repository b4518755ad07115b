"use client";
// Everything the party wrote: a list (title, path, producer, phase), the selected file
// rendered (markdown with GFM tables, code and Mermaid diagrams), per-file downloads and
// the whole bundle as a zip.
import { useState } from "react";
import { artifactUrl, partyApi, withWatch } from "../api/client";
import { Markdown } from "../markdown/markdown";
import { agentDisplay, type ArtifactView, type PartyView } from "./party-view";

function phaseLabel(view: PartyView, n: number): string {
  const p = view.phases.find((x) => x.number === n);
  return `${view.mode === "party" ? `T${n}` : `Phase ${n}`}${p ? ` · ${p.name}` : ""}`;
}

function sizeOf(content: string): string {
  const bytes = new TextEncoder().encode(content).length;
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}

export function ArtifactsView({ view, partyId, watch }: { view: PartyView; partyId: string; watch: string | null }) {
  const list = view.artifactOrder.map((p) => view.artifacts[p]).filter((a): a is ArtifactView => Boolean(a));
  const [selected, setSelected] = useState<string | null>(null);
  const current = list.find((a) => a.path === selected) ?? list[0] ?? null;
  const finished = view.status === "completed";

  return (
    <section aria-labelledby="artifacts-heading" data-testid="artifacts-view" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="artifacts-heading" className="text-lg font-semibold text-slate-900">
            Artifacts
          </h2>
          <p className="text-sm text-slate-600">
            {list.length === 0 ? "Nothing written yet." : `${list.length} file${list.length === 1 ? "" : "s"}`}
            {!finished && list.length > 0 ? " so far — the bundle also holds state.json and discovery_context.json." : ""}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a
            href={withWatch(partyApi(partyId, "/state.json"), watch)}
            target="_blank"
            rel="noopener noreferrer"
            className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
          >
            state.json
          </a>
          <a
            href={withWatch(partyApi(partyId, "/bundle"), watch)}
            download
            data-testid="download-all"
            className="inline-flex items-center gap-2 rounded-lg bg-indigo-600 px-3 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-700"
          >
            <span aria-hidden>↓</span> Download all (.zip)
          </a>
        </div>
      </div>

      {list.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-sm text-slate-600" data-testid="artifacts-empty">
          Artifacts appear here as the team writes them: the project brief after the Vision Council, then architecture, data model and test strategy, then the constitution and skill report.
        </div>
      ) : (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[18rem_minmax(0,1fr)]">
          <nav aria-label="Artifact files" className="min-w-0">
            <ul className="space-y-1.5" data-testid="artifact-list">
              {list.map((a) => {
                const active = current?.path === a.path;
                return (
                  <li key={a.path} data-testid="artifact-item" data-path={a.path}>
                    <button
                      type="button"
                      onClick={() => setSelected(a.path)}
                      aria-current={active ? "true" : undefined}
                      className={`block w-full rounded-lg border px-3 py-2 text-left transition ${active ? "border-indigo-400 bg-indigo-50" : "border-slate-200 bg-white hover:border-slate-300"}`}
                    >
                      <span className="block break-words text-sm font-medium text-slate-900">{a.title}</span>
                      <span className="block truncate font-mono text-[11px] text-slate-500">{a.path}</span>
                      <span className="mt-0.5 block text-xs text-slate-500">
                        {agentDisplay(view, a.producer).name} · {phaseLabel(view, a.phase)}
                        {a.version > 1 ? ` · v${a.version}` : ""}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </nav>
          {current && (
            <article className="min-w-0 rounded-xl border border-slate-200 bg-white shadow-sm" data-testid="artifact-view" data-path={current.path} aria-labelledby="artifact-title">
              <header className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
                <div className="min-w-0">
                  <h3 id="artifact-title" className="font-semibold text-slate-900">
                    {current.title}
                  </h3>
                  <p className="truncate font-mono text-xs text-slate-500">
                    {current.path} · {sizeOf(current.content)} · by {agentDisplay(view, current.producer).name}
                  </p>
                </div>
                <a
                  href={artifactUrl(partyId, current.path, watch, true)}
                  download
                  data-testid="artifact-download"
                  className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
                >
                  Download<span className="sr-only"> {current.path}</span>
                </a>
              </header>
              <div className="px-4 py-4 sm:px-6">
                {current.path.endsWith(".md") ? (
                  <Markdown diagrams className="md-doc">
                    {current.content}
                  </Markdown>
                ) : (
                  <pre className="overflow-x-auto rounded-lg bg-slate-50 p-3 font-mono text-xs text-slate-800">{current.content}</pre>
                )}
              </div>
            </article>
          )}
        </div>
      )}
    </section>
  );
}
