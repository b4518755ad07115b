// The Vision Council's questions, each with its own optional answer field (labelled by the
// question), grouped by the specialist who asked. composeAnswers turns them into the one
// text the server takes.
import type { QuestionGroup } from "./details";

export interface QuestionFieldsProps {
  idPrefix: string;
  groups: QuestionGroup[];
  answers: Record<number, string>;
  onAnswer: (n: number, text: string) => void;
  disabled: boolean;
  /** "Answer at least one…": said once, for the whole set. */
  error?: string;
}

export const questionFieldId = (idPrefix: string, n: number) => `${idPrefix}-q${n}`;

export function QuestionFields({ idPrefix, groups, answers, onAnswer, disabled, error }: QuestionFieldsProps) {
  const errorId = `${idPrefix}-answers-error`;
  return (
    <div className="space-y-4" data-testid="vision-questions">
      <p className="text-sm text-slate-700">Your team of specialists wants to understand your project. Every question is optional: answer the ones you can.</p>
      {groups.map((g) => (
        <fieldset key={g.agent || g.name} className="space-y-3">
          <legend className="text-xs font-bold uppercase tracking-wide text-slate-600">
            From {g.name}
            {g.title ? <span className="font-medium normal-case tracking-normal text-slate-600"> ({g.title})</span> : null}
          </legend>
          {g.questions.map((q) => (
            <div key={q.n}>
              <label htmlFor={questionFieldId(idPrefix, q.n)} className="flex gap-2 text-sm text-slate-800">
                <span className="w-5 shrink-0 text-right font-mono text-slate-600">{q.n}.</span>
                <span className="min-w-0">{q.text}</span>
              </label>
              <textarea
                id={questionFieldId(idPrefix, q.n)}
                data-testid="question-answer"
                data-question={q.n}
                rows={2}
                value={answers[q.n] ?? ""}
                disabled={disabled}
                onChange={(e) => onAnswer(q.n, e.target.value)}
                aria-invalid={Boolean(error)}
                aria-describedby={error ? errorId : undefined}
                className="mt-1 block w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-indigo-500 disabled:bg-slate-100"
              />
            </div>
          ))}
        </fieldset>
      ))}
      {error && (
        <p id={errorId} className="text-sm text-rose-700" data-testid="answers-error">
          {error}
        </p>
      )}
    </div>
  );
}
