// Direct mode (no TTY, or -I): nobody is asked. Every input request gets an answer here —
// approvals are accepted, and the team's questions get the description's own sentences,
// never words written in the person's name.
import type { InputRequestData } from "../wire/events";
import { splitSentences } from "@inception-party/protocol";
import type { Mode, QuestionGroup } from "../vocabulary";
import { parseInputDetails } from "../vocabulary/input-kinds";
import { encodeWalkthroughAnswer, recommendedChoices, WALKTHROUGH_CONFIRM, WALKTHROUGH_KEYS } from "../vocabulary/walkthrough-review";

export interface Answer {
  selection: string | null;
  text: string | null;
}

const MAX_ANSWER = 7900;

const STOP = new Set(
  "what which who whom whose when where why how does do did your you that this with from have has will would should could there their them they about into than then also just like need want make many much more most some such only over what's it's".split(
    " ",
  ),
);
const words = (s: string) =>
  s
    .toLowerCase()
    .split(/[^a-z0-9äöüßéèàç]+/)
    .filter((w) => w.length > 3 && !STOP.has(w));

/** The sentences sharing most words with the question (nothing if none shares any). */
function closest(question: string, sentences: string[], n = 2): string[] {
  const q = new Set(words(question).map((w) => w.replace(/s$/, "")));
  return sentences
    .map((c, i) => ({ c, i, score: words(c).filter((w) => q.has(w.replace(/s$/, ""))).length }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, n)
    .sort((a, b) => a.i - b.i)
    .map((x) => x.c);
}

/**
 * The vision questions answered in direct mode. Nobody is there to answer, so nothing is
 * written in the person's name: each question gets the description's own sentences that
 * speak to it, verbatim, and the team works from the person's words alone.
 */
export function visionAnswer(description: string, groups: ReadonlyArray<Pick<QuestionGroup, "questions">>): string {
  const sentences = splitSentences(description);
  const questions = groups.flatMap((g) => g.questions);
  const picked = [...new Set(questions.flatMap((q) => closest(q.text, sentences)))];
  const text = (picked.length ? picked : sentences.slice(0, 1)).join("\n") || description.trim();
  return text.length <= MAX_ANSWER ? text : `${text.slice(0, MAX_ANSWER - 1).trimEnd()}…`;
}

const keyWhere = (req: InputRequestData, re: RegExp) => req.options.find((o) => re.test(o.label))?.key;

/** Answers every request kind without asking; keeps the count of retries per failed phase. */
export class DirectAnswerer {
  private readonly failures = new Map<string, number>();

  constructor(
    private readonly description: string,
    private readonly mode: Mode | null,
  ) {}

  answer(req: InputRequestData): Answer {
    const first = req.options[0]?.key ?? null;
    switch (req.kind) {
      case "mode":
        return { selection: this.mode === "classic" ? "2" : "1", text: null };
      case "vision_questions":
        return { selection: null, text: visionAnswer(this.description, parseInputDetails("vision_questions", req.details)?.groups ?? []) };
      case "stack_approval":
        return { selection: keyWhere(req, /^yes/i) ?? "Y", text: null };
      case "constitution_review":
        return { selection: "1", text: null };
      case "walkthrough": {
        // Every step's recommended choice, but "what next?" is "done": a scripted run ends here.
        const review = parseInputDetails("walkthrough", req.details);
        if (review?.step === "review") {
          const rec = recommendedChoices(review.steps);
          const choices = rec.next ? { ...rec, next: { ...rec.next, choice: WALKTHROUGH_KEYS.next.done } } : rec;
          return { selection: WALKTHROUGH_CONFIRM.key, text: encodeWalkthroughAnswer(review.steps, choices) };
        }
        return { selection: keyWhere(req, /\bdone\b/i) ?? first, text: null };
      }
      case "phase_failure": {
        const phase = JSON.stringify(parseInputDetails("phase_failure", req.details)?.phase ?? req.title);
        const seen = this.failures.get(phase) ?? 0;
        this.failures.set(phase, seen + 1);
        if (seen === 0) return { selection: keyWhere(req, /^retry/i) ?? first, text: null };
        return { selection: keyWhere(req, /^cancel/i) ?? req.options[req.options.length - 1]?.key ?? null, text: null };
      }
      default:
        return req.options.length ? { selection: first, text: null } : { selection: null, text: visionAnswer(this.description, []) };
    }
  }
}
