// The people who use the product, minus duplicates of the same group ("neighbours
// who want to order" are the buyers once "buyers" is named).
import type { ProjectContext } from "./context";
import type { Actor } from "./knowledge/actors";
import { CONDITION_LEAD } from "./reading/features";
import { plural } from "./text-utils";

const SAME_AS_BUYER = /^(neighbou?r|resident|shopper|customer)$/;

/** When the description names no people, the kind of product says who uses it. */
function fallbackActor(ctx: ProjectContext): Actor {
  const t = ctx.traits;
  if (t.any("simple_site", "ecommerce", "food")) return { singular: "customer", plural: "customers" };
  if (t.has("k8s_operator")) return { singular: "platform engineer", plural: "platform engineers" };
  if (t.has("cli")) return { singular: "developer", plural: "developers" };
  if (t.has("internal_tool")) return { singular: "employee", plural: "employees" };
  return { singular: "user", plural: "users" };
}

/** People the reader saw acting on things ("visitors book a slot", "pickers see their hours"), whether or not the role list knows the word, in the order they were said. */
function actingPeople(ctx: ProjectContext): Actor[] {
  const r = ctx.reading;
  const acting = new Set([...r.things.filter((t) => t.fromDescription).flatMap((t) => t.actors), ...r.acts.flatMap((a) => (a.actor ? [a.actor] : []))]);
  // ("the singers can download the right PDF": whoever a feature says does something uses it, whatever they act on; "referees are assigned by the league" says what is done to them, not that they act.)
  const inFeature = (a: string) => ctx.profile.features.some((f) => new RegExp(`^${CONDITION_LEAD}(?:[\\w-]+\\s+){0,3}?(?:(?:the|a|an|each|every|our)\\s+)?(?:${plural(a)}|${a})\\b(?!\\s+(?:are|is|get|gets|were|was)\\s+\\w+(?:ed|en)\\b)`, "i").test(f));
  return r.actors.filter((a) => acting.has(a) || inFeature(a)).map((a) => ({ singular: a, plural: plural(a) }));
}

export function userActors(ctx: ProjectContext): Actor[] {
  const acting = actingPeople(ctx);
  const all = acting.length ? acting : [fallbackActor(ctx)];
  const hasBuyer = all.some((a) => a.singular === "buyer");
  const audience = ctx.profile.answers.about("audience").join(" ");
  return all.filter((a) => {
    if (hasBuyer && SAME_AS_BUYER.test(a.singular.split(" ").pop()!)) return false;
    // "Buyers are office workers": the office workers are the buyers.
    // ("The users are members and organisers" names the groups; it describes nobody away.)
    return !new RegExp(`\\b(?!users\\b|people\\b)\\w+s\\s+are\\s+(?:often\\s+|mostly\\s+|mainly\\s+)?${a.plural}\\b`, "i").test(audience);
  });
}

export function actorList(ctx: ProjectContext, n = 3): string[] {
  const a = userActors(ctx).slice(0, n).map((x) => x.plural);
  return a.length ? a : ["users"];
}
