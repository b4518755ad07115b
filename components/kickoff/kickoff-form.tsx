"use client";
// New kickoff: title, description, and the mode menu (or a mode fixed by --party /
// --classic on /discover). Posts to /api/parties and opens the party's dashboard.
import { useRouter } from "next/navigation";
import { useCallback, useId, useRef, useState } from "react";
import { MODE_NAMES, type Mode } from "@/lib/vocabulary";
import { ApiError, createParty } from "../api/client";
import { ErrorBanner, SubmitButton } from "../ui/form-actions";
import { ModeMenu } from "./mode-menu";
import { ModelPicker, type ModelChoice } from "./model-picker";

export const TITLE_MAX = 120;
export const DESCRIPTION_MAX = 8000;
export const DESCRIPTION_MIN = 10;

export interface KickoffFormProps {
  /** Set by /discover?new&party|classic: the menu is skipped. */
  fixedMode?: Mode;
  /** The spec's CLI flags to send, e.g. ["--new", "--party"]. */
  flags?: string[];
  /** A follow-up kickoff ("Start a new feature") arrives prefilled with its project's context. */
  initialTitle?: string;
  initialDescription?: string;
}

function Counter({ id, testId, value, max }: { id: string; testId: string; value: number; max: number }) {
  const near = value > max * 0.9;
  return (
    <span id={id} className={`text-xs tabular-nums ${value > max ? "font-semibold text-rose-700" : near ? "text-amber-700" : "text-slate-500"}`} data-testid={testId}>
      {value.toLocaleString("en-US")} / {max.toLocaleString("en-US")}
      <span className="sr-only"> characters</span>
    </span>
  );
}

function descriptionProblem(description: string): string | null {
  const desc = description.trim();
  if (!desc) return "Describe your project — a few sentences are enough.";
  if (description.length > DESCRIPTION_MAX) return `At most ${DESCRIPTION_MAX} characters.`;
  if (desc.length < DESCRIPTION_MIN) return `At least ${DESCRIPTION_MIN} characters: describe the project in a sentence or two.`;
  return null;
}

const titleProblem = (title: string): string | null => (title.length > TITLE_MAX ? `At most ${TITLE_MAX} characters.` : null);

export function KickoffForm({ fixedMode, flags, initialTitle = "", initialDescription = "" }: KickoffFormProps) {
  const router = useRouter();
  const uid = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const submitting = useRef(false);
  const [title, setTitle] = useState(initialTitle.slice(0, TITLE_MAX));
  const [description, setDescription] = useState(initialDescription.slice(0, DESCRIPTION_MAX));
  const [mode, setMode] = useState<Mode>(fixedMode ?? "party");
  const [models, setModels] = useState<ModelChoice>({ model: null, agentModels: {} });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});


  const submit = useCallback(async () => {
    if (submitting.current) return; // a double click or Enter twice sends once
    const desc = description.trim();
    const local: Record<string, string> = {};
    const d = descriptionProblem(description);
    if (d) local.description = d;
    const t = titleProblem(title);
    if (t) local.title = t;
    setFieldErrors(local);
    setError(null);
    if (Object.keys(local).length) {
      document.getElementById(`${uid}-${Object.keys(local)[0]}`)?.focus();
      return;
    }
    submitting.current = true;
    setBusy(true);
    try {
      const body = {
        ...(title.trim() ? { title: title.trim() } : {}),
        description: desc,
        ...(flags ? { flags } : {}),
        ...(fixedMode ? {} : { mode }),
        ...(models.model ? { model: models.model } : {}),
        ...(Object.keys(models.agentModels).length ? { agentModels: models.agentModels } : {}),
      };
      const created = await createParty(body);
      router.push(`/parties/${encodeURIComponent(created.id)}`);
      // Keep the form locked while the dashboard loads.
    } catch (e) {
      submitting.current = false;
      setBusy(false);
      if (e instanceof ApiError) {
        setError(e.message);
        setFieldErrors(e.fields);
      } else {
        setError("Something went wrong. Please try again.");
      }
    }
  }, [description, title, flags, fixedMode, mode, models, router, uid]);

  // A field's error goes as soon as what is typed passes, not at the next submit.
  const clearIfFixed = (key: string, problem: string | null) => {
    if (!problem && fieldErrors[key]) setFieldErrors(({ [key]: _fixed, ...rest }) => rest);
  };

  const fieldError = (key: string) =>
    fieldErrors[key] ? (
      <p id={`${uid}-${key}-error`} className="mt-1 text-sm text-rose-700" data-testid={`${key}-error`}>
        {fieldErrors[key]}
      </p>
    ) : null;

  return (
    <form
      ref={formRef}
      noValidate
      aria-labelledby={`${uid}-heading`}
      aria-busy={busy}
      data-testid="kickoff-form"
      className="space-y-5"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2 id={`${uid}-heading`} className="sr-only">
        New kickoff
      </h2>
      <div>
        <div className="flex items-baseline justify-between gap-2">
          <label htmlFor={`${uid}-title`} className="text-sm font-medium text-slate-800">
            Project title <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <Counter id={`${uid}-title-count`} testId="title-counter" value={title.length} max={TITLE_MAX} />
        </div>
        <input
          id={`${uid}-title`}
          name="title"
          value={title}
          maxLength={TITLE_MAX}
          onChange={(e) => {
            setTitle(e.target.value);
            clearIfFixed("title", titleProblem(e.target.value));
          }}
          disabled={busy}
          autoComplete="off"
          placeholder="e.g. Clinic triage assistant"
          aria-invalid={Boolean(fieldErrors.title)}
          aria-describedby={`${uid}-title-count ${fieldErrors.title ? `${uid}-title-error` : ""}`}
          className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-indigo-500 disabled:bg-slate-100"
        />
        {fieldError("title")}
      </div>
      <div>
        <div className="flex items-baseline justify-between gap-2">
          <label htmlFor={`${uid}-description`} className="text-sm font-medium text-slate-800">
            Describe your project
          </label>
          <Counter id={`${uid}-description-count`} testId="description-counter" value={description.length} max={DESCRIPTION_MAX} />
        </div>
        <textarea
          id={`${uid}-description`}
          name="description"
          required
          rows={8}
          value={description}
          maxLength={DESCRIPTION_MAX}
          onChange={(e) => {
            setDescription(e.target.value);
            clearIfFixed("description", descriptionProblem(e.target.value));
          }}
          disabled={busy}
          placeholder="What are you building, for whom, and what matters most? Mention any constraints: regulations, scale, technologies you already use."
          aria-invalid={Boolean(fieldErrors.description)}
          aria-describedby={`${uid}-description-count ${uid}-description-hint ${fieldErrors.description ? `${uid}-description-error` : ""}`}
          className="mt-1 block w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-indigo-500 disabled:bg-slate-100"
        />
        <p id={`${uid}-description-hint`} className="mt-1 text-xs text-slate-500">
          Up to {DESCRIPTION_MAX.toLocaleString("en-US")} characters. The team asks follow-up questions, so a short paragraph is fine.
        </p>
        {fieldError("description")}
      </div>

      {fixedMode ? (
        <p data-testid="fixed-mode" className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700">
          Mode: <strong>{MODE_NAMES[fixedMode]}</strong> — set by <code className="font-mono">--{fixedMode}</code>, so the mode menu is skipped.
        </p>
      ) : (
        <ModeMenu value={mode} onChange={setMode} disabled={busy} onSubmit={() => formRef.current?.requestSubmit()} />
      )}
      {fieldError("mode")}
      {fieldError("flags")}

      <ModelPicker
        value={models}
        onChange={setModels}
        disabled={busy}
        error={fieldErrors.model ?? Object.entries(fieldErrors).find(([k]) => k.startsWith("agentModels"))?.[1]}
      />

      <ErrorBanner message={error} testId="form-error" />

      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton testId="start-kickoff" busy={busy} label="Start kickoff" busyLabel="Starting…" size="lg" />
        <span className="text-xs text-slate-500">Runs on the server: you can close the tab and come back.</span>
      </div>
    </form>
  );
}
