"use client";
// The kickoff's model: the team's (built-in, configured on the server, found on the
// server, the person's own connections) and, under "Advanced", a model per agent. The
// list is the server's (GET /api/models): what this person may use now.
import Link from "next/link";
import { useCallback, useEffect, useId, useState } from "react";
import { MODE_NAMES, partyPhase, PERSONAS, SUB_AGENTS, type PersonaKey } from "@/lib/vocabulary";
import { ApiError, listModels, type ModelList, type ModelOption } from "../api/client";

export interface ModelChoice {
  /** The team's model; null = the server's default. */
  model: string | null;
  /** agent key → model id, over the team's. */
  agentModels: Record<string, string>;
}

const SOURCES: Array<{ source: ModelOption["source"]; label: string }> = [
  { source: "builtin", label: "Built-in" },
  { source: "server", label: "Configured on this server" },
  { source: "detected", label: "Found on this server" },
  { source: "connection", label: "Your connections" },
];

// The critic is no sub-agent: it speaks for a critique perspective whose own model failed.
const agentName = (key: string) => (key in PERSONAS ? PERSONAS[key as keyof typeof PERSONAS].name : key === "critic" ? "Critic (fallback voice)" : (SUB_AGENTS[key]?.name ?? key));

const personasOf = (phase: 1 | 2 | 3) => (Object.keys(PERSONAS) as PersonaKey[]).filter((k) => PERSONAS[k].phase === phase);

/** The agents "Advanced" offers, by where they work. */
const AGENT_GROUPS: Array<{ title: string; agents: string[] }> = [
  ...([1, 2, 3] as const).map((n) => ({ title: partyPhase(n).name, agents: personasOf(n) })),
  { title: partyPhase(4).name, agents: ["constitution_generator", "skills_researcher"] },
  { title: MODE_NAMES.classic, agents: ["product_analyst", "architecture_designer", "discover-orchestrator"] },
  { title: "Critique", agents: ["critic"] },
];

function Options({ models }: { models: ModelOption[] }) {
  return (
    <>
      {SOURCES.map(({ source, label }) => {
        const group = models.filter((m) => m.source === source);
        return group.length ? (
          <optgroup key={source} label={label}>
            {group.map((m) => (
              <option key={m.id} value={m.id}>
                {m.label}
              </option>
            ))}
          </optgroup>
        ) : null;
      })}
    </>
  );
}

const selectClass = "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-indigo-500 disabled:bg-slate-100";

export function ModelPicker({ value, onChange, disabled = false, error }: { value: ModelChoice; onChange: (c: ModelChoice) => void; disabled?: boolean; error?: string }) {
  const uid = useId();
  const [list, setList] = useState<ModelList | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      setList(await listModels());
    } catch (e) {
      setLoadError(e instanceof ApiError ? e.message : "Could not load the models.");
    }
  }, []);
  useEffect(() => {
    let alive = true;
    listModels()
      .then((l) => alive && setList(l))
      .catch((e: unknown) => alive && setLoadError(e instanceof ApiError ? e.message : "Could not load the models."));
    return () => {
      alive = false;
    };
  }, []);

  const team = value.model ?? list?.default ?? "offline";
  const perAgent = Object.keys(value.agentModels).length;
  const setAgent = (agent: string, id: string) => {
    const { [agent]: _old, ...rest } = value.agentModels;
    onChange({ ...value, agentModels: id ? { ...rest, [agent]: id } : rest });
  };

  return (
    <fieldset className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="model-picker" disabled={disabled} aria-describedby={`${uid}-hint`}>
      <legend className="px-1 text-xs font-bold uppercase tracking-widest text-slate-500">Model</legend>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <label htmlFor={`${uid}-team`} className="text-sm font-medium text-slate-800">
          The team runs on
        </label>
        <Link href="/models" className="text-sm font-medium text-indigo-700 underline hover:text-indigo-900" data-testid="manage-models">
          Manage models
        </Link>
      </div>
      {loadError ? (
        <div role="alert" className="mt-2 flex flex-wrap items-center gap-3 rounded-lg border border-rose-200 bg-rose-50 px-3 py-2 text-sm text-rose-800" data-testid="models-error">
          <span>{loadError} The team runs on the server&apos;s default model.</span>
          <button type="button" onClick={() => void load()} className="rounded-md border border-rose-300 bg-white px-2 py-1 text-xs font-semibold text-rose-800 hover:bg-rose-100">
            Try again
          </button>
        </div>
      ) : (
        <select
          id={`${uid}-team`}
          data-testid="team-model"
          className={`mt-1 ${selectClass}`}
          value={list ? team : ""}
          disabled={!list}
          aria-busy={!list}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${uid}-error` : undefined}
          onChange={(e) => onChange({ ...value, model: e.target.value === list?.default ? null : e.target.value })}
        >
          {list ? <Options models={list.models} /> : <option value="">Loading models…</option>}
        </select>
      )}
      {error && (
        <p id={`${uid}-error`} className="mt-1 text-sm text-rose-700" data-testid="model-error">
          {error}
        </p>
      )}
      <p id={`${uid}-hint`} className="mt-2 text-xs text-slate-500">
        {team === "offline" ? (
          <>
            The built-in demo model writes realistic, project-specific text without a key. For the team&apos;s real quality,{" "}
            <Link href="/models" className="font-medium text-indigo-700 underline hover:text-indigo-900">
              connect a real model
            </Link>
            .
          </>
        ) : (
          "Every agent runs on this model, except those you set below."
        )}
      </p>
      {list && (
        <details className="group mt-3 rounded-lg border border-slate-200" data-testid="agent-models" open={perAgent > 0 ? true : undefined}>
          <summary className="cursor-pointer select-none rounded-lg px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600">
            Advanced: a model per agent{perAgent > 0 ? ` (${perAgent} set)` : ""}
          </summary>
          <div className="space-y-4 px-3 pb-3 pt-1">
            {AGENT_GROUPS.map((g) => (
              <div key={g.title}>
                <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{g.title}</h3>
                <div className="mt-1 grid gap-2 sm:grid-cols-3">
                  {g.agents.map((agent) => (
                    <label key={agent} className="block text-xs text-slate-700">
                      {agentName(agent)}
                      <select data-testid={`agent-model-${agent}`} className={`mt-0.5 ${selectClass}`} value={value.agentModels[agent] ?? ""} onChange={(e) => setAgent(agent, e.target.value)}>
                        <option value="">Same as the team</option>
                        <Options models={list.models} />
                      </select>
                    </label>
                  ))}
                </div>
              </div>
            ))}
          </div>
        </details>
      )}
    </fieldset>
  );
}
