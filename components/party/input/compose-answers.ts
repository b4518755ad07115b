// The Vision Council asks its questions as a list, and the server takes one text answer.
// The page offers a field per question plus "Anything else"; this turns them into that one
// text, each answer under its question so the team can tell which is which.
import { MAX_ANSWER_CHARS } from "@/lib/vocabulary/input-rules";

export interface NumberedQuestion {
  n: number;
  text: string;
}

export type ComposedAnswer = { ok: true; text: string } | { ok: false; field: "answers" | "text"; message: string };

export const NOTHING_ANSWERED = "Answer at least one question, or write under “Anything else”.";

/**
 * "n. question\nanswer" blocks for the answered questions (empty ones are skipped, all are
 * optional), then "Anything else:" and its text. Only "Anything else" filled in: that text as
 * it is. Nothing at all: an error, since the server needs some answer; too long: an error.
 */
export function composeAnswers(questions: NumberedQuestion[], answers: Record<number, string>, extra: string): ComposedAnswer {
  const blocks = questions.flatMap((q) => {
    const a = answers[q.n]?.trim();
    return a ? [`${q.n}. ${q.text.trim()}\n${a}`] : [];
  });
  const more = extra.trim();
  if (blocks.length === 0 && !more) return { ok: false, field: "answers", message: NOTHING_ANSWERED };
  const text = blocks.length === 0 ? more : [...blocks, ...(more ? [`Anything else:\n${more}`] : [])].join("\n\n");
  if (text.length > MAX_ANSWER_CHARS) {
    return { ok: false, field: "text", message: `At most ${MAX_ANSWER_CHARS.toLocaleString("en-US")} characters in all (now ${text.length.toLocaleString("en-US")}).` };
  }
  return { ok: true, text };
}
