"use client";
// The party dashboard: phases, team, the live conversation, the pending question, the
// artifacts, and — for a finished party — a replay. Everything shown is derived from the
// event stream (PartyView); the summary adds who may act (owner or watcher).
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from "react";
import type { NextStepAction } from "@/lib/wire/events";
import { ApiError, partyApi, requestRevision, withWatch, type PartySummary } from "../api/client";
import { useMarkdownReady } from "../markdown/markdown";
import { ModeBadge, StatusBadge } from "../ui/status-badge";
import { ArtifactsView, type ReviseDraft } from "./artifacts/artifacts-view";
import { useRunningCritique, type PendingCritique } from "./artifacts/critique-request";
import { BudgetGauge } from "./panels/budget-gauge";
import { EndBanner } from "./panels/end-banner";
import { InputPanel, type InputPanelHandle } from "./input/input-panel";
import { MessageFeed, type MessageFeedHandle } from "./panels/message-feed";
import { nowDoing } from "./view/now-doing";
import { CancelButton, OwnerLink, ReplayControls, WatchLink } from "./panels/party-actions";
import { currentTeam, focusPhase, roomOpen, runningRevision } from "./view/selectors";
import { isTerminal as isFinished } from "@/lib/vocabulary";
import type { PartyView } from "./view/types";
import { RoomComposer } from "./panels/room-composer";
import { PhaseBar } from "./panels/phase-bar";
import { PhaseTimeline } from "./panels/phase-timeline";
import { MissingArtifacts, NextSteps, NotesPanel, UsagePanel } from "./panels/side-panels";
import { TeamCards } from "./panels/team-cards";
import { usePartyStream, type Connection, type StreamSnapshot } from "./hooks/use-party-stream";
import { useReplay } from "./hooks/use-replay";
import { useSummary } from "./hooks/use-summary";
import { useHydrated, withoutClockTimes } from "./hooks/hydration";

/** What the page's server render hands the dashboard (app/parties/[id]/party-snapshot.ts builds it). */
export interface PartySnapshot extends StreamSnapshot {
  /** The summary the dashboard would otherwise fetch first. */
  summary: PartySummary;
}

type Tab = "live" | "artifacts";

const CONNECTION: Record<Connection, { label: string; dot: string }> = {
  connecting: { label: "Connecting…", dot: "bg-slate-400" },
  live: { label: "Live", dot: "bg-emerald-500 animate-pulse" },
  reconnecting: { label: "Reconnecting…", dot: "bg-amber-500 animate-pulse" },
  closed: { label: "Finished", dot: "bg-slate-400" },
  error: { label: "Disconnected", dot: "bg-rose-500" },
};

function ConnectionPill({ connection, replaying }: { connection: Connection; replaying: boolean }) {
  const c = replaying ? { label: "Replaying", dot: "bg-indigo-500 animate-pulse" } : CONNECTION[connection];
  return (
    <span className="inline-flex items-center gap-1.5 text-xs text-slate-600" data-testid="connection" data-state={replaying ? "replay" : connection}>
      <span aria-hidden className={`size-2 rounded-full ${c.dot}`} />
      {c.label}
    </span>
  );
}

function DocumentTitle({ title }: { title: string }) {
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}

export function PartyDashboard({ id, watch, initial = null }: { id: string; watch: string | null; initial?: PartySnapshot | null }) {
  const router = useRouter();
  const { state: fetched } = useSummary(id, watch);
  // A server snapshot brings the summary too: the page shows before the browser's own fetch returns.
  const state = fetched.kind === "loading" && initial ? { kind: "ready" as const, summary: initial.summary } : fetched;
  const hydrated = useHydrated();
  const stream = usePartyStream(id, watch, initial);
  const replay = useReplay(stream.storedEvents, { id, watch, baseSeq: stream.baseSeq });
  const [hashTab, setTab] = useState<Tab>(() => (typeof window !== "undefined" && window.location.hash === "#artifacts" ? "artifacts" : "live"));
  // The server rendered the live tab; the one the address asks for shows right after hydration.
  const tab = hydrated ? hashTab : "live";
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ live: null, artifacts: null });
  // What the next steps and the phase bar scroll to or focus.
  const question = useRef<InputPanelHandle>(null);
  const timeline = useRef<HTMLElement>(null);
  const feed = useRef<MessageFeedHandle>(null);
  const [artifact, setArtifact] = useState<string | null>(null);
  const [reviseDraft, setReviseDraft] = useState<ReviseDraft | null>(null);
  const critique = useRunningCritique(stream.view);
  // The markdown renderer is its own chunk: hold the skeleton until it is there (it loads
  // while the summary does) so messages do not change shape right after they appear.
  const markdownReady = useMarkdownReady();
  const { follow } = stream;
  const { started } = critique;
  const onCritiqueStarted = useCallback(
    (p: PendingCritique) => {
      started(p);
      follow();
    },
    [started, follow],
  );

  // With a snapshot the party shows at once, its markdown as plain text until the renderer is in.
  if (state.kind === "loading" || (state.kind === "ready" && !markdownReady && !initial)) {
    return (
      <div aria-busy="true" aria-label="Loading the party" className="space-y-4" data-testid="dashboard-loading">
        <div className="h-24 animate-pulse rounded-xl bg-slate-200/70" />
        <div className="h-28 animate-pulse rounded-xl bg-slate-200/70" />
        <div className="h-96 animate-pulse rounded-xl bg-slate-200/70" />
      </div>
    );
  }
  if (state.kind === "error") {
    return (
      <div className="mx-auto max-w-lg rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm" data-testid="dashboard-error">
        <h1 className="text-xl font-semibold text-slate-900">{state.status === 404 ? "Party not found" : "Could not load this party"}</h1>
        <p className="mt-2 text-sm text-slate-600">
          {state.status === 404 ? "It does not exist, or it belongs to someone else and this link has no watch token." : state.message}
        </p>
        <Link href="/" className="mt-4 inline-block rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700">
          Start a kickoff
        </Link>
      </div>
    );
  }

  const summary = state.summary;
  const live = hydrated ? stream.view : withoutClockTimes(stream.view);
  const view = replay.active ? replay.view : live;
  const fromEvents = live.lastSeq > 0;
  const status = fromEvents ? live.status : summary.status;
  const title = live.title ?? summary.title ?? "Untitled kickoff";
  const readOnly = summary.readOnly;
  const finished = isFinished(status);
  const phase = focusPhase(view);
  const team = currentTeam(view);
  const revising = runningRevision(view);
  // What the server would refuse with 409 right now, said before the person asks.
  const busyWith = revising ? `${revising.title} is being revised: one revision or critique at a time.` : critique.running ? "A critique is running: one revision or critique at a time." : null;
  const canIterate = !readOnly && !replay.active && status !== "failed" && status !== "cancelled";
  const writeMissing = async (path: string): Promise<string | null> => {
    try {
      await requestRevision(id, { artifactPath: path, feedback: "Write this document now, from everything the team has decided so far." });
      follow();
      return null;
    } catch (e) {
      return e instanceof ApiError ? e.message : "Could not start writing it. Please try again.";
    }
  };
  const onNextStep = (a: NextStepAction) => {
    const p = a.params as { path?: string; artifactPath?: string; feedback?: string; paths?: string[]; label?: string; target?: string; title?: string; description?: string };
    switch (a.action) {
      case "open-artifact":
        if (p.path && view.artifacts[p.path]) openArtifact(p.path);
        else selectTab("artifacts");
        return;
      case "revise": {
        const path = p.artifactPath ?? p.path;
        if (path && view.artifacts[path]) {
          setReviseDraft({ id: (reviseDraft?.id ?? 0) + 1, path, text: p.feedback ?? "" });
          openArtifact(path);
        } else selectTab("artifacts");
        return;
      }
      case "open-artifacts":
        if (p.paths?.[0] && view.artifacts[p.paths[0]]) setArtifact(p.paths[0]);
        selectTab("artifacts");
        return;
      case "download":
        window.location.assign(withWatch(partyApi(id, "/bundle"), watch));
        return;
      case "show-status":
        if (p.target === "state.json") window.open(withWatch(partyApi(id, "/state.json"), watch), "_blank", "noopener");
        else timeline.current?.scrollIntoView({ behavior: "smooth", block: "start" });
        return;
      case "new-kickoff":
        router.push(`/?${new URLSearchParams({ title: p.title ?? "", description: p.description ?? "" })}`);
        return;
      case "continue":
        question.current?.scrollIntoView();
        return;
      case "open-conversation": {
        selectTab("live");
        const target = [...view.feed].reverse().find((f) => f.kind === "message" && view.messages[f.id]?.label === p.label);
        // After the tab shows: a hidden panel's message has no place to scroll to.
        if (target) requestAnimationFrame(() => feed.current?.scrollToMessage(target.id));
        return;
      }
    }
  };
  const notes = view.feed.flatMap((f) => (f.kind === "note" && view.notes[f.id] ? [view.notes[f.id]] : []));
  const artifactsCount = view.artifactOrder.length;

  const selectTab = (t: Tab) => {
    setTab(t);
    history.replaceState(null, "", t === "artifacts" ? "#artifacts" : window.location.pathname + window.location.search);
  };
  const openArtifact = (path: string) => {
    setArtifact(path);
    selectTab("artifacts");
    tabRefs.current.artifacts?.focus();
  };
  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key !== "ArrowLeft" && e.key !== "ArrowRight" && e.key !== "Home" && e.key !== "End") return;
    e.preventDefault();
    const next: Tab = e.key === "Home" ? "live" : e.key === "End" ? "artifacts" : tab === "live" ? "artifacts" : "live";
    selectTab(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className="space-y-4" data-testid="party-dashboard" data-party-id={id} data-status={status} data-readonly={readOnly}>
      <DocumentTitle title={`${title} · Inception Party`} />

      <header className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <Link href="/" className="text-xs font-medium text-slate-500 hover:text-slate-800">
          ← All kickoffs
        </Link>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0 space-y-1.5">
            <h1 className="break-words text-xl font-semibold tracking-tight text-slate-900 sm:text-2xl" data-testid="party-title">
              {title}
            </h1>
            <div className="flex flex-wrap items-center gap-2">
              <StatusBadge status={status} />
              <ModeBadge mode={live.mode ?? summary.mode} />
              <ConnectionPill connection={stream.connection} replaying={replay.active} />
            </div>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {finished && !replay.active && <ReplayControls replay={replay} />}
            {!readOnly && !finished && <CancelButton partyId={id} />}
          </div>
        </div>
        {(live.description ?? summary.description) && (
          <details className="text-sm text-slate-700">
            <summary className="cursor-pointer text-xs font-medium text-slate-500">Project description</summary>
            <p className="mt-2 whitespace-pre-wrap break-words">{live.description ?? summary.description}</p>
          </details>
        )}
        {hydrated && !readOnly && <WatchLink partyId={id} watchUrl={summary.watchUrl} canRotate={summary.isCreator} />}
        {hydrated && !readOnly && <OwnerLink partyId={id} ownerUrl={summary.ownerUrl} canRotate={summary.isCreator} />}
      </header>

      <PhaseBar
        phases={view.phases}
        phase={phase}
        waiting={Boolean(view.pendingInput) && !readOnly && !replay.active}
        onGoToQuestion={() => question.current?.focusFirstField()}
        now={nowDoing({ status: replay.active ? view.status : status, phase, team, waitingFor: view.pendingInput?.title ?? null, readOnly: readOnly || replay.active })}
      />

      {readOnly && (
        <div role="note" data-testid="readonly-banner" className="rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900">
          <strong>You are watching this party.</strong> Everything updates live; only its owner can answer questions or cancel it.
        </div>
      )}

      {replay.active && <ReplayControls replay={replay} />}
      {(replay.loading || replay.error) && (
        <p role="status" data-testid="replay-loading" className="text-sm text-slate-600">
          {replay.loading ? "Loading the whole conversation for the replay…" : replay.error}
        </p>
      )}
      {!replay.active && <EndBanner view={view} onArtifacts={() => selectTab("artifacts")} />}
      {!replay.active && <MissingArtifacts missing={Object.values(view.missing)} canWrite={canIterate && !busyWith && (finished || Boolean(view.pendingInput))} running={revising?.missing ? revising.artifactPath : null} failed={failedWrites(view)} onWrite={writeMissing} />}

      {/* The person's turn comes first on every width, whichever tab is open. */}
      {view.pendingInput && (
        <InputPanel
          key={view.pendingInput.requestId}
          partyId={id}
          ref={question}
          request={view.pendingInput}
          readOnly={readOnly || replay.active}
          readOnlyReason={replay.active ? "Replay: this is what the team asked at this point." : undefined}
          focusOnArrival
        />
      )}

      <PhaseTimeline ref={timeline} phases={view.phases} mode={view.mode ?? summary.mode} currentPhase={view.currentPhase} abandoned={view.abandonedPhases} />

      <div role="tablist" aria-label="Party views" className="flex gap-1 border-b border-slate-200">
        {(["live", "artifacts"] as const).map((t) => (
          <button
            key={t}
            ref={(el) => {
              tabRefs.current[t] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${t}`}
            aria-selected={tab === t}
            aria-controls={`panel-${t}`}
            tabIndex={tab === t ? 0 : -1}
            onClick={() => selectTab(t)}
            onKeyDown={onTabKey}
            data-testid={`tab-${t}`}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium transition ${tab === t ? "border-indigo-600 text-indigo-700" : "border-transparent text-slate-600 hover:text-slate-900"}`}
          >
            {t === "live" ? "Live" : `Artifacts${artifactsCount ? ` (${artifactsCount})` : ""}`}
          </button>
        ))}
      </div>

      <div role="tabpanel" id="panel-live" aria-labelledby="tab-live" hidden={tab !== "live"}>
        <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="min-w-0 space-y-4">
            <MessageFeed ref={feed} view={view} onOpenArtifact={openArtifact} />
            {!readOnly && !replay.active && view.mode !== null && <RoomComposer partyId={id} view={view} open={view.status !== "cancelled" && view.status !== "failed"} roomOpen={roomOpen(view)} onSent={follow} />}
          </div>
          <aside className="min-w-0 space-y-4" aria-label="Party details">
            <TeamCards agents={team} phaseName={phase?.name ?? null} finished={isFinished(view.status)} waiting={Boolean(view.pendingInput)} builtinModel={Object.values(view.agents).some((a) => a.model === "offline")} />
            <BudgetGauge phase={phase} />
            <NotesPanel notes={notes} />
            <NextSteps blocks={view.nextSteps} onAction={replay.active ? undefined : onNextStep} />
            <UsagePanel view={view} tokensUsed={replay.active ? null : summary.tokensUsed} />
          </aside>
        </div>
      </div>
      <div role="tabpanel" id="panel-artifacts" aria-labelledby="tab-artifacts" hidden={tab !== "artifacts"}>
        {tab === "artifacts" && (
          <ArtifactsView
            view={view}
            partyId={id}
            watch={watch}
            selected={artifact}
            onSelect={setArtifact}
            draft={reviseDraft}
            onDraft={setReviseDraft}
            revision={{
              allowed: canIterate,
              teamWorking: status === "in_progress" && !view.pendingInput,
              busy: busyWith,
              running: revising,
              onStarted: () => follow(),
            }}
            critique={{
              allowed: !readOnly && !replay.active && status !== "failed" && status !== "cancelled",
              teamWorking: status === "in_progress" || status === "pending",
              running: critique.running,
              onStarted: onCritiqueStarted,
            }}
          />
        )}
      </div>
    </div>
  );
}

/** The reason of the latest failed first writing of each missing path. */
function failedWrites(view: PartyView): Record<string, string> {
  const out: Record<string, string> = {};
  for (const id of view.revisionOrder) {
    const r = view.revisions[id];
    if (r?.missing && r.status === "failed") out[r.artifactPath] = r.reason ?? "no reason given";
    else if (r?.missing) delete out[r.artifactPath];
  }
  return out;
}
