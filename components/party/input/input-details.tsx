// What the person needs to see to answer: grouped questions, the stack card,
// constitution articles — or the request's body text when there are no details.
import { Markdown } from "../../markdown/markdown";
import type { InputRequestData } from "@/lib/wire/events";
import { articles, questionGroups, stackDetails, type StackChoice } from "./details";

function Body({ text }: { text: string }) {
  if (!text) return null;
  return <pre className="max-h-80 overflow-auto whitespace-pre-wrap rounded-lg bg-slate-50 p-3 font-mono text-xs leading-relaxed text-slate-800">{text}</pre>;
}

/** `hideLabel`: the row continues the group above, so its header is for screen readers only. */
function StackRow({ label, c, hideLabel = false }: { label: string; c: StackChoice; hideLabel?: boolean }) {
  return (
    <tr className="border-t border-slate-100 align-top">
      <th scope="row" className="py-2 pr-3 text-left text-xs font-medium uppercase tracking-wide text-slate-500">
        {hideLabel ? <span className="sr-only">{label}</span> : label}
      </th>
      <td className="py-2">
        <div className="font-semibold text-slate-900">{c.choice}</div>
        {c.rationale && <div className="text-xs text-slate-600">{c.rationale}</div>}
      </td>
    </tr>
  );
}

export function InputDetails({ request }: { request: Pick<InputRequestData, "kind" | "body" | "details"> }) {
  const { kind, body } = request;
  if (kind === "vision_questions") {
    const groups = questionGroups(request);
    if (!groups) return <Body text={body} />;
    return (
      <div className="space-y-3" data-testid="vision-questions">
        <p className="text-sm text-slate-700">Your team of specialists wants to understand your project:</p>
        {groups.map((g) => (
          <div key={g.agent || g.name}>
            <h3 className="text-xs font-bold uppercase tracking-wide text-slate-600">
              From {g.name}
              {g.title ? <span className="font-medium normal-case tracking-normal text-slate-500"> ({g.title})</span> : null}
            </h3>
            <ol className="mt-1 space-y-1 text-sm text-slate-800">
              {g.questions.map((q) => (
                <li key={q.n} className="flex gap-2">
                  <span className="w-5 shrink-0 text-right font-mono text-slate-500">{q.n}.</span>
                  <span>{q.text}</span>
                </li>
              ))}
            </ol>
          </div>
        ))}
        <p className="text-xs text-slate-500">Answer them all at once below — the team receives your full response.</p>
      </div>
    );
  }
  if (kind === "stack_approval") {
    const d = stackDetails(request);
    if (!d) return <Body text={body} />;
    const s = d.stack;
    return (
      <div className="space-y-3" data-testid="stack-card">
        <p className="text-sm text-slate-700">Your team has evaluated options and recommends:</p>
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Recommended tech stack</caption>
            <tbody>
              {s.architecture_pattern && <StackRow label="Pattern" c={{ choice: s.architecture_pattern, rationale: "" }} />}
              <StackRow label="Language" c={s.language} />
              <StackRow label="Framework" c={s.framework} />
              <StackRow label="Database" c={s.database} />
              {s.additional.map((a, i) => (
                <StackRow key={i} label="Additional" hideLabel={i > 0} c={a} />
              ))}
              {(s.runtime || s.test_runner || s.package_manager) && (
                <StackRow label="Tooling" c={{ choice: [s.runtime, s.package_manager, s.test_runner].filter(Boolean).join(" · "), rationale: "" }} />
              )}
            </tbody>
          </table>
        </div>
        {d.consensus && (
          <p className="text-sm">
            <span className="font-semibold text-slate-700">Consensus: </span>
            <span
              data-testid="stack-consensus"
              className={`rounded-full px-2 py-0.5 text-xs font-semibold uppercase ${d.consensus === "unanimous" ? "bg-emerald-100 text-emerald-800" : d.consensus === "majority" ? "bg-amber-100 text-amber-800" : "bg-slate-100 text-slate-700"}`}
            >
              {d.consensus}
            </span>
          </p>
        )}
        {d.notes.length > 0 && (
          <ul className="space-y-1 rounded-lg bg-amber-50 p-2 text-xs text-amber-900">
            {d.notes.map((n, i) => (
              <li key={i}>{n}</li>
            ))}
          </ul>
        )}
      </div>
    );
  }
  if (kind === "constitution_review") {
    const list = articles(request);
    if (!list) return <Body text={body} />;
    return (
      <div className="space-y-2" data-testid="constitution-articles">
        <p className="text-sm text-slate-700">Review every article — universal ones first, then those specific to your domain.</p>
        <ol className="space-y-2">
          {list.map((a, i) => (
            <li key={i} className="rounded-lg border border-slate-200 bg-white">
              <details>
                <summary className="cursor-pointer list-none px-3 py-2 text-sm marker:hidden">
                  <span className="font-semibold text-slate-900">
                    Article {i + 1} — {a.title}
                  </span>
                  {a.domain_specific && <span className="ml-2 rounded-full bg-violet-100 px-2 py-0.5 text-[11px] font-medium text-violet-800">domain-specific</span>}
                  <span className="mt-0.5 block text-xs text-slate-600">{a.summary}</span>
                </summary>
                <div className="border-t border-slate-100 px-3 py-2 text-sm">
                  <Markdown softBreaks>{a.body}</Markdown>
                </div>
              </details>
            </li>
          ))}
        </ol>
      </div>
    );
  }
  if (kind === "mode") return null; // the menu itself says it all
  return <Body text={body} />;
}
