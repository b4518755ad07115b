"use client";
// Iterating on a written artifact: "Revise" sends the person's feedback to the agent that
// wrote it (the next version appears when it is done); the version picker shows any
// earlier version, and the diff view compares two of them line by line.
import { diffLines } from "diff";
import { useId, useRef, useState, type FormEvent } from "react";
import { ApiError, requestRevision } from "../../api/client";
import { agentDisplay } from "../view/agent-display";
import type { ArtifactView, PartyView, RevisionView } from "../view/types";

const FEEDBACK_MAX = 4000;

export interface RevisionControls {
  /** The owner may ask (not a watcher, a replay, a failed or cancelled party). */
  allowed: boolean;
  /** The team is working: the server would answer 409 for now. */
  teamWorking: boolean;
  /** A revision or a critique runs now (one at a time per party). */
  busy: string | null;
  running: RevisionView | null;
  /** The server accepted a revision: keep the (finished) party's stream open for its result. */
  onStarted: () => void;
}

export function RevisePanel({
  partyId,
  view,
  artifact,
  controls,
  draft,
}: {
  partyId: string;
  view: PartyView;
  artifact: ArtifactView;
  controls: RevisionControls;
  /** Feedback handed over by "Revise with these action items" (the parent remounts the panel for a new one). */
  draft: string | null;
}) {
  const uid = useId();
  const [open, setOpen] = useState(draft != null);
  const [text, setText] = useState(draft ?? "");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const producer = agentDisplay(view, artifact.producer).name;
  const mine = controls.running?.artifactPath === artifact.path ? controls.running : null;
  const last = [...view.revisionOrder].reverse().map((id) => view.revisions[id]).find((r) => r?.artifactPath === artifact.path && r.status !== "running");

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const feedback = text.trim();
    if (!feedback) return setError("Say what should change.");
    if (feedback.length > FEEDBACK_MAX) return setError(`At most ${FEEDBACK_MAX} characters (now ${feedback.length}).`);
    setSending(true);
    setError(null);
    try {
      await requestRevision(partyId, { artifactPath: artifact.path, feedback });
      controls.onStarted();
      setText("");
      setOpen(false);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : "Could not start the revision. Please try again.");
    } finally {
      setSending(false);
    }
  };

  return (
    <section aria-labelledby={`${uid}-h`} data-testid="revise-panel" className="space-y-2 border-b border-slate-200 px-4 py-3">
      <div className="flex flex-wrap items-center gap-2">
        <h4 id={`${uid}-h`} className="text-sm font-semibold text-slate-900">
          Revise
        </h4>
        {mine ? (
          <span role="status" data-testid="revision-running" className="inline-flex items-center gap-1.5 text-sm text-indigo-800">
            <span aria-hidden className="size-2 animate-pulse rounded-full bg-indigo-500" />
            {agentDisplay(view, mine.agent).name} is rewriting it with your feedback…
          </span>
        ) : controls.allowed && !open ? (
          <button
            type="button"
            onClick={() => {
              setOpen(true);
              requestAnimationFrame(() => box.current?.focus());
            }}
            data-testid="revise-open"
            className="rounded-md border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50"
          >
            Ask {producer} for changes
          </button>
        ) : null}
        {last && !mine && (
          <span data-testid="revision-last" data-status={last.status} className={`text-xs ${last.status === "failed" ? "text-rose-700" : last.status === "unchanged" ? "text-amber-800" : "text-slate-600"}`}>
            {last.status === "completed"
              ? `Last revision: v${last.version}${last.changesSummary ? ` — ${last.changesSummary}` : ""}`
              : last.status === "unchanged"
                ? (last.reason ?? "The last revision changed nothing, so no version was made.")
                : `The last revision failed: ${last.reason ?? "no reason given"}`}
          </span>
        )}
      </div>
      {open && controls.allowed && !mine && (
        <form onSubmit={(e) => void submit(e)} className="space-y-2" data-testid="revise-form">
          <label htmlFor={`${uid}-t`} className="block text-xs text-slate-600">
            What should {producer} change in {artifact.title}?
          </label>
          <textarea
            id={`${uid}-t`}
            ref={box}
            autoFocus={draft != null}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              if (error) setError(null);
            }}
            rows={4}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${uid}-e` : undefined}
            data-testid="revise-text"
            className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-900 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200"
          />
          {error && (
            <p id={`${uid}-e`} role="alert" className="text-xs text-rose-700" data-testid="revise-error">
              {error}
            </p>
          )}
          {(controls.teamWorking || controls.busy) && (
            <p className="text-xs text-amber-800">{controls.busy ?? "The team is still working: a revision can start once it waits for you or has finished."}</p>
          )}
          <div className="flex gap-2">
            <button type="submit" disabled={sending} data-testid="revise-send" className="rounded-lg bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-indigo-700 disabled:opacity-60">
              {sending ? "Starting…" : "Revise"}
            </button>
            <button type="button" onClick={() => setOpen(false)} className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-50">
              Cancel
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

/** Which version is shown, and (optionally) which one it is compared with. */
export function VersionBar({
  artifact,
  shown,
  compare,
  onShow,
  onCompare,
}: {
  artifact: ArtifactView;
  shown: number;
  compare: number | null;
  onShow: (v: number) => void;
  onCompare: (v: number | null) => void;
}) {
  const uid = useId();
  if (artifact.versions.length < 2) return null;
  const versions = [...artifact.versions].reverse();
  return (
    <div data-testid="version-bar" className="flex flex-wrap items-center gap-3 border-b border-slate-200 bg-slate-50/60 px-4 py-2 text-xs text-slate-700">
      <label htmlFor={`${uid}-v`}>Version</label>
      <select id={`${uid}-v`} value={shown} onChange={(e) => onShow(Number(e.target.value))} data-testid="version-picker" className="rounded-md border border-slate-300 bg-white px-2 py-1">
        {versions.map((v) => (
          <option key={v.version} value={v.version}>
            v{v.version}
            {v.version === artifact.version ? " (latest)" : ""}
          </option>
        ))}
      </select>
      <label htmlFor={`${uid}-c`}>Compare with</label>
      <select
        id={`${uid}-c`}
        value={compare ?? ""}
        onChange={(e) => onCompare(e.target.value ? Number(e.target.value) : null)}
        data-testid="version-compare"
        className="rounded-md border border-slate-300 bg-white px-2 py-1"
      >
        <option value="">— no comparison —</option>
        {versions
          .filter((v) => v.version !== shown)
          .map((v) => (
            <option key={v.version} value={v.version}>
              v{v.version}
            </option>
          ))}
      </select>
      {artifact.versions.find((v) => v.version === shown)?.reason && <span className="basis-full text-slate-600">{artifact.versions.find((v) => v.version === shown)!.reason}</span>}
    </div>
  );
}

/** A line diff from `from` to `to`: removed lines struck through in red, added in green. */
export function VersionDiff({ from, to, fromLabel, toLabel }: { from: string; to: string; fromLabel: string; toLabel: string }) {
  const parts = diffLines(from, to);
  const added = parts.filter((p) => p.added).reduce((n, p) => n + (p.count ?? 0), 0);
  const removed = parts.filter((p) => p.removed).reduce((n, p) => n + (p.count ?? 0), 0);
  return (
    <div data-testid="version-diff" className="space-y-2">
      <p className="text-xs text-slate-600">
        From {fromLabel} to {toLabel}: <span className="text-emerald-800">+{added} lines</span>, <span className="text-rose-800">−{removed} lines</span>
      </p>
      <pre tabIndex={0} aria-label={`Changes from ${fromLabel} to ${toLabel}`} className="overflow-x-auto rounded-lg border border-slate-200 bg-white p-2 font-mono text-xs leading-relaxed">
        {parts.map((p, i) =>
          p.added ? (
            <ins key={i} data-testid="diff-added" className="block bg-emerald-50 text-emerald-900 no-underline">
              {prefixLines(p.value, "+ ")}
            </ins>
          ) : p.removed ? (
            <del key={i} data-testid="diff-removed" className="block bg-rose-50 text-rose-900">
              {prefixLines(p.value, "- ")}
            </del>
          ) : (
            <span key={i} className="block text-slate-600">
              {prefixLines(context(p.value, i > 0, i < parts.length - 1), "  ")}
            </span>
          ),
        )}
      </pre>
    </div>
  );
}

function prefixLines(text: string, prefix: string): string {
  return text
    .replace(/\n$/, "")
    .split("\n")
    .map((l) => prefix + l)
    .join("\n");
}

const CONTEXT = 3;

/** Unchanged text between changes keeps three lines of context on each side it touches. */
function context(text: string, before: boolean, after: boolean): string {
  const lines = text.replace(/\n$/, "").split("\n");
  const head = before ? CONTEXT : 0;
  const tail = after ? CONTEXT : 0;
  if (lines.length <= head + tail + 1) return lines.join("\n");
  const hidden = lines.length - head - tail;
  return [...lines.slice(0, head), `⋯ ${hidden} unchanged line${hidden === 1 ? "" : "s"} ⋯`, ...lines.slice(lines.length - tail)].join("\n");
}
