// The PRD (classic D7, step 5): functional requirements with acceptance criteria,
// non-functional targets, MVP scope versus deferred, and the questions still open.
import { ARTIFACT_KINDS } from "@inception-party/protocol";
import { actorList, userActors } from "../actors-view";
import type { ProjectContext } from "../context";
import type { AnswerTopic } from "../knowledge/extract-profile";
import { bullets, doc, numbered, table } from "../markdown";
import { capitalize, joinList, lowerFirst, stripTrailingPunct } from "../text-utils";
import { criticalPaths } from "./critical-paths";
import { nadiaCandidates, oscarCandidates, tessaCandidates } from "./question-bank";
import { coreFeatures, successMetrics } from "./vision-facts";

const STOP = new Set(["with", "that", "from", "then", "when", "each", "have", "only", "must", "more", "every", "their", "after", "before", "into", "same", "they", "this", "what", "which", "within"]);
const significant = (s: string) =>
  new Set(
    (s.toLowerCase().replace(/\bpa(?:y|ys|id|ying)\b/g, "payment").match(/[a-z]{4,}/g) ?? [])
      .map((w) => w.replace(/s$/, ""))
      .filter((w) => !STOP.has(w)),
  );

/** The critical path that best matches a feature: longer shared words weigh more, name words triple. */
function bestPath(ctx: ProjectContext, feature: string) {
  const words = significant(feature);
  let best: { score: number; path?: ReturnType<typeof criticalPaths>[number] } = { score: 0 };
  for (const p of criticalPaths(ctx)) {
    const weight = (ws: Set<string>) => [...ws].filter((w) => words.has(w)).reduce((n, w) => n + w.length, 0);
    const score = weight(significant(p.name)) * 3 + weight(significant(p.mustHold));
    if (score > best.score) best = { score, path: p };
  }
  return best.score >= 8 ? best.path : undefined;
}

function acceptance(ctx: ProjectContext, feature: string): string {
  const f = lowerFirst(stripTrailingPunct(feature));
  const path = bestPath(ctx, feature);
  const who = userActors(ctx).find((a) => new RegExp(`\\b${a.singular.split(" ").pop()}`, "i").test(f))?.singular ?? actorList(ctx, 1)[0].replace(/s$/, "");
  return path ? `${path.mustHold}.` : `${/^[aeiou]/i.test(who) ? "an" : "a"} ${who} can complete “${f}” end to end on a phone-sized screen, errors are explained in plain language, and the result is visible to the people it concerns.`;
}

function deferred(ctx: ProjectContext, rest: string[]): string[] {
  const t = ctx.traits;
  const extra: string[] = [];
  if (!t.has("cli")) extra.push("Native mobile apps (the responsive web app comes first)");
  if (t.has("marketplace")) extra.push("Delivery by couriers (pickup only at launch)", "Promotions and discount codes");
  if (t.has("health")) extra.push("Patient-facing results or messaging (staff-facing only at launch)");
  if (t.has("game")) extra.push("Team mode and custom scoring rules");
  if (t.has("incident_ops")) extra.push("Automatic runbook suggestions from alert payloads");
  if (t.has("iot")) extra.push("Over-the-air firmware rollout from the dashboard");
  extra.push("Analytics dashboards beyond the success metrics", "Languages beyond the launch language");
  return [...rest, ...extra].slice(0, 8);
}

/** A question's topic → the topic of the answer sentences that already settle it. */
const ANSWERED_BY: Record<string, AnswerTopic> = { users: "audience", success: "success", pain: "problem", stack: "skills", team: "team", scale: "scale", GDPR: "compliance" };

function openQuestions(ctx: ProjectContext): string[] {
  const all = [...nadiaCandidates(ctx), ...oscarCandidates(ctx), ...tessaCandidates(ctx)].sort((a, b) => b.score - a.score);
  const answered = (topic: string) => Object.hasOwn(ANSWERED_BY, topic) && ctx.profile.answers.about(ANSWERED_BY[topic]).length > 0;
  return [...new Set(all.filter((c) => !answered(c.topic)).map((c) => c.text))].slice(0, 5);
}

export function writePrd(ctx: ProjectContext): string {
  const features = coreFeatures(ctx, 12);
  // The MVP is what the person listed plus what the law or trust requires; other extras wait.
  const listed = new Set(ctx.profile.features.map((f) => f.toLowerCase()));
  const essential = /payment|confirm|anonym|nickname|sso|sign-in|allergen|onboarding|export|erasure|audit/i;
  const inMvp = features.filter((f) => listed.has(f.toLowerCase()) || essential.test(f));
  const mvpFeatures = inMvp.length >= 2 ? inMvp : features.slice(0, Math.max(2, Math.ceil(features.length * 0.7)));
  const t = ctx.traits;
  const frs = features.map((f, i) => `**FR-${i + 1}: ${capitalize(stripTrailingPunct(f))}.** Acceptance: ${acceptance(ctx, f)}`);
  const nfr: string[][] = [
    ["Performance", t.has("realtime") ? "Real-time updates reach every client within 500 ms at p95; pages interactive within 2 s on a mid-range phone" : "API p95 under 300 ms; pages interactive within 2 s on a mid-range phone"],
    ["Availability", "99.5% monthly for the main journey; planned maintenance outside peak hours"],
    ["Security", `OWASP ASVS Level 2${ctx.regulations.some((r) => r.legal) ? `; ${joinList(ctx.regulations.filter((r) => r.legal).slice(0, 3).map((r) => r.name.split(" (")[0]))}` : ""}`],
    ["Privacy", t.region.eu ? "GDPR: data minimisation, export and erasure, EU hosting" : t.has("health") ? "HIPAA: minimum necessary access, audit trail, BAAs" : "Collect only what a feature needs; deletion on request"],
    ["Scalability", `Launch volume${ctx.profile.numbers[0] ? ` (${ctx.profile.numbers.slice(0, 2).join(", ")})` : ""} on one service; 10× headroom without redesign`],
    ["Accessibility", t.has("cli") ? "Readable output without colour; screen-reader friendly `--json`" : "WCAG 2.2 AA"],
    ["Observability", "Errors, latency and business events visible on one dashboard; alerts page the on-call developer"],
  ];
  const intro = `${capitalize(ctx.profile.subject)}. For ${joinList(actorList(ctx, 3))}. Success: ${successMetrics(ctx)[0].replace(/^As you defined it: /, "")}.`;
  return doc(`${ARTIFACT_KINDS.prd.title} — ${ctx.title}`, intro, [
    ["Functional Requirements", frs.join("\n\n")],
    ["Non-Functional Requirements", table(["Quality", "Target"], nfr)],
    ["MVP Scope", `${numbered(mvpFeatures.map((f) => `FR-${features.indexOf(f) + 1} — ${capitalize(stripTrailingPunct(f))}`))}\n\nThe MVP is done when the success metric can be measured in production.`],
    ["Deferred", bullets(deferred(ctx, features.filter((f) => !mvpFeatures.includes(f))))],
    ["Open Questions", bullets(openQuestions(ctx).length ? openQuestions(ctx) : ["None blocking: the answers so far cover users, scope, constraints and success."])],
  ]);
}
