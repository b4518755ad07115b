"use client";
// Speak to the team: a remark to the whole phase team or to one agent while a phase
// debates, answered in the agents' next turns; at any other time (between phases, in
// classic mode, after the party) it is carried to the next agents or into a revision, and
// the answer says where it went. Enter sends, Shift+Enter starts a new line. Closed only
// when the party was cancelled or failed.
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { hasModifier, isTypingTarget } from "../../kickoff/keyboard";
import { ApiError, sendRoomMessage } from "../../api/client";
import { agentDisplay } from "../view/agent-display";
import type { PartyView } from "../view/types";
import { MAX_MESSAGE_CHARS } from "@/lib/vocabulary/input-rules";


/** `onSent`: the remark was taken. After the party its revision and reply are still to come, so the page keeps listening for them. */
export function RoomComposer({ partyId, view, open, roomOpen, onSent }: { partyId: string; view: PartyView; open: boolean; roomOpen: boolean; onSent?: () => void }) {
  const uid = useId();
  const [text, setText] = useState("");
  const [to, setTo] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const box = useRef<HTMLTextAreaElement>(null);

  // C (outside a text field) goes to this box to ask for a change — unless a pending
  // question has a [C] option of its own, which that key picks instead (its option group
  // listens on the window too, and may hear the key after this box does).
  const questionTakesC = Boolean(view.pendingInput?.options.some((o) => o.key.toLowerCase() === "c"));
  useEffect(() => {
    if (!open || questionTakesC) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key.toLowerCase() !== "c" || hasModifier(e) || isTypingTarget(e.target) || e.defaultPrevented) return;
      e.preventDefault();
      box.current?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open, questionTakesC]);
  const phase = view.phases.find((p) => p.number === view.currentPhase) ?? null;
  const agents = roomOpen ? (phase?.agents ?? []).filter((a) => view.agents[a]?.status !== "failed") : [];
  // A chosen agent who left the room (shut down, a new phase) falls back to everyone.
  const target = to && agents.includes(to) ? to : "";

  const send = async () => {
    if (sending.current) return;
    const body = text.trim();
    if (!body) {
      setError("Write a message first.");
      return;
    }
    if (body.length > MAX_MESSAGE_CHARS) {
      setError(`At most ${MAX_MESSAGE_CHARS.toLocaleString("en-US")} characters (now ${body.length}).`);
      return;
    }
    sending.current = true;
    setBusy(true);
    setError(null);
    try {
      const r = await sendRoomMessage(partyId, target ? { text: body, to: target } : { text: body });
      setText("");
      setSent(r.delivery);
      onSent?.();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : "Could not send the message. Please try again.");
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void send();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };

  if (!open) {
    return (
      <p data-testid="room-closed" className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-3 text-sm text-slate-600">
        {view.status === "cancelled"
          ? "This party was cancelled, so nobody works on it any more. Start a new kickoff to go on."
          : "This party stopped on an error, so nobody works on it any more. Start a new kickoff to go on."}
      </p>
    );
  }

  return (
    <form onSubmit={onSubmit} data-testid="room-composer" aria-labelledby={`${uid}-h`} className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
      <h2 id={`${uid}-h`} className="sr-only">
        Speak to the team
      </h2>
      <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
        {roomOpen ? (
          <>
            <label htmlFor={`${uid}-to`}>To</label>
            <select
              id={`${uid}-to`}
              value={target}
              onChange={(e) => setTo(e.target.value)}
              data-testid="room-to"
              className="min-w-0 max-w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-xs text-slate-800"
            >
              <option value="">Everyone in {phase?.name ?? "this phase"}</option>
              {agents.map((a) => (
                <option key={a} value={a}>
                  {agentDisplay(view, a).name}
                </option>
              ))}
            </select>
          </>
        ) : (
          <span data-testid="room-to-team" className="min-w-0">
            To the team: {view.status === "completed" ? "your remark revises the documents it concerns" : "the next agents answer it first"}
          </span>
        )}
        <span className="ml-auto hidden sm:inline">C to write here · Enter sends · Shift+Enter for a new line</span>
      </div>
      <div className="mt-2 flex items-end gap-2">
        <label htmlFor={`${uid}-text`} className="sr-only">
          Your message
        </label>
        <textarea
          ref={box}
          id={`${uid}-text`}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(null);
            if (sent) setSent(null);
          }}
          onKeyDown={onKeyDown}
          rows={2}
          maxLength={MAX_MESSAGE_CHARS + 200}
          placeholder={view.status === "completed" ? "Tell the team what to change or add…" : "Ask a question, push back, add a constraint…"}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${uid}-err` : undefined}
          data-testid="room-text"
          className="min-h-[2.75rem] flex-1 resize-y rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200"
        />
        <button
          type="submit"
          disabled={busy}
          data-testid="room-send"
          className="rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-700 disabled:cursor-wait disabled:opacity-60"
        >
          {busy ? "Sending…" : "Send"}
        </button>
      </div>
      <p role="status" className="mt-1 min-h-4 text-xs">
        {error ? (
          <span id={`${uid}-err`} className="text-rose-700" data-testid="room-error">
            {error}
          </span>
        ) : sent ? (
          <span className="text-emerald-700">{sent}</span>
        ) : null}
      </p>
    </form>
  );
}
