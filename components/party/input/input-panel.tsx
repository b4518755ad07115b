"use client";
// The pending question to the person, for every input kind. One answer is sent at most
// once: the button locks on the first click, a second submit is ignored, and the panel
// stays locked until the input-response event retires the request.
import { useCallback, useEffect, useId, useRef, useState } from "react";
import type { InputRequestData } from "@/lib/party/events";
import { ApiError, submitInput, type Mode } from "../../api/client";
import { ModeMenu } from "../../kickoff/mode-menu";
import { textRequired, textVisible } from "./details";
import { InputDetails } from "./input-details";
import { OptionGroup } from "./option-group";

const TEXT_MAX = 8000;

const TEXT_LABELS: Record<string, string> = {
  vision_questions: "Your answers",
  stack_approval: "What would you like to change?",
  constitution_review: "Which article, and what change?",
};

export interface InputPanelProps {
  partyId: string;
  request: InputRequestData;
  /** Watchers and replays see the question but cannot answer. */
  readOnly: boolean;
  readOnlyReason?: string;
  /**
   * The person answered an earlier question in this page: when this one arrives and focus
   * is nowhere (it was on the panel that just went away), it moves here, so a keyboard
   * user goes on from the question instead of from the top of the page.
   */
  focusOnArrival?: boolean;
  /** Called once the server has accepted this panel's answer. */
  onAnswered?: () => void;
}

type Phase = "editing" | "sending" | "sent" | "stale";

export function InputPanel({ partyId, request, readOnly, readOnlyReason, focusOnArrival = false, onAnswered }: InputPanelProps) {
  const uid = useId();
  const panel = useRef<HTMLElement>(null);
  const sending = useRef(false);
  const [selection, setSelection] = useState<string | null>(null);
  const [text, setText] = useState("");
  const [phase, setPhase] = useState<Phase>("editing");
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});

  const { kind, options, allowsText } = request;
  const showText = textVisible(kind, options, allowsText, selection);
  const needText = textRequired(kind, options, allowsText, selection);
  const locked = readOnly || phase !== "editing";

  const submit = useCallback(async () => {
    if (readOnly || sending.current) return;
    const local: Record<string, string> = {};
    if (options.length > 0 && !selection) local.selection = "Choose one of the options.";
    if (needText && !text.trim()) local.text = kind === "vision_questions" ? "Write your answers to the team's questions." : "Describe the change you want.";
    if (text.length > TEXT_MAX) local.text = `At most ${TEXT_MAX} characters.`;
    setFields(local);
    setError(null);
    if (Object.keys(local).length) {
      const first = local.selection ? document.querySelector<HTMLInputElement>(`[data-request-id="${request.requestId}"] input[type=radio]`) : document.getElementById(`${uid}-text`);
      first?.focus();
      return;
    }
    sending.current = true;
    setPhase("sending");
    try {
      await submitInput(partyId, {
        requestId: request.requestId,
        ...(selection ? { selection } : {}),
        ...(showText && text.trim() ? { text: text.trim() } : {}),
      });
      setPhase("sent");
      onAnswered?.();
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) {
        setError(e.message || "This question was already answered.");
        setPhase("stale");
        return;
      }
      sending.current = false;
      setPhase("editing");
      if (e instanceof ApiError) {
        setError(e.message);
        setFields(e.fields);
      } else {
        setError("Your answer could not be sent. Please try again.");
      }
    }
  }, [readOnly, options.length, selection, needText, text, kind, partyId, request.requestId, showText, uid, onAnswered]);

  useEffect(() => {
    if (!focusOnArrival || readOnly) return;
    const active = document.activeElement;
    // Never take focus from where the person is; no scrolling either (the panel is where
    // the last one was).
    if (!active || active === document.body) panel.current?.focus({ preventScroll: true });
  }, [focusOnArrival, readOnly]);

  const modeValue: Mode | null = selection === "1" ? "party" : selection === "2" ? "classic" : null;

  return (
    <section
      ref={panel}
      tabIndex={-1}
      aria-labelledby={`${uid}-title`}
      data-testid="input-panel"
      data-kind={kind}
      data-request-id={request.requestId}
      data-state={readOnly ? "readonly" : phase}
      className="rounded-xl border-2 border-indigo-300 bg-white p-4 shadow-md sm:p-5"
    >
      <p className="sr-only" role="status">
        The team is asking you: {request.title}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${uid}-title`} className="font-mono text-sm font-bold uppercase tracking-wide text-indigo-900">
          {request.title}
        </h2>
        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">{readOnly ? "Waiting for the owner" : "Your turn"}</span>
      </div>

      <form
        noValidate
        className="mt-3 space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        onKeyDown={(e) => {
          // Enter on a chosen option sends it, as in a terminal menu.
          if (e.key === "Enter" && e.target instanceof HTMLInputElement && e.target.type === "radio") {
            e.preventDefault();
            void submit();
          }
        }}
      >
        <InputDetails kind={kind} body={request.body} details={request.details} />

        {readOnly ? (
          <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-600" data-testid="input-readonly">
            {readOnlyReason ?? "You are watching: only the party's owner can answer."}
            {options.length > 0 && (
              <span className="mt-1 block font-mono text-xs">
                {options.map((o) => `[${o.key}] ${o.label}`).join("   ")}
              </span>
            )}
          </p>
        ) : (
          <>
            {kind === "mode" ? (
              <ModeMenu
                value={modeValue}
                onChange={(m) => setSelection(m === "party" ? "1" : "2")}
                disabled={locked}
                globalShortcuts
                onSubmit={() => void submit()}
              />
            ) : (
              options.length > 0 && (
                <OptionGroup legend="Your choice" options={options} value={selection} onChange={setSelection} disabled={locked} error={fields.selection} />
              )
            )}
            {kind === "mode" && fields.selection && (
              <p className="text-sm text-rose-700" data-testid="selection-error">
                {fields.selection}
              </p>
            )}

            {showText && (
              <div>
                <div className="flex items-baseline justify-between gap-2">
                  <label htmlFor={`${uid}-text`} className="text-sm font-medium text-slate-800">
                    {TEXT_LABELS[kind] ?? "Anything to add?"} {!needText && <span className="font-normal text-slate-500">(optional)</span>}
                  </label>
                  <span className="text-xs tabular-nums text-slate-500">
                    {text.length.toLocaleString("en-US")} / {TEXT_MAX.toLocaleString("en-US")}
                  </span>
                </div>
                <textarea
                  id={`${uid}-text`}
                  data-testid="input-text"
                  rows={kind === "vision_questions" ? 7 : 3}
                  value={text}
                  maxLength={TEXT_MAX}
                  disabled={locked}
                  onChange={(e) => setText(e.target.value)}
                  onKeyDown={(e) => {
                    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
                      e.preventDefault();
                      void submit();
                    }
                  }}
                  aria-invalid={Boolean(fields.text)}
                  aria-describedby={`${uid}-text-hint${fields.text ? ` ${uid}-text-error` : ""}`}
                  className="mt-1 block w-full resize-y rounded-lg border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-indigo-500 disabled:bg-slate-100"
                />
                <p id={`${uid}-text-hint`} className="mt-1 text-xs text-slate-500">
                  Ctrl+Enter sends.
                </p>
                {fields.text && (
                  <p id={`${uid}-text-error`} className="mt-1 text-sm text-rose-700" data-testid="text-error">
                    {fields.text}
                  </p>
                )}
              </div>
            )}

            {error && (
              <div role="alert" data-testid="input-error" className="rounded-lg border border-rose-200 bg-rose-50 px-3 py-2 text-sm text-rose-800">
                {error}
              </div>
            )}

            <div className="flex flex-wrap items-center gap-3">
              <button
                type="submit"
                disabled={locked}
                data-testid="input-submit"
                className="inline-flex items-center gap-2 rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-700 disabled:cursor-not-allowed disabled:opacity-60"
              >
                {phase === "sending" && <span aria-hidden className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />}
                {phase === "sending" ? "Sending…" : phase === "sent" ? "Sent" : "Send answer"}
              </button>
              <span role="status" className="text-sm text-slate-600" data-testid="input-status">
                {phase === "sent" ? "Sent — the team is picking it up…" : ""}
              </span>
            </div>
          </>
        )}
      </form>
    </section>
  );
}
