"use client";
// Everything the party wrote: a list (title, path, producer, phase), the selected file
// rendered (markdown with GFM tables, code and Mermaid diagrams), its critique rounds
// (docs/protocols.md) with "Critique this", per-file downloads and the whole bundle as a zip.
import { useEffect, useRef, useState } from "react";
import { artifactUrl, partyApi, withWatch } from "../../api/client";
import { Markdown } from "../../markdown/markdown";
import { RevisePanel, VersionBar, VersionDiff, type RevisionControls } from "./artifact-revision";
import { CritiqueRequest, type PendingCritique } from "./critique-request";
import { CritiqueRound, roundLabel } from "./critique-rounds";
import { agentDisplay } from "../view/agent-display";
import { critiqueOfRecord, critiquesOf } from "../view/selectors";
import type { ArtifactView, PartyView } from "../view/types";
import { phaseTag } from "@/lib/vocabulary";

function phaseOf(view: PartyView, n: number): string {
  const p = view.phases.find((x) => x.number === n);
  return `${phaseTag(view.mode, n)}${p ? ` · ${p.name}` : ""}`;
}

function sizeOf(content: string): string {
  const bytes = new TextEncoder().encode(content).length;
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}

export interface CritiqueControls {
  /** The owner may ask for a critique (not a watcher, not a replay, not a failed party). */
  allowed: boolean;
  /** The team is working: the server would answer 409 for now. */
  teamWorking: boolean;
  running: PendingCritique | null;
  onStarted: (p: PendingCritique) => void;
}

function CritiquePanel({
  view,
  partyId,
  artifact,
  critique,
  onSelect,
  onRevise,
}: {
  view: PartyView;
  partyId: string;
  artifact: ArtifactView;
  critique: CritiqueControls;
  onSelect: (path: string) => void;
  onRevise?: (actionItems: string[]) => void;
}) {
  const record = critiqueOfRecord(view, artifact.path);
  if (record) {
    return (
      <p data-testid="critique-record-of" className="border-b border-slate-200 bg-slate-50/60 px-4 py-2 text-sm text-slate-700">
        The discussion record of the {roundLabel(record.roundId).toLowerCase()} of{" "}
        <button type="button" onClick={() => onSelect(record.artifactPath)} className="break-all font-mono text-xs font-medium text-indigo-700 underline-offset-2 hover:underline">
          {record.artifactPath}
        </button>
       .
      </p>
    );
  }
  const rounds = critiquesOf(view, artifact.path).reverse();
  if (rounds.length === 0 && !critique.allowed) return null;
  const heading = (
    <h4 id="critique-heading" className="text-sm font-semibold text-slate-900">
      Critique{rounds.length ? <span className="font-normal text-slate-500"> · {rounds.length === 1 ? "1 round" : `${rounds.length} rounds`}</span> : null}
    </h4>
  );
  return (
    <section aria-labelledby="critique-heading" data-testid="critique-panel" data-rounds={rounds.length} className="space-y-3 border-b border-slate-200 bg-slate-50/60 px-4 py-3">
      {critique.allowed ? (
        <CritiqueRequest key={artifact.path} partyId={partyId} artifactPath={artifact.path} running={critique.running} teamWorking={critique.teamWorking} onStarted={critique.onStarted}>
          {heading}
        </CritiqueRequest>
      ) : (
        heading
      )}
      {rounds.length === 0 ? (
        <p className="text-sm text-slate-600">No critique yet. Ask the perspectives that matter to rate this artifact from 1 to 5.</p>
      ) : (
        <ol className="space-y-2" data-testid="critique-rounds">
          {rounds.map((r) => (
            <CritiqueRound key={r.roundId} round={r} onOpenRecord={view.artifacts[r.recordPath] ? onSelect : undefined} onRevise={onRevise} />
          ))}
        </ol>
      )}
    </section>
  );
}

export interface ArtifactsViewProps {
  view: PartyView;
  partyId: string;
  watch: string | null;
  /** The selected path (kept by the dashboard so the feed can open an artifact). */
  selected: string | null;
  onSelect: (path: string) => void;
  critique: CritiqueControls;
  revision: RevisionControls;
  /** Feedback waiting for a revise panel ("Revise with these action items", a "revise" next step); a new id opens it again. */
  draft: ReviseDraft | null;
  onDraft: (d: ReviseDraft) => void;
}

export interface ReviseDraft {
  id: number;
  path: string;
  text: string;
}

export function ArtifactsView({ view, partyId, watch, selected, onSelect, critique, revision, draft, onDraft }: ArtifactsViewProps) {
  const list = view.artifactOrder.map((p) => view.artifacts[p]).filter((a): a is ArtifactView => Boolean(a));
  const current = list.find((a) => a.path === selected) ?? list.find((a) => !a.path.startsWith("discussions/")) ?? list[0] ?? null;
  // Opening a file from inside the article (record ↔ artifact) moves focus to its title.
  const title = useRef<HTMLHeadingElement>(null);
  const focusTitle = useRef(false);
  const openFromArticle = (path: string) => {
    focusTitle.current = true;
    onSelect(path);
  };
  // Picking a file from the list shows it: where the list sits above the file (a phone),
  // the page scrolls to the file's title, which takes the focus.
  const article = useRef<HTMLElement>(null);
  const [reveal, setReveal] = useState(0);
  const pickFromList = (path: string) => {
    onSelect(path);
    setReveal((n) => n + 1);
  };
  useEffect(() => {
    if (focusTitle.current) {
      focusTitle.current = false;
      title.current?.focus();
    }
  }, [current?.path]);
  // After the new file is rendered; the same file picked again too (it may be scrolled away).
  useEffect(() => {
    if (!reveal) return;
    const top = title.current?.getBoundingClientRect().top;
    const padding = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
    if (top === undefined || (top >= padding && top <= window.innerHeight - 48)) return;
    article.current?.scrollIntoView({ block: "start", behavior: "instant" });
    title.current?.focus({ preventScroll: true });
  }, [reveal]);
  const finished = view.status === "completed";
  // The version shown and the one it is compared with, per file; a new version shows itself.
  const [picked, setPicked] = useState<{ path: string; version: number; latestSeen: number; compare: number | null } | null>(null);
  const pick = current && picked?.path === current.path && picked.latestSeen === current.version ? picked : null;
  const shownVersion = pick?.version ?? current?.version ?? 0;
  const shown = current?.versions.find((v) => v.version === shownVersion) ?? null;
  const compareWith = pick?.compare != null ? (current?.versions.find((v) => v.version === pick.compare) ?? null) : null;
  const shownContent = shown?.content ?? current?.content ?? "";
  // The critique rounds' discussion records are artifacts too, listed apart from the documents.
  const discussions = list.filter((a) => a.path.startsWith("discussions/"));
  const documents = list.filter((a) => !a.path.startsWith("discussions/"));
  const item = (a: ArtifactView) => {
    const active = current?.path === a.path;
    return (
      <li key={a.path} data-testid="artifact-item" data-path={a.path}>
        <button
          type="button"
          onClick={() => pickFromList(a.path)}
          aria-current={active ? "true" : undefined}
          className={`block w-full rounded-lg border px-3 py-2 text-left transition ${active ? "border-indigo-400 bg-indigo-50" : "border-slate-200 bg-white hover:border-slate-300"}`}
        >
          <span className="block break-words text-sm font-medium text-slate-900">{a.title}</span>
          <span className="block truncate font-mono text-[11px] text-slate-600">{a.path}</span>
          <span className="mt-0.5 block text-xs text-slate-600">
            {agentDisplay(view, a.producer).name} · {phaseOf(view, a.phase)}
            {a.version > 1 ? ` · v${a.version}` : ""}
          </span>
        </button>
      </li>
    );
  };

  return (
    <section aria-labelledby="artifacts-heading" data-testid="artifacts-view" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="artifacts-heading" className="text-lg font-semibold text-slate-900">
            Artifacts
          </h2>
          <p className="text-sm text-slate-600">
            {list.length === 0 ? "Nothing written yet." : `${documents.length} file${documents.length === 1 ? "" : "s"}`}
            {discussions.length > 0 ? ` · ${discussions.length} critique discussion${discussions.length === 1 ? "" : "s"}` : ""}
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
              {documents.map(item)}
            </ul>
            {discussions.length > 0 && (
              <>
                <h3 id="discussions-heading" className="mt-4 mb-1.5 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                  Critique discussions
                </h3>
                <ul className="space-y-1.5" aria-labelledby="discussions-heading" data-testid="discussion-list">
                  {discussions.map(item)}
                </ul>
              </>
            )}
          </nav>
          {current && (
            <article ref={article} className="min-w-0 rounded-xl border border-slate-200 bg-white shadow-sm" data-testid="artifact-view" data-path={current.path} aria-labelledby="artifact-title">
              <header className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
                <div className="min-w-0">
                  <h3 id="artifact-title" ref={title} tabIndex={-1} className="font-semibold text-slate-900 focus:outline-none">
                    {current.title}
                  </h3>
                  <p className="break-all font-mono text-xs text-slate-500">
                    {current.path} · {sizeOf(shownContent)} · by {agentDisplay(view, current.producer).name}
                    {current.versions.length > 1 ? ` · v${shownVersion} of ${current.version}` : ""}
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
              {!current.path.startsWith("discussions/") && (revision.allowed || current.versions.length > 1 || view.revisionOrder.length > 0) && (
                <RevisePanel
                  key={`${current.path}:${draft?.id ?? 0}`}
                  partyId={partyId}
                  view={view}
                  artifact={current}
                  controls={revision}
                  draft={draft?.path === current.path ? draft.text : null}
                />
              )}
              <VersionBar
                artifact={current}
                shown={shownVersion}
                compare={pick?.compare ?? null}
                onShow={(v) => setPicked({ path: current.path, version: v, latestSeen: current.version, compare: pick?.compare === v ? null : (pick?.compare ?? null) })}
                onCompare={(c) => setPicked({ path: current.path, version: shownVersion, latestSeen: current.version, compare: c })}
              />
              <CritiquePanel view={view} partyId={partyId} artifact={current} critique={critique} onSelect={openFromArticle} onRevise={revision.allowed ? (items) => onDraft({ id: (draft?.id ?? 0) + 1, path: current.path, text: actionItemsFeedback(items) }) : undefined} />
              <div className="px-4 py-4 sm:px-6" data-testid="artifact-body" data-version={shownVersion}>
                {compareWith ? (
                  <VersionDiff
                    from={compareWith.version < shownVersion ? compareWith.content : shownContent}
                    to={compareWith.version < shownVersion ? shownContent : compareWith.content}
                    fromLabel={`v${Math.min(compareWith.version, shownVersion)}`}
                    toLabel={`v${Math.max(compareWith.version, shownVersion)}`}
                  />
                ) : current.path.endsWith(".md") ? (
                  <Markdown diagrams className="md-doc">
                    {shownContent}
                  </Markdown>
                ) : (
                  <pre className="overflow-x-auto rounded-lg bg-slate-50 p-3 font-mono text-xs text-slate-800">{shownContent}</pre>
                )}
              </div>
            </article>
          )}
        </div>
      )}
    </section>
  );
}

/** The feedback "Revise with these action items" starts from (the person can edit it). */
function actionItemsFeedback(items: string[]): string {
  return `Address these action items from the critique:\n${items.map((a, i) => `${i + 1}. ${a}`).join("\n")}`;
}
