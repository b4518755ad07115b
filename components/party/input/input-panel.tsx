"use client";
// The pending question to the person, for every input kind. One answer is sent at most
// once: the button locks on the first click, a second submit is ignored, and the panel
// stays locked until the input-response event retires the request. A new request takes
// the focus to its first field when focus is nowhere else; a field's error goes as soon as
// the field is fixed.
import { useCallback, useEffect, useId, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, type Ref } from "react";
import type { InputRequestData } from "@/lib/wire/events";
import { MAX_ANSWER_CHARS, textRequired } from "@/lib/vocabulary/input-rules";
import { encodeWalkthroughAnswer, ITERATION_DEFAULTS, recommendedChoices, WALKTHROUGH_CONFIRM, WALKTHROUGH_KEYS, type Mode, type WalkthroughChoices } from "@/lib/vocabulary";
import { ApiError, sendRoomMessage, submitInput } from "../../api/client";
import { ModeMenu } from "../../kickoff/mode-menu";
import { ErrorBanner, SubmitButton } from "../../ui/form-actions";
import { composeAnswers } from "./compose-answers";
import { followUpQuestions, questionGroups, reviewSteps, textVisible } from "./details";
import { FollowUpFields } from "./follow-up-fields";
import { InputDetails } from "./input-details";
import { OptionGroup } from "./option-group";
import { QuestionFields, questionFieldId } from "./question-fields";
import { limitProblems, WalkthroughReview, type LimitDrafts } from "./walkthrough-review";

const TEXT_MAX = MAX_ANSWER_CHARS;

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
   * Move focus to the first field when this request arrives, so a keyboard user goes on
   * from the question instead of from the top of the page. Never taken from a field the
   * person is typing in.
   */
  focusOnArrival?: boolean;
  /** Called once the server has accepted this panel's answer. */
  onAnswered?: () => void;
  /** What the dashboard may ask of the panel (the phase bar's "go to the question", a next step's "continue"). */
  ref?: Ref<InputPanelHandle>;
}

export interface InputPanelHandle {
  /** Focus the first field (the chosen option, else the first one), else the panel itself. */
  focusFirstField(): void;
  scrollIntoView(): void;
}

function textProblem(kind: string, v: string, required: boolean): string | null {
  if (required && !v.trim()) return kind === "vision_questions" ? "Write your answers to the team's questions." : "Describe the change you want.";
  return v.length > TEXT_MAX ? `At most ${TEXT_MAX} characters.` : null;
}

type Phase = "editing" | "sending" | "sent" | "stale";

export function InputPanel({ partyId, request, readOnly, readOnlyReason, focusOnArrival = false, onAnswered, ref }: InputPanelProps) {
  const uid = useId();
  const panel = useRef<HTMLElement>(null);
  const focusFirstField = useCallback(() => {
    const first = panel.current?.querySelector<HTMLElement>("input:checked, input:not([type=hidden]), textarea, select");
    (first ?? panel.current)?.focus();
  }, []);
  useImperativeHandle(ref, () => ({ focusFirstField, scrollIntoView: () => panel.current?.scrollIntoView({ behavior: "smooth", block: "start" }) }), [focusFirstField]);
  const sending = useRef(false);
  const [selection, setSelection] = useState<string | null>(null);
  const [text, setText] = useState("");
  const [phase, setPhase] = useState<Phase>("editing");
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [answers, setAnswers] = useState<Record<number, string>>({});
  const [followUpAnswers, setFollowUpAnswers] = useState<Record<string, string>>({});
  const textBox = useRef<HTMLTextAreaElement>(null);
  const wantTextFocus = useRef(false);

  const { kind, options, allowsText } = request;
  // The Vision Council's questions get a field each (plus "Anything else") when their
  // details came with the request; otherwise the one text box answers them all.
  const groups = useMemo(() => (kind === "vision_questions" && allowsText ? questionGroups({ kind, details: request.details }) : null), [kind, allowsText, request.details]);
  const questions = useMemo(() => groups?.flatMap((g) => g.questions) ?? [], [groups]);
  const followUps = useMemo(() => followUpQuestions({ kind, details: request.details }), [kind, request.details]);
  // The walkthrough's review: every step on this one screen, its recommendation pre-selected.
  const review = useMemo(() => reviewSteps({ kind, details: request.details }), [kind, request.details]);
  const [choices, setChoices] = useState<WalkthroughChoices>(() => (review ? recommendedChoices(review) : {}));
  const iterationStep = review?.find((s) => s.step === "iteration");
  const [limits, setLimits] = useState<LimitDrafts>(() => {
    const d = iterationStep?.step === "iteration" ? iterationStep.defaults : ITERATION_DEFAULTS;
    return { implementation: String(d.implementation), testing: String(d.testing), circuit_breaker: String(d.circuit_breaker) };
  });
  const showText = !review && textVisible(kind, options, allowsText, selection);
  const needText = !groups && allowsText && textRequired({ kind, options }, selection);
  const locked = readOnly || phase !== "editing";

  const clearField = (key: string) => setFields((f) => (key in f ? Object.fromEntries(Object.entries(f).filter(([k]) => k !== key)) : f));

  const submit = useCallback(async () => {
    if (readOnly || sending.current) return;
    const local: Record<string, string> = {};
    let answer = showText ? text.trim() : "";
    let chosen = selection;
    if (review) {
      // One Confirm: the choices that differ from the recommendations travel as the answer's text.
      chosen = WALKTHROUGH_CONFIRM.key;
      const customize = choices.iteration?.choice === WALKTHROUGH_KEYS.iteration.customize && iterationStep?.step === "iteration";
      if (customize) Object.assign(local, limitProblems(limits, iterationStep.limits));
      const config = customize ? { implementation: Number(limits.implementation), testing: Number(limits.testing), circuit_breaker: Number(limits.circuit_breaker) } : null;
      answer = encodeWalkthroughAnswer(review, choices.iteration ? { ...choices, iteration: { ...choices.iteration, config } } : choices) ?? "";
    } else if (groups) {
      if (options.length > 0 && !selection) local.selection = "Choose one of the options.";
      const composed = composeAnswers(questions, answers, text);
      if (composed.ok) answer = composed.text;
      else local[composed.field] = composed.message;
    } else {
      if (options.length > 0 && !selection) local.selection = "Choose one of the options.";
      const p = textProblem(kind, text, needText);
      if (p) local.text = p;
    }
    setFields(local);
    setError(null);
    if (Object.keys(local).length) {
      if (review) {
        // The only local check is the iteration limits: `text.iteration.config.<name>` → that field.
        const name = Object.keys(local)[0].split(".").pop();
        document.getElementById(`${uid}-iteration-${name}`)?.focus();
        return;
      }
      const first = local.selection
        ? panel.current?.querySelector<HTMLInputElement>("input[type=radio]")
        : document.getElementById(local.answers && questions[0] ? questionFieldId(uid, questions[0].n) : `${uid}-text`);
      first?.focus();
      return;
    }
    sending.current = true;
    setPhase("sending");
    try {
      // The team's questions first: the answers are remarks naming them, read when the team goes on.
      for (const q of followUps) {
        const said = followUpAnswers[q.id]?.trim();
        if (said) await sendRoomMessage(partyId, { text: `About “${q.text}”: ${said}`, answers: q.id });
      }
      setFollowUpAnswers({});
      await submitInput(partyId, {
        requestId: request.requestId,
        ...(chosen ? { selection: chosen } : {}),
        ...(answer ? { text: answer } : {}),
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
  }, [readOnly, options.length, selection, needText, text, kind, groups, questions, answers, partyId, request.requestId, showText, uid, onAnswered, followUps, followUpAnswers, review, choices, limits, iterationStep]);

  useEffect(() => {
    if (!focusOnArrival || readOnly) return;
    const active = document.activeElement;
    // Never take focus from a field the person is typing in (the room box, another
    // answer); from a button or nothing, focus goes to the question, which brings it into
    // view: the party waits for it, wherever the person was reading.
    const typing = active instanceof HTMLElement && (active.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName));
    if (typing && !panel.current?.contains(active)) return;
    focusFirstField();
  }, [focusOnArrival, readOnly, focusFirstField]);

  // Pressing the key of a choice that asks for text ([C] change, …) goes on to its text box,
  // which appears with that choice.
  useLayoutEffect(() => {
    if (wantTextFocus.current && textBox.current) {
      wantTextFocus.current = false;
      textBox.current.focus();
    }
  });
  const onShortcut = (key: string): boolean => {
    if (!allowsText || !textRequired({ kind, options }, key)) return false;
    wantTextFocus.current = true;
    if (textBox.current) textBox.current.focus();
    return true;
  };
  const choose = (key: string) => {
    setSelection(key);
    clearField("selection");
    // A choice that no longer asks for text takes its text error with it.
    if (!allowsText || !textRequired({ kind, options }, key)) clearField("text");
  };

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
          // The review is confirmed by its button only: Enter in one of its many fields sends nothing.
          if (review && e.key === "Enter" && e.target instanceof HTMLInputElement) {
            e.preventDefault();
            return;
          }
          // Enter on a chosen option sends it, as in a terminal menu.
          if (e.key === "Enter" && e.target instanceof HTMLInputElement && e.target.type === "radio") {
            e.preventDefault();
            void submit();
          }
        }}
      >
        {review ? (
          <WalkthroughReview
            idPrefix={uid}
            steps={review}
            value={choices}
            onChange={(v) => {
              setChoices(v);
              setFields({});
            }}
            drafts={limits}
            onDrafts={(d) => {
              setLimits(d);
              setFields((f) => Object.fromEntries(Object.entries(f).filter(([k]) => !k.startsWith("text.iteration"))));
            }}
            disabled={locked}
            fields={fields}
          />
        ) : groups && !readOnly ? (
          <QuestionFields
            idPrefix={uid}
            groups={groups}
            answers={answers}
            onAnswer={(n, v) => {
              setAnswers((a) => ({ ...a, [n]: v }));
              if (v.trim()) clearField("answers");
            }}
            disabled={locked}
            error={fields.answers}
          />
        ) : (
          <InputDetails request={request} />
        )}

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
                onChange={(m) => choose(m === "party" ? "1" : "2")}
                disabled={locked}
                globalShortcuts
                onSubmit={() => void submit()}
              />
            ) : (
              options.length > 0 &&
              !review && (
                <OptionGroup legend="Your choice" options={options} value={selection} onChange={choose} disabled={locked} error={fields.selection} onShortcut={onShortcut} />
              )
            )}
            {kind === "mode" && fields.selection && (
              <p className="text-sm text-rose-700" data-testid="selection-error">
                {fields.selection}
              </p>
            )}

            {followUps.length > 0 && (
              <FollowUpFields idPrefix={`${uid}-fu`} questions={followUps} answers={followUpAnswers} onAnswer={(id, v) => setFollowUpAnswers((a) => ({ ...a, [id]: v }))} disabled={locked} />
            )}

            {showText && (
              <div>
                <div className="flex items-baseline justify-between gap-2">
                  <label htmlFor={`${uid}-text`} className="text-sm font-medium text-slate-800">
                    {groups ? "Anything else" : (TEXT_LABELS[kind] ?? "Anything to add?")} {!needText && <span className="font-normal text-slate-600">(optional)</span>}
                  </label>
                  <span className="text-xs tabular-nums text-slate-500">
                    {text.length.toLocaleString("en-US")} / {TEXT_MAX.toLocaleString("en-US")}
                  </span>
                </div>
                <textarea
                  id={`${uid}-text`}
                  data-testid="input-text"
                  ref={textBox}
                  rows={kind === "vision_questions" && !groups ? 7 : 3}
                  value={text}
                  maxLength={TEXT_MAX}
                  disabled={locked}
                  onChange={(e) => {
                    const v = e.target.value;
                    setText(v);
                    if (groups ? v.trim() : !textProblem(kind, v, needText)) {
                      clearField("text");
                      if (groups) clearField("answers");
                    }
                  }}
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

            <ErrorBanner message={error} testId="input-error" />

            <div className="flex flex-wrap items-center gap-3">
              {review ? (
                <SubmitButton testId="input-submit" busy={phase === "sending"} disabled={locked} label="Confirm" busyLabel="Confirming…" done={phase === "sent"} doneLabel="Confirmed" />
              ) : (
                <SubmitButton testId="input-submit" busy={phase === "sending"} disabled={locked} label="Send answer" busyLabel="Sending…" done={phase === "sent"} doneLabel="Sent" />
              )}
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
