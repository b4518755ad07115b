// What wrote a document, said in its first line when it was the built-in model: a person
// reading a file the built-in model wrote is told so, and how to reach a real model. The
// line is the engine's (any model may revise the document later: the line follows the
// model that wrote the version).
import type { PartyContext } from "./agent-step";

export const BUILT_IN_NOTE =
  "> Written by Inception Party's built-in demo model, which reads your words by rules rather than reasoning about them. For a team that reasons, connect a real model on the Models page (/models), then revise this document or start a new kickoff.";

/** The document as the version's author wrote it, with the built-in model's line first when it wrote it. */
export function withProvenance(ctx: PartyContext, agent: string, content: string): string {
  const body = withoutProvenance(content);
  return ctx.models.modelFor(agent).spec === "offline" ? `${BUILT_IN_NOTE}\n\n${body}` : body;
}

/** The document without the line (what a model is given to revise). */
export function withoutProvenance(content: string): string {
  return content.startsWith(BUILT_IN_NOTE) ? content.slice(BUILT_IN_NOTE.length).replace(/^\n+/, "") : content;
}
