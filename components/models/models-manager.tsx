"use client";
// The Models page: what this server offers (the built-in model, models the deployer
// configured, local servers it found), the person's own connections with a test and a
// remove button each, and the form that adds one — tested before it is saved.
import Link from "next/link";
import { useCallback, useEffect, useId, useState } from "react";
import { PROVIDER_NAMES, type ConnectionProvider } from "@/lib/ai/model-spec";
import { addConnection, ApiError, listConnections, listModels, removeConnection, testConnection, type Connection, type ConnectionTest, type ModelList } from "../api/client";
import { ErrorBanner, SubmitButton } from "../ui/form-actions";
import { RadioCard } from "../ui/radio-card";

type Loaded = { kind: "loading" } | { kind: "error"; message: string } | { kind: "ready"; list: ModelList; connections: Connection[] };

const PROVIDERS: Array<{ provider: ConnectionProvider; key: string; hint: string; baseUrl: "optional" | "required"; apiKey: "required" | "optional"; placeholder: string }> = [
  { provider: "openai", key: "1", hint: "Your OpenAI API key", baseUrl: "optional", apiKey: "required", placeholder: "https://api.openai.com/v1" },
  { provider: "anthropic", key: "2", hint: "Your Anthropic API key", baseUrl: "optional", apiKey: "required", placeholder: "https://api.anthropic.com/v1" },
  { provider: "openai-compatible", key: "3", hint: "OpenRouter, vLLM, a gateway: any /v1/chat/completions endpoint", baseUrl: "required", apiKey: "optional", placeholder: "https://openrouter.ai/api/v1" },
  { provider: "ollama", key: "4", hint: "An Ollama on another machine", baseUrl: "required", apiKey: "optional", placeholder: "http://gpu-box.example.com:11434" },
];

const errorText = (e: unknown, fallback: string) => (e instanceof ApiError ? e.message : fallback);
const card = "rounded-xl border border-slate-200 bg-white p-4 shadow-sm";
const input = "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-indigo-500 disabled:bg-slate-100";
const smallButton = "rounded-md border border-slate-300 bg-white px-2.5 py-1 text-xs font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60";

function TestResult({ result }: { result: ConnectionTest | "testing" | undefined }) {
  if (!result) return null;
  if (result === "testing") return <p className="mt-2 text-xs text-slate-600" role="status">Testing…</p>;
  return result.ok ? (
    <p className="mt-2 text-xs text-emerald-800" role="status" data-testid="test-result" data-ok="true">
      Works: {result.models?.length ?? 0} model{result.models?.length === 1 ? "" : "s"}, first token in {result.firstTokenMs} ms.
    </p>
  ) : (
    <p className="mt-2 text-xs text-rose-700" role="status" data-testid="test-result" data-ok="false">
      {result.error?.message}
    </p>
  );
}

function ConnectionItem({ c, onRemoved }: { c: Connection; onRemoved: () => void }) {
  const [result, setResult] = useState<ConnectionTest | "testing">();
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const test = async () => {
    setResult("testing");
    try {
      setResult(await testConnection(c.id));
    } catch (e) {
      setResult({ ok: false, error: { code: "bad_response", message: errorText(e, "The test could not be run.") } });
    }
  };
  const remove = async () => {
    setRemoving(true);
    setError(null);
    try {
      await removeConnection(c.id);
      onRemoved();
    } catch (e) {
      setRemoving(false);
      setError(errorText(e, "Could not remove it."));
    }
  };
  return (
    <li className="rounded-lg border border-slate-200 p-3" data-testid="connection" data-connection={c.id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium text-slate-900">{c.name}</p>
          <p className="break-all text-xs text-slate-600">
            {PROVIDER_NAMES[c.provider]} · {c.baseUrl ?? "the provider's own address"} · {c.keyHint ? `key ending ${c.keyHint}` : "no key"} · {c.models.length} model{c.models.length === 1 ? "" : "s"}
          </p>
        </div>
        <div className="flex shrink-0 gap-2">
          <button type="button" className={smallButton} onClick={() => void test()} disabled={result === "testing" || removing} data-testid="test-connection">
            Test
          </button>
          {confirming ? (
            <>
              <button type="button" className="rounded-md bg-rose-700 px-2.5 py-1 text-xs font-semibold text-white hover:bg-rose-800 disabled:opacity-60" onClick={() => void remove()} disabled={removing} data-testid="confirm-remove" autoFocus>
                {removing ? "Removing…" : "Remove with its key"}
              </button>
              <button type="button" className={smallButton} onClick={() => setConfirming(false)} disabled={removing}>
                Keep
              </button>
            </>
          ) : (
            <button type="button" className={smallButton} onClick={() => setConfirming(true)} data-testid="remove-connection">
              Remove
            </button>
          )}
        </div>
      </div>
      <TestResult result={result} />
      {error && <p className="mt-2 text-xs text-rose-700" role="alert">{error}</p>}
    </li>
  );
}

function AddConnection({ privateUrlsAllowed, onAdded }: { privateUrlsAllowed: boolean; onAdded: () => void }) {
  const uid = useId();
  const [provider, setProvider] = useState<ConnectionProvider>("openai");
  const [name, setName] = useState("");
  const [baseUrl, setBaseUrl] = useState("");
  const [apiKey, setApiKey] = useState("");
  const [model, setModel] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  const p = PROVIDERS.find((x) => x.provider === provider)!;

  const submit = async () => {
    setBusy(true);
    setError(null);
    setFields({});
    setDone(null);
    try {
      const c = await addConnection({
        provider,
        ...(name.trim() ? { name: name.trim() } : {}),
        ...(baseUrl.trim() ? { baseUrl: baseUrl.trim() } : {}),
        ...(apiKey.trim() ? { apiKey: apiKey.trim() } : {}),
        ...(model.trim() ? { model: model.trim() } : {}),
      });
      setDone(`Connected “${c.name}”: ${c.models.length} model${c.models.length === 1 ? "" : "s"}${c.firstTokenMs !== undefined ? `, first token in ${c.firstTokenMs} ms` : ""}. Pick it on the kickoff form.`);
      setName("");
      setBaseUrl("");
      setApiKey("");
      setModel("");
      onAdded();
    } catch (e) {
      setError(errorText(e, "Something went wrong. Please try again."));
      if (e instanceof ApiError) setFields(e.fields);
    } finally {
      setBusy(false);
    }
  };

  const field = (key: string, label: string, control: React.ReactNode, hint?: string) => (
    <div>
      <label htmlFor={`${uid}-${key}`} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {control}
      {hint && (
        <p id={`${uid}-${key}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {fields[key] && (
        <p className="mt-1 text-sm text-rose-700" data-testid={`${key}-error`}>
          {fields[key]}
        </p>
      )}
    </div>
  );

  return (
    <form
      className={`${card} space-y-4`}
      aria-labelledby={`${uid}-heading`}
      aria-busy={busy}
      noValidate
      data-testid="add-connection"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2 id={`${uid}-heading`} className="text-base font-semibold text-slate-900">
        Add a connection
      </h2>
      <fieldset
        disabled={busy}
        aria-describedby={`${uid}-provider-hint`}
        onKeyDown={(e) => {
          // 1-4 pick a provider, as the badges say (the arrow keys move as in any radio group).
          const o = PROVIDERS.find((x) => x.key === e.key);
          if (!o || e.altKey || e.ctrlKey || e.metaKey) return;
          e.preventDefault();
          setProvider(o.provider);
          document.getElementById(`${uid}-p-${o.provider}`)?.focus();
        }}
      >
        <legend className="text-sm font-medium text-slate-800">Provider</legend>
        <div role="radiogroup" aria-label="Provider" className="mt-1 grid gap-2 sm:grid-cols-2">
          {PROVIDERS.map((o) => (
            <RadioCard key={o.provider} id={`${uid}-p-${o.provider}`} name={`${uid}-provider`} value={o.provider} keyLabel={o.key} checked={provider === o.provider} onChange={() => setProvider(o.provider)} testId={`provider-${o.provider}`} describedBy={`${uid}-p-${o.provider}-d`}>
              <span className="min-w-0">
                <span className="block font-medium text-slate-900">{PROVIDER_NAMES[o.provider]}</span>
                <span id={`${uid}-p-${o.provider}-d`} className="block text-xs text-slate-600">
                  {o.hint}
                </span>
              </span>
            </RadioCard>
          ))}
        </div>
        <p id={`${uid}-provider-hint`} className="mt-1 text-xs text-slate-500">
          Press 1–4 or use the arrow keys.
        </p>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        {field(
          "baseUrl",
          p.baseUrl === "required" ? "Base URL" : "Base URL (optional)",
          <input id={`${uid}-baseUrl`} data-testid="connection-base-url" className={input} value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} disabled={busy} placeholder={p.placeholder} inputMode="url" autoComplete="off" spellCheck={false} aria-invalid={Boolean(fields.baseUrl)} aria-describedby={`${uid}-baseUrl-hint`} />,
          privateUrlsAllowed ? undefined : "Addresses inside this server's own network (localhost, 10.x, 192.168.x…) are refused; a model server on this machine is found by itself.",
        )}
        {field(
          "apiKey",
          p.apiKey === "required" ? "API key" : "API key (optional)",
          <input id={`${uid}-apiKey`} data-testid="connection-api-key" type="password" className={input} value={apiKey} onChange={(e) => setApiKey(e.target.value)} disabled={busy} autoComplete="off" spellCheck={false} aria-invalid={Boolean(fields.apiKey)} aria-describedby={`${uid}-apiKey-hint`} />,
          "Stored encrypted, used only for your parties, never shown again.",
        )}
        {field("name", "Name (optional)", <input id={`${uid}-name`} data-testid="connection-name" className={input} value={name} onChange={(e) => setName(e.target.value)} disabled={busy} maxLength={60} autoComplete="off" placeholder={PROVIDER_NAMES[provider]} />)}
        {field(
          "model",
          "Model to test with (optional)",
          <input id={`${uid}-model`} data-testid="connection-model" className={input} value={model} onChange={(e) => setModel(e.target.value)} disabled={busy} autoComplete="off" spellCheck={false} placeholder="a small one is picked" aria-describedby={`${uid}-model-hint`} />,
          "The test lists the models and makes one tiny call.",
        )}
      </div>
      <ErrorBanner message={error} testId="connection-error" />
      {done && (
        <div role="status" data-testid="connection-added" className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
          {done}
        </div>
      )}
      <SubmitButton testId="save-connection" busy={busy} label="Test and save" busyLabel="Testing…" />
    </form>
  );
}

export function ModelsManager() {
  const [state, setState] = useState<Loaded>({ kind: "loading" });
  const [looking, setLooking] = useState(false);

  const refresh = useCallback(async (detect = false) => {
    try {
      const [list, connections] = await Promise.all([listModels(detect), listConnections()]);
      setState({ kind: "ready", list, connections });
    } catch (e) {
      setState({ kind: "error", message: errorText(e, "Could not load the models.") });
    }
  }, []);

  useEffect(() => {
    let alive = true;
    Promise.all([listModels(), listConnections()])
      .then(([list, connections]) => alive && setState({ kind: "ready", list, connections }))
      .catch((e: unknown) => alive && setState({ kind: "error", message: errorText(e, "Could not load the models.") }));
    return () => {
      alive = false;
    };
  }, []);

  if (state.kind === "loading") {
    return (
      <div className="space-y-4" aria-busy="true" aria-label="Loading models" data-testid="models-loading">
        {[0, 1].map((i) => (
          <div key={i} className="h-32 animate-pulse rounded-xl bg-slate-200/70" />
        ))}
      </div>
    );
  }
  if (state.kind === "error") {
    return (
      <div role="alert" className="rounded-lg border border-rose-200 bg-rose-50 p-3 text-sm text-rose-800">
        {state.message}{" "}
        <button type="button" onClick={() => void refresh()} className="font-medium underline">
          Try again
        </button>
      </div>
    );
  }

  const { list, connections } = state;
  const configured = list.models.filter((m) => m.source === "server");
  const detected = list.models.filter((m) => m.source === "detected");
  return (
    <div className="space-y-6">
      <section className={card} aria-labelledby="server-heading" data-testid="server-models">
        <h2 id="server-heading" className="text-base font-semibold text-slate-900">
          On this server
        </h2>
        <ul className="mt-3 space-y-3 text-sm">
          <li>
            <span className="font-medium text-slate-900">Built-in demo model</span>
            <span className="text-slate-600"> — always there, needs no key; writes realistic, project-specific text for trying things out.</span>
          </li>
          <li>
            <span className="font-medium text-slate-900">Configured by whoever runs this server</span>
            {configured.length ? (
              <ul className="mt-1 flex flex-wrap gap-1.5">
                {configured.map((m) => (
                  <li key={m.id} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-800">
                    {m.label}
                  </li>
                ))}
              </ul>
            ) : (
              <span className="text-slate-600"> — none.</span>
            )}
          </li>
          <li data-testid="local-servers">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium text-slate-900">Found running on this server</span>
              <button
                type="button"
                className={smallButton}
                disabled={looking}
                data-testid="detect-again"
                onClick={async () => {
                  setLooking(true);
                  await refresh(true);
                  setLooking(false);
                }}
              >
                {looking ? "Looking…" : "Look again"}
              </button>
            </div>
            <ul className="mt-1 space-y-1 text-slate-700" aria-live="polite">
              {list.local.length === 0 && <li>Looking for local model servers is turned off here.</li>}
              {list.local.map((s) => (
                <li key={s.provider} data-testid={`local-${s.provider}`} data-found={s.found}>
                  <span aria-hidden className={`mr-1.5 inline-block size-2 rounded-full ${s.found ? "bg-emerald-500" : "bg-slate-300"}`} />
                  {s.label}: {s.found ? `${s.models} model${s.models === 1 ? "" : "s"}` : "not running"}
                </li>
              ))}
            </ul>
            {detected.length > 0 && (
              <ul className="mt-2 flex flex-wrap gap-1.5">
                {detected.map((m) => (
                  <li key={m.id} className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs text-emerald-900" data-testid="detected-model">
                    {m.label}
                  </li>
                ))}
              </ul>
            )}
          </li>
        </ul>
      </section>

      <section className={card} aria-labelledby="own-heading" data-testid="own-connections">
        <h2 id="own-heading" className="text-base font-semibold text-slate-900">
          Your connections
        </h2>
        {!list.connections.allowed ? (
          <p className="mt-2 text-sm text-slate-600">Own connections are turned off on this server: use the models above.</p>
        ) : connections.length === 0 ? (
          <p className="mt-2 rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600" data-testid="connections-empty">
            No connections yet. Add one below: it is tested first, its key is stored encrypted and used only for your own parties.
          </p>
        ) : (
          <ul className="mt-3 space-y-2">
            {connections.map((c) => (
              <ConnectionItem key={c.id} c={c} onRemoved={() => void refresh()} />
            ))}
          </ul>
        )}
      </section>

      {list.connections.allowed && <AddConnection privateUrlsAllowed={list.connections.privateUrlsAllowed} onAdded={() => void refresh()} />}

      <p className="text-sm text-slate-600">
        Then pick the model on the{" "}
        <Link href="/" className="font-medium text-indigo-700 underline hover:text-indigo-900">
          kickoff form
        </Link>
        .
      </p>
    </div>
  );
}
