"use client";
// The INCEPTION MODE menu (docs/protocols.md, "Choosing the mode") as an accessible radio group. Arrow keys move
// between the options (native radios); pressing 1 or 2 picks one directly.
import { useEffect, useId } from "react";
import { MODE_NAMES, type Mode } from "@/lib/vocabulary";
import { RadioCard } from "../ui/radio-card";
import { hasModifier, isTypingTarget } from "./keyboard";

export const MODE_OPTIONS: ReadonlyArray<{ key: "1" | "2"; mode: Mode; label: string; recommended: boolean; description: string }> = [
  {
    key: "1",
    mode: "party",
    label: MODE_NAMES.party,
    recommended: true,
    description: "Launch an Inception Party — 3 specialist agents collaborate in parallel at each stage for richer, multi-perspective output",
  },
  {
    key: "2",
    mode: "classic",
    label: MODE_NAMES.classic,
    recommended: false,
    description: "Sequential single-agent flow (8 phases, one at a time)",
  },
];

export interface ModeMenuProps {
  value: Mode | null;
  onChange: (mode: Mode) => void;
  disabled?: boolean;
  /** Also listen for 1 / 2 anywhere on the page (outside text fields). */
  globalShortcuts?: boolean;
  /** Enter inside the group submits. */
  onSubmit?: () => void;
}

export function ModeMenu({ value, onChange, disabled = false, globalShortcuts = false, onSubmit }: ModeMenuProps) {
  const name = useId();
  const titleId = `${name}-title`;

  useEffect(() => {
    if (!globalShortcuts || disabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (hasModifier(e) || isTypingTarget(e.target) || e.defaultPrevented) return;
      const opt = MODE_OPTIONS.find((o) => o.key === e.key);
      if (opt) {
        e.preventDefault();
        onChange(opt.mode);
        document.getElementById(`${name}-${opt.mode}`)?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [globalShortcuts, disabled, onChange, name]);

  return (
    <fieldset
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="mode-menu"
      disabled={disabled}
      aria-describedby={`${name}-hint`}
      onKeyDown={(e) => {
        if (hasModifier(e)) return;
        const opt = MODE_OPTIONS.find((o) => o.key === e.key);
        if (opt) {
          e.preventDefault();
          e.stopPropagation();
          onChange(opt.mode);
          document.getElementById(`${name}-${opt.mode}`)?.focus();
        } else if (e.key === "Enter" && onSubmit) {
          e.preventDefault();
          e.stopPropagation();
          onSubmit();
        }
      }}
    >
      <legend id={titleId} className="px-1 text-xs font-bold uppercase tracking-widest text-slate-500">
        Inception mode
      </legend>
      <p className="mb-3 text-sm text-slate-700">How would you like to set up your new project?</p>
      <div role="radiogroup" aria-labelledby={titleId} className="grid gap-3 sm:grid-cols-2">
        {MODE_OPTIONS.map((o) => (
          <RadioCard
            key={o.mode}
            id={`${name}-${o.mode}`}
            name={name}
            value={o.mode}
            keyLabel={o.key}
            checked={value === o.mode}
            onChange={() => onChange(o.mode)}
            testId={`mode-option-${o.mode}`}
            describedBy={`${name}-${o.mode}-desc`}
            size="md"
          >
            <span className="min-w-0">
              <span className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                {o.label}
                {o.recommended && <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-[11px] font-semibold text-emerald-800">Recommended</span>}
              </span>
              <span id={`${name}-${o.mode}-desc`} className="mt-1 block text-sm text-slate-600">
                {o.description}
              </span>
            </span>
          </RadioCard>
        ))}
      </div>
      <p id={`${name}-hint`} className="mt-3 text-xs text-slate-500">
        Press <kbd className="rounded border border-slate-300 px-1 font-mono">1</kbd> or <kbd className="rounded border border-slate-300 px-1 font-mono">2</kbd> to choose, or use the arrow keys.
      </p>
    </fieldset>
  );
}
