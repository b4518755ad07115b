"use client";
// Options of an input request as a native radio group: arrow keys move, and pressing an
// option's key ("1", "Y", "C"…) picks it from anywhere outside a text field.
import { useEffect, useId } from "react";
import type { InputOption } from "@/lib/wire/events";
import { hasModifier, isTypingTarget } from "../../kickoff/keyboard";
import { RadioCard } from "../../ui/radio-card";

export interface OptionGroupProps {
  legend: string;
  options: InputOption[];
  value: string | null;
  onChange: (key: string) => void;
  disabled?: boolean;
  error?: string;
  shortcuts?: boolean;
  /** After a key picked an option: true when the caller moved focus itself (to a text box). */
  onShortcut?: (key: string) => boolean;
}

export function OptionGroup({ legend, options, value, onChange, disabled = false, error, shortcuts = true, onShortcut }: OptionGroupProps) {
  const name = useId();

  useEffect(() => {
    if (!shortcuts || disabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (hasModifier(e) || isTypingTarget(e.target) || e.defaultPrevented) return;
      const opt = options.find((o) => o.key.toLowerCase() === e.key.toLowerCase());
      if (!opt) return;
      e.preventDefault();
      onChange(opt.key);
      if (!onShortcut?.(opt.key)) document.getElementById(`${name}-${opt.key}`)?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [shortcuts, disabled, options, onChange, name, onShortcut]);

  return (
    <fieldset disabled={disabled} aria-invalid={Boolean(error)} aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-800">{legend}</legend>
      <div role="radiogroup" className="grid gap-2" data-testid="input-options">
        {options.map((o) => (
          <RadioCard
            key={o.key}
            id={`${name}-${o.key}`}
            name={name}
            value={o.key}
            keyLabel={o.key}
            checked={value === o.key}
            onChange={() => onChange(o.key)}
            testId="input-option"
            dataKey={o.key}
          >
            <span className="pt-0.5 text-slate-800">{o.label}</span>
          </RadioCard>
        ))}
      </div>
      {error && (
        <p id={`${name}-error`} className="mt-1 text-sm text-rose-700" data-testid="selection-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
