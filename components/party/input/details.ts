// The input request's details, narrowed by kind. They were read once at the edge with the
// vocabulary's zod reader (readInputRequest in lib/wire/events.ts, for the stream and the
// server's snapshot), which leaves only the documented shape of the kind or nothing; the
// types alone come from input-kinds.ts, so zod stays out of the page's first-load JavaScript.
import { textRequired } from "@/lib/vocabulary/input-rules";
import type { ConstitutionArticle, FollowUpQuestion, InputDetails, InputKind, QuestionGroup, StackApprovalDetails, WalkthroughReviewStep } from "@/lib/vocabulary";

export type { QuestionGroup, WalkthroughReviewStep };
export type Article = ConstitutionArticle;
export type StackDetails = StackApprovalDetails;
export type StackChoice = StackApprovalDetails["stack"]["language"];

/** A request as the view holds it: `details` already read for its kind, or absent. */
interface ReadRequest {
  kind: string;
  details?: unknown;
}

const detailsOf = <K extends InputKind>(req: ReadRequest, kind: K): InputDetails<K> | undefined => (req.kind === kind ? (req.details as InputDetails<K> | undefined) : undefined);

export function questionGroups(req: ReadRequest): QuestionGroup[] | null {
  const groups = detailsOf(req, "vision_questions")?.groups;
  return groups?.length ? groups : null;
}

export function stackDetails(req: ReadRequest): StackDetails | null {
  return detailsOf(req, "stack_approval") ?? null;
}

export function articles(req: ReadRequest): Article[] | null {
  const list = detailsOf(req, "constitution_review")?.articles;
  return list?.length ? list : null;
}

/** Whether to show the text box at all for the current selection. */
export function textVisible(kind: string, options: Array<{ key: string }>, allowsText: boolean, selection: string | null): boolean {
  if (!allowsText) return false;
  if (kind === "stack_approval" || kind === "constitution_review") return textRequired({ kind, options }, selection);
  return true;
}

/** The team's open questions a gate carries, or an empty list. */
export function followUpQuestions(req: ReadRequest): FollowUpQuestion[] {
  return detailsOf(req, "stack_approval")?.followUps ?? detailsOf(req, "constitution_review")?.followUps ?? [];
}

/**
 * The walkthrough's review: its steps in order, each with options, the recommended one
 * among them and what it means; null for anything else (an older log's per-step request
 * shows as its body and options).
 */
export function reviewSteps(req: ReadRequest): WalkthroughReviewStep[] | null {
  const d = detailsOf(req, "walkthrough");
  return d?.step === "review" ? d.steps : null;
}
