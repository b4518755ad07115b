"use client";
// The walkthrough as one review screen: every step in order, each with what it means for
// the product, what it shows, its choices with the recommended one already selected, and
// what a choice needs (each command, planning tests, three limits) and its optional note.
// The input panel's one Confirm sends it all (encodeWalkthroughAnswer).
import { useState } from "react";
import { WALKTHROUGH_KEYS, WALKTHROUGH_NOTE_MAX, type IterationConfig, type WalkthroughChoices } from "@/lib/vocabulary";
import { RadioCard } from "../../ui/radio-card";
import type { WalkthroughReviewStep } from "./details";

export interface WalkthroughReviewProps {
  idPrefix: string;
  steps: WalkthroughReviewStep[];
  value: WalkthroughChoices;
  onChange: (v: WalkthroughChoices) => void;
  disabled: boolean;
  /** Field errors by the API's names (`text.iteration.config.testing`…). */
  fields: Record<string, string>;
  /** The three limits as typed (checked on Confirm). */
  drafts: LimitDrafts;
  onDrafts: (d: LimitDrafts) => void;
}

const LIMIT_LABELS: Record<keyof IterationConfig, string> = {
  implementation: "Implementation attempts",
  testing: "Testing attempts",
  circuit_breaker: "Identical failures before pausing",
};

/** The limits as typed: numbers, or the raw text while it is not one. */
export type LimitDrafts = Record<keyof IterationConfig, string>;

export function limitProblems(drafts: LimitDrafts, limits: IterationConfig): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of Object.keys(LIMIT_LABELS) as Array<keyof IterationConfig>) {
    const n = Number(drafts[k]);
    if (!drafts[k].trim() || !Number.isInteger(n) || n < 1 || n > limits[k]) out[`text.iteration.config.${k}`] = `A whole number from 1 to ${limits[k]}.`;
  }
  return out;
}

function Err({ id, text }: { id: string; text?: string }) {
  if (!text) return null;
  return (
    <p id={id} className="mt-1 text-sm text-rose-700" data-testid="review-error">
      {text}
    </p>
  );
}

export function WalkthroughReview({ idPrefix, steps, value, onChange, disabled, fields, drafts, onDrafts }: WalkthroughReviewProps) {
  const K = WALKTHROUGH_KEYS;
  // Notes fold away until asked for; one with text (or an error) stays open.
  const [openNotes, setOpenNotes] = useState<Record<string, boolean>>({});
  const set = <S extends keyof WalkthroughChoices>(step: S, patch: Partial<NonNullable<WalkthroughChoices[S]>>) => onChange({ ...value, [step]: { ...value[step], ...patch } });

  return (
    <div className="space-y-4" data-testid="walkthrough-review">
      <p className="text-sm text-slate-700">
        The last look before you go: each step already has the team&apos;s recommended choice selected. Change what you want, then confirm once — every step acts in this order.
      </p>
      {/* A disabled fieldset disables every control in it (while sending, for watchers). */}
      <fieldset disabled={disabled} className="m-0 min-w-0 border-0 p-0">
        <ol className="space-y-3">
          {steps.map((s) => {
            const id = `${idPrefix}-${s.step}`;
            const current = value[s.step]?.choice ?? s.recommended;
            const note = value[s.step] && "note" in value[s.step]! ? ((value[s.step] as { note: string | null }).note ?? "") : "";
            const choiceError = fields[`text.${s.step}.choice`];
            const noteError = fields[`text.${s.step}.note`];
            return (
              <li key={s.step}>
                <fieldset className="rounded-lg border border-slate-200 bg-white p-3 sm:p-4" data-testid="review-step" data-step={s.step} aria-describedby={`${id}-meaning`}>
                  <legend className="px-1 text-sm font-semibold text-slate-900">{s.title}</legend>
                  <p id={`${id}-meaning`} className="text-sm text-slate-700" data-testid="review-meaning">
                    <span className="font-medium text-slate-900">What this means: </span>
                    {s.meaning}
                  </p>
                  {s.body && <p className="mt-2 whitespace-pre-wrap break-words text-xs text-slate-600">{s.body}</p>}
                  {s.step === "architecture" && (
                    <div className="mt-2 text-xs text-slate-700">
                      <span className="font-medium">Concerns: </span>
                      {s.concerns.length ? (
                        <ul className="mt-1 list-disc space-y-0.5 pl-5">
                          {s.concerns.map((c, i) => (
                            <li key={i}>{c}</li>
                          ))}
                        </ul>
                      ) : (
                        "none found."
                      )}
                    </div>
                  )}
                  {s.step === "permissions" && current !== K.permissions.review && (
                    <ul className="mt-2 space-y-0.5 text-xs text-slate-700" data-testid="review-commands">
                      {s.commands.map((c) => (
                        <li key={c.command}>
                          <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-800">{c.command}</code> —{" "}
                          {current === K.permissions.skip ? "not recorded" : c.recommended === "allow" ? "allowed" : "ask first"}
                        </li>
                      ))}
                    </ul>
                  )}
                  {s.step === "coverage" && s.criticalPaths.length > 0 && (
                    <div className="mt-2 text-xs text-slate-700">
                      <span className="font-medium">Critical paths:</span>
                      <ol className="mt-1 list-decimal space-y-0.5 pl-5">
                        {s.criticalPaths.map((p, i) => (
                          <li key={i}>{p}</li>
                        ))}
                      </ol>
                    </div>
                  )}

                  <div role="radiogroup" aria-label={`Your choice: ${s.title}`} aria-describedby={choiceError ? `${id}-choice-error` : undefined} className="mt-3 grid gap-2 sm:grid-cols-2">
                    {s.options.map((o) => (
                      <RadioCard
                        key={o.key}
                        id={`${id}-${o.key}`}
                        name={`${id}-choice`}
                        value={o.key}
                        keyLabel={o.key}
                        checked={current === o.key}
                        onChange={() => set(s.step, { choice: o.key })}
                        testId="review-option"
                        dataKey={o.key}
                      >
                        <span className="flex flex-wrap items-center gap-x-2 gap-y-1 pt-0.5 text-slate-800">
                          {o.label}
                          {o.key === s.recommended && (
                            <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-[11px] font-semibold text-emerald-800" data-testid="review-recommended">
                              Recommended
                            </span>
                          )}
                        </span>
                      </RadioCard>
                    ))}
                  </div>
                  <Err id={`${id}-choice-error`} text={choiceError} />

                  {s.step === "permissions" && current === K.permissions.review && (
                    <div className="mt-3 text-xs text-slate-700">
                      <ul className="space-y-2" data-testid="review-commands">
                        {s.commands.map((c, i) => {
                          const decided = value.permissions?.commands[c.command] ?? c.recommended;
                          const cid = `${id}-cmd${i}`;
                          return (
                            <li key={c.command} data-testid="review-command" data-command={c.command}>
                              <fieldset className="flex flex-wrap items-center gap-x-3 gap-y-1">
                                <legend className="sr-only">May an assistant run {c.command} without asking?</legend>
                                <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-800">{c.command}</code>
                                {(["allow", "ask"] as const).map((d) => (
                                  <label key={d} className="inline-flex items-center gap-1.5">
                                    <input
                                      type="radio"
                                      name={cid}
                                      value={d}
                                      checked={decided === d}
                                      onChange={() => set("permissions", { commands: { ...value.permissions?.commands, [c.command]: d } })}
                                      className="accent-indigo-600"
                                    />
                                    {d === "allow" ? "Allow" : "Ask first"}
                                    {d === c.recommended && <span className="text-slate-600">(recommended)</span>}
                                  </label>
                                ))}
                              </fieldset>
                            </li>
                          );
                        })}
                      </ul>
                      <Err id={`${id}-commands-error`} text={Object.entries(fields).find(([k]) => k.startsWith("text.permissions.commands"))?.[1]} />
                    </div>
                  )}

                  {s.step === "coverage" && current === K.coverage.show && s.criticalPaths.length > 0 && (
                    <label className="mt-3 flex items-center gap-2 text-sm text-slate-800">
                      <input
                        type="checkbox"
                        checked={value.coverage?.planTests ?? s.planTests.recommended}
                        onChange={(e) => set("coverage", { planTests: e.target.checked })}
                        data-testid="review-plan-tests"
                        className="size-4 accent-indigo-600"
                      />
                      {s.planTests.label}
                    </label>
                  )}

                  {s.step === "iteration" && current === K.iteration.customize && (
                    <div className="mt-3 grid gap-3 sm:grid-cols-3">
                      {(Object.keys(LIMIT_LABELS) as Array<keyof IterationConfig>).map((k) => {
                        const err = fields[`text.iteration.config.${k}`];
                        return (
                          <div key={k}>
                            <label htmlFor={`${id}-${k}`} className="block text-xs font-medium text-slate-800">
                              {LIMIT_LABELS[k]} <span className="font-normal text-slate-600">(1–{s.limits[k]})</span>
                            </label>
                            <input
                              id={`${id}-${k}`}
                              type="number"
                              inputMode="numeric"
                              min={1}
                              max={s.limits[k]}
                              step={1}
                              value={drafts[k]}
                              onChange={(e) => onDrafts({ ...drafts, [k]: e.target.value })}
                              aria-invalid={Boolean(err)}
                              aria-describedby={err ? `${id}-${k}-error` : undefined}
                              data-testid="review-limit"
                              data-name={k}
                              className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-900 shadow-sm focus:border-indigo-500 disabled:bg-slate-100"
                            />
                            <Err id={`${id}-${k}-error`} text={err} />
                          </div>
                        );
                      })}
                    </div>
                  )}

                  {s.note && (
                    <details className="mt-3" open={openNotes[s.step] || Boolean(note) || Boolean(noteError)} onToggle={(e) => setOpenNotes((o) => ({ ...o, [s.step]: e.currentTarget.open }))}>
                      <summary className="cursor-pointer text-sm font-medium text-indigo-700 hover:text-indigo-900" data-testid="review-note-toggle">
                        {s.note.label} <span className="font-normal text-slate-600">(optional)</span>
                      </summary>
                      <label htmlFor={`${id}-note`} className="sr-only">
                        {s.note.label}
                      </label>
                      <textarea
                        id={`${id}-note`}
                        rows={2}
                        value={note}
                        maxLength={WALKTHROUGH_NOTE_MAX}
                        onChange={(e) => set(s.step, { note: e.target.value } as Partial<NonNullable<WalkthroughChoices[typeof s.step]>>)}
                        aria-invalid={Boolean(noteError)}
                        aria-describedby={`${id}-note-hint${noteError ? ` ${id}-note-error` : ""}`}
                        data-testid="review-note"
                        className="mt-1 block w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-indigo-500 disabled:bg-slate-100"
                      />
                      <p id={`${id}-note-hint`} className="mt-1 text-xs text-slate-600">
                        {s.note.effect}
                      </p>
                      <Err id={`${id}-note-error`} text={noteError} />
                    </details>
                  )}
                </fieldset>
              </li>
            );
          })}
        </ol>
      </fieldset>
    </div>
  );
}
