// The team's open questions at a gate (a contradiction to settle, a decision that is the
// person's), each with its own optional field. An answer is sent as a remark naming the
// question, so it reaches the team the way everything the person says does.
import type { FollowUpQuestion } from "@/lib/vocabulary";

export interface FollowUpFieldsProps {
  idPrefix: string;
  questions: FollowUpQuestion[];
  answers: Record<string, string>;
  onAnswer: (id: string, text: string) => void;
  disabled: boolean;
}

export function FollowUpFields({ idPrefix, questions, answers, onAnswer, disabled }: FollowUpFieldsProps) {
  return (
    <fieldset className="space-y-3 rounded-lg border border-amber-200 bg-amber-50 p-3" data-testid="follow-ups">
      <legend className="px-1 text-xs font-bold uppercase tracking-wide text-amber-900">The team also asks you (optional)</legend>
      {questions.map((q) => (
        <div key={q.id}>
          <label htmlFor={`${idPrefix}-${q.id}`} className="block text-sm text-slate-800">
            <span className="font-medium">{q.name}:</span> {q.text}
          </label>
          <textarea
            id={`${idPrefix}-${q.id}`}
            data-testid="follow-up-answer"
            data-question-id={q.id}
            rows={2}
            value={answers[q.id] ?? ""}
            disabled={disabled}
            onChange={(e) => onAnswer(q.id, e.target.value)}
            className="mt-1 block w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-indigo-500 disabled:bg-slate-100"
          />
        </div>
      ))}
    </fieldset>
  );
}
