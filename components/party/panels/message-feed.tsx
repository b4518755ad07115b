"use client";
// The live conversation: every agent message streaming in token by token, plus phase
// markers, notes and the questions put to the person, in log order.
import { memo, useCallback, useImperativeHandle, useRef, useState, type Ref } from "react";
import { Markdown } from "../../markdown/markdown";
import { Avatar } from "../../ui/avatar";
import { CritiqueSummaryLine } from "../artifacts/critique-rounds";
import { useFollowEnd } from "../hooks/use-follow-end";
import { agentDisplay } from "../view/agent-display";
import type { FeedItem, InputRecord, MessageView, NoteView, PartyView } from "../view/types";
import { ORCHESTRATOR, PERSON, phaseTag } from "@/lib/vocabulary";

const LABEL_TONES: Array<[RegExp, string]> = [
  [/QUESTION/, "bg-sky-100 text-sky-800"],
  [/INTERPRETATION|USER RESPONSE/, "bg-cyan-100 text-cyan-800"],
  [/PROPOSAL/, "bg-violet-100 text-violet-800"],
  [/SECURITY/, "bg-rose-100 text-rose-800"],
  [/OPS/, "bg-orange-100 text-orange-800"],
  [/FINAL|FINALIZED|AGREE|APPROVED/, "bg-emerald-100 text-emerald-800"],
  [/DISSENT|RETRY|CONCLUDED/, "bg-amber-100 text-amber-800"],
  [/REVIEW|SUMMARY/, "bg-indigo-100 text-indigo-800"],
  [/SHUTDOWN/, "bg-slate-200 text-slate-700"],
];

/** Finished messages longer than this fold to a preview with "Show more". */
const LONG_MESSAGE_CHARS = 1500;

function labelTone(label: string): string {
  return LABEL_TONES.find(([re]) => re.test(label))?.[1] ?? "bg-slate-100 text-slate-700";
}

function clock(at: string | null): string {
  if (!at) return "";
  const d = new Date(at);
  return Number.isNaN(d.getTime()) ? "" : d.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit", second: "2-digit" });
}

/** Keeps each message's element by its id (null: it left the page), so the feed can scroll to one. */
type Track = (messageId: string, el: HTMLLIElement | null) => void;

export interface MessageFeedHandle {
  /** Brings a message into view, when it is on the page (not filtered out). */
  scrollToMessage(messageId: string): void;
}

interface MessageItemProps {
  m: MessageView;
  track: Track;
  sender: string;
  senderTitle: string;
  recipient: string;
}

const MessageItem = memo(function MessageItem({ m, sender, senderTitle, recipient, track }: MessageItemProps) {
  const [open, setOpen] = useState(false);
  if (m.status === "discarded") {
    return (
      <li ref={(el) => track(m.messageId, el)} data-testid="message" data-message-id={m.messageId} data-status="discarded" data-sender={m.sender} className="px-1 text-xs italic text-slate-500">
        {sender}&apos;s message was withdrawn{m.discardReason ? ` (${m.discardReason})` : ""}.
      </li>
    );
  }
  const streaming = m.status === "streaming";
  const shutdown = m.type === "shutdown_request";
  // A long finished message shows a preview; its whole text stays in the page (search, copy).
  const long = !streaming && m.text.length > LONG_MESSAGE_CHARS;
  const folded = long && !open;
  return (
    <li
      ref={(el) => track(m.messageId, el)}
      data-testid="message"
      data-message-id={m.messageId}
      data-sender={m.sender}
      data-label={m.label}
      data-status={m.status}
      data-phase={m.phase}
      data-text-length={m.text.length}
      data-recipient={m.recipient ?? ""}
      data-reply-to={m.replyTo?.join(" ") || undefined}
      className="flex gap-3"
    >
      <Avatar id={m.sender} name={sender} size="sm" />
      <article
        aria-busy={streaming}
        aria-label={`${sender} to ${recipient}: ${m.label}`}
        // A shutdown request reads as secondary through its dashed frame, not by fading the text.
        className={`min-w-0 flex-1 rounded-xl border px-3 py-2 ${shutdown ? "border-dashed border-slate-300 bg-slate-50" : "border-slate-200 bg-white shadow-sm"}`}
      >
        <header className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <span className="font-semibold text-slate-900" title={senderTitle || undefined}>
            {sender}
          </span>
          <span aria-hidden className="text-slate-500">
            →
          </span>
          <span className="sr-only">to</span>
          <span className="text-slate-700" data-testid="message-recipient">
            {recipient}
          </span>
          <span className={`rounded px-1.5 py-0.5 font-mono text-[10px] font-semibold tracking-wide ${labelTone(m.label)}`} data-testid="message-label">
            {m.label}
          </span>
          <span className="ml-auto text-xs tabular-nums text-slate-500">{clock(m.at)}</span>
        </header>
        <div
          id={`msg-${m.messageId}`}
          className={`relative mt-1 text-sm text-slate-800 ${folded ? "max-h-60 overflow-hidden" : ""}`}
          data-testid="message-text"
          data-folded={long ? String(folded) : undefined}
        >
          {m.text ? (
            <Markdown softBreaks className={streaming ? "md-streaming" : undefined}>
              {m.text}
            </Markdown>
          ) : streaming ? (
            <span className="inline-flex items-center gap-1 text-slate-500">
              <span className="typing-dot" />
              <span className="typing-dot [animation-delay:150ms]" />
              <span className="typing-dot [animation-delay:300ms]" />
              <span className="sr-only">{sender} is thinking</span>
            </span>
          ) : null}
          {folded && <div aria-hidden className="pointer-events-none absolute inset-x-0 bottom-0 h-12 bg-gradient-to-t from-white" />}
        </div>
        {long && (
          <button
            type="button"
            onClick={() => setOpen((o) => !o)}
            aria-expanded={!folded}
            aria-controls={`msg-${m.messageId}`}
            data-testid="message-fold"
            className="mt-1 text-xs font-medium text-indigo-700 hover:underline"
          >
            {folded ? "Show more" : "Show less"}
          </button>
        )}
      </article>
    </li>
  );
});

const NOTE_STYLES: Record<NoteView["kind"], string> = {
  degradation: "border-amber-300 bg-amber-50 text-amber-900",
  warning: "border-amber-300 bg-amber-50 text-amber-900",
  failure: "border-rose-200 bg-rose-50 text-rose-800",
  info: "border-sky-200 bg-sky-50 text-sky-900",
  status: "border-slate-200 bg-slate-50 text-slate-700",
};

export function NoteLine({ note }: { note: NoteView }) {
  return (
    <div data-testid="note" data-kind={note.kind} className={`whitespace-pre-wrap rounded-lg border px-3 py-2 font-mono text-xs ${NOTE_STYLES[note.kind]}`}>
      {note.text}
    </div>
  );
}

function InputLine({ rec }: { rec: InputRecord }) {
  // The walkthrough review's text is its per-step choices (JSON): each step's outcome follows as its own line.
  const text = rec.kind === "walkthrough" && rec.text?.trimStart().startsWith("{") ? null : rec.text;
  return (
    <div data-testid="feed-input" data-request-id={rec.requestId} data-answered={rec.answered} className="rounded-lg border border-dashed border-indigo-300 bg-indigo-50/50 px-3 py-2 text-sm">
      <div className="font-medium text-indigo-900">
        <span aria-hidden className="mr-1 inline-grid size-4 place-items-center rounded-full bg-indigo-600 text-[10px] font-bold text-white">
          ?
        </span>
        {rec.answered ? "Answered" : "Waiting for an answer"}: {rec.title}
      </div>
      {rec.answered && (rec.selection || text) && (
        <div className="mt-1 text-slate-700">
          {rec.selection && (
            <span className="mr-2 font-mono text-xs">
              [{rec.selection}]{rec.selectionLabel ? ` ${rec.selectionLabel}` : ""}
            </span>
          )}
          {text && <span className="whitespace-pre-wrap break-words">“{text.length > 400 ? `${text.slice(0, 400)}…` : text}”</span>}
        </div>
      )}
    </div>
  );
}

/** What the person said into the room: their own bubble, on the other side. */
function PersonBubble({ m, recipient, view, track }: { m: MessageView; recipient: string; view: PartyView; track: Track }) {
  return (
    <li ref={(el) => track(m.messageId, el)} data-testid="message" data-message-id={m.messageId} data-sender={m.sender} data-label={m.label} data-status={m.status} data-phase={m.phase} className="flex justify-end">
      <article aria-label={`You to ${recipient}`} className="max-w-[85%] min-w-0 rounded-xl rounded-tr-sm border border-indigo-200 bg-indigo-50 px-3 py-2">
        <header className="flex flex-wrap items-center gap-x-2 text-xs text-indigo-900">
          <span className="font-semibold">You</span>
          <span aria-hidden>→</span>
          <span className="sr-only">to</span>
          <span data-testid="message-recipient">{recipient}</span>
          <span className="ml-auto tabular-nums text-indigo-800/80">{clock(m.at)}</span>
        </header>
        <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-900" data-testid="message-text">
          {m.text}
        </p>
        {m.carried && m.carried.where !== "room" && (
          <p className="mt-1 text-xs text-indigo-900" data-testid="message-carried" data-where={m.carried.where}>
            {carriedLine(view, m.carried)}
          </p>
        )}
      </article>
    </li>
  );
}

/** Where a remark went, when it did not go into a debating phase's room. */
function carriedLine(view: PartyView, c: NonNullable<MessageView["carried"]>): string {
  if (c.where === "next-phase") return `Goes to ${c.phase !== undefined ? (view.phases.find((p) => p.number === c.phase)?.name ?? "the next phase") : "the next phase"}'s agents, who answer it first.`;
  const titles = (c.artifactPaths ?? []).map((p) => view.artifacts[p]?.title ?? p);
  return titles.length ? `Becomes a revision of ${titles.join(" and ")}.` : "Becomes a revision of the documents it concerns.";
}

function recipientName(view: PartyView, m: MessageView): string {
  if (m.type === "work") return "working";
  if (!m.recipient || m.type === "broadcast") return m.sender === PERSON ? "everyone" : "all";
  if (m.recipient === ORCHESTRATOR) return "Orchestrator";
  return agentDisplay(view, m.recipient).name;
}

function FeedEntry({ item, view, onOpenArtifact, track }: { item: FeedItem; view: PartyView; onOpenArtifact?: (path: string) => void; track: Track }) {
  switch (item.kind) {
    case "message": {
      const m = view.messages[item.id];
      if (!m) return null;
      if (m.sender === PERSON) return <PersonBubble m={m} recipient={recipientName(view, m)} view={view} track={track} />;
      const s = agentDisplay(view, m.sender);
      return <MessageItem m={m} sender={s.name} senderTitle={s.title} recipient={recipientName(view, m)} track={track} />;
    }
    case "note": {
      const n = view.notes[item.id];
      return n ? (
        <li>
          <NoteLine note={n} />
        </li>
      ) : null;
    }
    case "phase":
      return (
        <li data-testid="feed-phase" className="flex items-center gap-3 py-1 text-xs font-medium uppercase tracking-wide text-slate-500">
          <span className="h-px flex-1 bg-slate-200" aria-hidden />
          {phaseTag(view.mode, item.phase)} · {item.name} · {item.event === "start" ? "started" : item.status === "completed" ? "completed" : item.status}
          <span className="h-px flex-1 bg-slate-200" aria-hidden />
        </li>
      );
    case "input": {
      const rec = view.inputs[item.id];
      return rec ? (
        <li>
          <InputLine rec={rec} />
        </li>
      ) : null;
    }
    case "critique": {
      const round = view.critiques[item.id];
      return round ? (
        <li>
          <CritiqueSummaryLine round={round} onOpen={onOpenArtifact && view.artifacts[round.artifactPath] ? onOpenArtifact : undefined} />
        </li>
      ) : null;
    }
  }
}

export function MessageFeed({ view, onOpenArtifact, ref }: { view: PartyView; onOpenArtifact?: (path: string) => void; ref?: Ref<MessageFeedHandle> }) {
  // The page is the one scroll (no scroll box here): see useFollowEnd.
  const [phaseFilter, setPhaseFilter] = useState<number | "all">("all");
  const nodes = useRef(new Map<string, HTMLLIElement>());
  // Stable, so the memoised messages do not render again for it.
  const track = useCallback<Track>((id, el) => {
    if (el) nodes.current.set(id, el);
    else nodes.current.delete(id);
  }, []);
  useImperativeHandle(ref, () => ({ scrollToMessage: (id) => nodes.current.get(id)?.scrollIntoView({ behavior: "smooth", block: "center" }) }), []);

  const { end, showJump, jump } = useFollowEnd(view);

  const items = phaseFilter === "all" ? view.feed : view.feed.filter((f) => feedPhase(view, f) === phaseFilter);
  const count = Object.values(view.messages).filter((m) => m.status !== "discarded").length;

  return (
    <section aria-labelledby="feed-heading" className="flex min-h-0 flex-col rounded-xl border border-slate-200 bg-slate-50/60 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 bg-white px-4 py-2.5">
        <h2 id="feed-heading" className="text-sm font-semibold text-slate-800">
          Conversation <span className="font-normal text-slate-500">({count} messages)</span>
        </h2>
        {view.phases.length > 0 && (
          <label className="flex items-center gap-2 text-xs text-slate-600">
            Show
            <select
              value={String(phaseFilter)}
              onChange={(e) => setPhaseFilter(e.target.value === "all" ? "all" : Number(e.target.value))}
              className="rounded-md border border-slate-300 bg-white px-2 py-1 text-xs"
            >
              <option value="all">All phases</option>
              {view.phases.map((p) => (
                <option key={p.number} value={p.number}>
                  {phaseTag(view.mode, p.number)} {p.name}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <div className="px-3 py-3 sm:px-4" data-testid="feed-body">
        {items.length === 0 ? (
          <p className="py-10 text-center text-sm text-slate-500">Messages appear here as the team talks.</p>
        ) : (
          // The live region wraps the list: role="log" on the <ol> itself would take away its list semantics.
          <div role="log" aria-live="polite" aria-relevant="additions">
            <ol data-testid="message-feed" className="space-y-3">
              {foldLifecycle(view, items).map((g) =>
                g.kind === "item" ? (
                  <FeedEntry key={`${g.item.kind}:${g.item.id}`} item={g.item} view={view} onOpenArtifact={onOpenArtifact} track={track} />
                ) : (
                  <li key={`shutdown:${g.items[0].id}`} data-testid="feed-shutdowns">
                    <details className="text-xs text-slate-600">
                      <summary className="cursor-pointer">
                        The orchestrator thanked and shut down {g.names.join(", ")}
                      </summary>
                      <ol className="mt-2 space-y-3">
                        {g.items.map((item) => (
                          <FeedEntry key={`${item.kind}:${item.id}`} item={item} view={view} onOpenArtifact={onOpenArtifact} track={track} />
                        ))}
                      </ol>
                    </details>
                  </li>
                ),
              )}
            </ol>
          </div>
        )}
      </div>
      <div ref={end} aria-hidden data-testid="feed-end" className="h-px" />
      {showJump && (
        // Sticky at the window's bottom edge but inside the conversation's own box: it can
        // only ever cover conversation, never the person's turn (the question above the
        // feed, the room box below it), on any width. Zero height in the flow (-mt-10 h-10).
        <div className="pointer-events-none sticky bottom-4 z-30 -mt-10 flex h-10 justify-center" data-testid="jump-to-latest-dock">
          <button
            type="button"
            // A click scrolls without taking the focus from where the person is (an
            // answer field, a question that just arrived); the keyboard still reaches it.
            onMouseDown={(e) => e.preventDefault()}
            onClick={jump}
            data-testid="jump-to-latest"
            className="pointer-events-auto rounded-full bg-indigo-600 px-4 py-2 text-sm font-medium text-white shadow-lg hover:bg-indigo-700"
          >
            Jump to latest ↓
          </button>
        </div>
      )}
    </section>
  );
}

function feedPhase(view: PartyView, f: FeedItem): number | null {
  switch (f.kind) {
    case "message":
      return view.messages[f.id]?.phase ?? null;
    case "note":
      return view.notes[f.id]?.phase ?? null;
    case "phase":
      return f.phase;
    case "input":
      return null;
    case "critique":
      return view.critiques[f.id]?.phase ?? null;
  }
}

type FeedGroup = { kind: "item"; item: FeedItem } | { kind: "shutdowns"; items: FeedItem[]; names: string[] };

/** Lifecycle noise: a phase's run of shutdown requests reads as one line (expandable). */
function foldLifecycle(view: PartyView, items: FeedItem[]): FeedGroup[] {
  const out: FeedGroup[] = [];
  for (const item of items) {
    const m = item.kind === "message" ? view.messages[item.id] : undefined;
    if (m?.type === "shutdown_request" && m.status === "done") {
      const last = out.at(-1);
      const name = m.recipient ? agentDisplay(view, m.recipient).name : "the team";
      if (last?.kind === "shutdowns") {
        last.items.push(item);
        last.names.push(name);
      } else out.push({ kind: "shutdowns", items: [item], names: [name] });
    } else out.push({ kind: "item", item });
  }
  return out;
}
