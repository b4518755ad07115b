"use client";
// Options of an input request as a native radio group: arrow keys move, and pressing an
// option's key ("1", "Y", "C"…) picks it from anywhere outside a text field.
import { useEffect, useId } from "react";
import type { InputOption } from "@/lib/party/events";
import { hasModifier, isTypingTarget } from "../../kickoff/keyboard";

export interface OptionGroupProps {
  legend: string;
  options: InputOption[];
  value: string | null;
  onChange: (key: string) => void;
  disabled?: boolean;
  error?: string;
  shortcuts?: boolean;
}

export function OptionGroup({ legend, options, value, onChange, disabled = false, error, shortcuts = true }: OptionGroupProps) {
  const name = useId();

  useEffect(() => {
    if (!shortcuts || disabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (hasModifier(e) || isTypingTarget(e.target) || e.defaultPrevented) return;
      const opt = options.find((o) => o.key.toLowerCase() === e.key.toLowerCase());
      if (!opt) return;
      e.preventDefault();
      onChange(opt.key);
      document.getElementById(`${name}-${opt.key}`)?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [shortcuts, disabled, options, onChange, name]);

  return (
    <fieldset disabled={disabled} aria-invalid={Boolean(error)} aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-800">{legend}</legend>
      <div role="radiogroup" className="grid gap-2" data-testid="input-options">
        {options.map((o) => {
          const checked = value === o.key;
          return (
            <label
              key={o.key}
              htmlFor={`${name}-${o.key}`}
              data-testid="input-option"
              data-key={o.key}
              data-checked={checked}
              className={`flex cursor-pointer items-start gap-3 rounded-lg border px-3 py-2 text-sm transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600 ${
                checked ? "border-indigo-500 bg-indigo-50 ring-1 ring-indigo-500" : "border-slate-200 bg-white hover:bg-slate-50"
              }`}
            >
              <input id={`${name}-${o.key}`} type="radio" name={name} value={o.key} checked={checked} onChange={() => onChange(o.key)} className="sr-only" />
              <kbd
                aria-hidden
                className={`grid h-6 min-w-6 shrink-0 place-items-center rounded border px-1 font-mono text-xs ${checked ? "border-indigo-600 bg-indigo-600 text-white" : "border-slate-300 text-slate-600"}`}
              >
                {o.key}
              </kbd>
              <span className="pt-0.5 text-slate-800">{o.label}</span>
            </label>
          );
        })}
      </div>
      {error && (
        <p id={`${name}-error`} className="mt-1 text-sm text-rose-700" data-testid="selection-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
