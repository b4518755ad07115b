// vision.interpretation: each persona reads the person's answer through its own lens,
// quotes it, and asks one teammate a question only that teammate can answer.
import type { InterpretationOutput } from "@inception-party/protocol";
import { actorList } from "../actors-view";
import type { ProjectContext } from "../context";
import { capitalize, joinList, lowerFirst, quote } from "../text-utils";
import { coreFeatures, quotesAbout, scaleFact, successMetrics } from "./vision-facts";

function valueStatement(ctx: ProjectContext): string {
  const t = ctx.traits;
  const f0 = lowerFirst(coreFeatures(ctx, 1)[0] ?? `the core of the ${ctx.profile.head}`);
  if (t.has("marketplace")) return "this lives or dies on trust and reliability on both sides, so verification, reviews and dependable pickups come before growth features";
  if (t.has("health")) return "nurses must stay in charge: the tool saves them time at intake and never decides for them";
  if (t.has("game") || t.has("education")) return "a teacher must start a round in under a minute and students must join without accounts, or it will not be used twice";
  if (t.has("incident_ops")) return "responders will only use it mid-incident if finding a runbook and ticking steps is faster than their own notes";
  if (t.has("iot")) return "dispatchers need fewer, better alerts — every false alarm teaches them to ignore the next one";
  if (t.has("cli")) return "it has to be faster than the shell script people already keep for this";
  return `the first version should do one thing exceptionally well: ${f0}`;
}

function nadia(ctx: ProjectContext): InterpretationOutput {
  const a = ctx.profile.answers;
  const problem = ctx.pain;
  const audience = a.first("audience");
  const success = a.first("success");
  const who = joinList(actorList(ctx, 2));
  const summary = [
    `${capitalize(ctx.profile.subject)}.`,
    problem ? `The core problem, in your words: ${quote(problem)}.` : `You did not name the main pain directly, so I read it from the description: ${who} lack a simple, reliable way to do this today.`,
    audience ? `The people to win first: ${quote(audience)}.` : `The people to win first are ${who}.`,
    success ? `Success is concrete: ${quote(success)}.` : `We still need a success number; I propose ${successMetrics(ctx, "user")[0].toLowerCase()}.`,
    `${ctx.rng("lead").pick(["My read:", "What I take from this:", "In short:", "The way I see it:"])} ${valueStatement(ctx)}.`,
  ].join(" ");
  const points = [
    `Primary users: ${who}${audience ? ` (${quote(audience, 80)})` : ""}`,
    problem ? `Main pain: ${quote(problem, 120)}` : `Main pain to validate in five interviews with ${actorList(ctx, 1)[0]} before building`,
    `Success metric: ${success ? quote(success, 100) : successMetrics(ctx, "user")[0]}`,
    `MVP focus: ${coreFeatures(ctx, 2).map(lowerFirst).join("; ")}`,
  ];
  // Said, not guessed: a sentence the reader could not place is named back to the person.
  const unclear = ctx.reading.unclear.filter((u) => ctx.section("user_response").includes(u.slice(0, 30)));
  if (unclear.length) points.push(`I could not tell what you meant by ${quote(unclear[0], 140)}, so I left it out rather than guess; please say it another way if it matters`);
  const cross = ctx.traits.has("marketplace")
    ? { to: "oscar", question: `Does verifying ${actorList(ctx, 1)[0]} (identity, hygiene, allergens) have to happen before their first listing, or can it follow their first order without legal risk?` }
    : { to: "tessa", question: `Can ${ctx.profile.answers.first("team") ? "the team you heard about" : "a small team"} ship ${coreFeatures(ctx, 2).map((f) => `“${lowerFirst(f)}”`).join(" and ")} in the first release, or which one should wait?` };
  return { vision_summary: summary, key_points: points, cross_question: cross };
}

function oscar(ctx: ProjectContext): InterpretationOutput {
  const legal = ctx.regulations.filter((r) => r.legal);
  const said = quotesAbout(ctx, ["compliance", "payments"], 2);
  const comp = ctx.reading.requirements.filter((r) => r.kind === "product").map((r) => r.name);
  const summary = [
    legal.length
      ? `${ctx.rng("lead").pick(["Regulatory reading:", "From a compliance angle:", "What the rules say:"])} ${joinList(legal.slice(0, 4).map((r) => r.name.split(" (")[0]))} apply, because ${legal[0].scope}${legal[1] ? ` and ${legal[1].scope}` : ""}.`
      : "Regulatory reading: nothing sector-specific applies from what you wrote, so OWASP ASVS Level 2 is our baseline and privacy law follows the launch country.",
    said.length ? `You confirmed ${joinList(said.map((s) => quote(s, 120)))}.` : "",
    legal[0] ? `The obligation that shapes the design most: ${legal[0].obligations[0]}.` : "",
    comp.length ? `Industry context: you named ${joinList(comp.slice(0, 3))}; what they do well sets users' expectations, what you dislike about them is where this product must be better.` : "",
  ]
    .filter(Boolean)
    .join(" ");
  const points = [
    ...legal.slice(0, 3).map((r) => `${r.name.split(" (")[0]}: ${r.obligations[0]}`),
    ...(comp.length ? [`Competitors to study: ${joinList(comp.slice(0, 3))}`] : []),
  ];
  while (points.length < 2) points.push(ctx.regulations[0] ? `${ctx.regulations[0].name}: ${ctx.regulations[0].obligations[0]}` : "Record a lawful purpose and retention period for every piece of personal data");
  const ids = new Set(legal.map((r) => r.id));
  const residency = ids.has("hipaa") ? "HIPAA-eligible services under a BAA" : ids.has("gdpr") || ids.has("uk_gdpr") ? "an EU region" : undefined;
  const cross = residency
    ? { to: "tessa", question: `Can we keep every copy of the data — database, backups, logs, error reports — in ${residency}, or does any tool you have in mind send it elsewhere?` }
    : { to: "nadia", question: `Which personal data can we avoid collecting from ${joinList(actorList(ctx, 2))} entirely? Every field we skip is one less obligation.` };
  return { vision_summary: summary, key_points: points, cross_question: cross };
}

function tessa(ctx: ProjectContext): InterpretationOutput {
  const team = ctx.profile.answers.first("team");
  const skills = ctx.prefs.familyEvidence;
  const scale = scaleFact(ctx);
  const plan = ctx.proposedPlan;
  const summary = [
    `${ctx.rng("lead").pick(["Technical reading:", "On feasibility:", "From the engineering side:"])} ${team ? `the team is ${quote(team)}.` : "you did not say who builds it, so I assume a small team of generalists."}`,
    skills && skills !== team ? `Given ${quote(skills, 100)}, ${plan.language.choice} with ${plan.framework.choice} is the natural base.` : skills ? `That makes ${plan.language.choice} with ${plan.framework.choice} the natural base.` : `${plan.language.choice} with ${plan.framework.choice} is a safe base: widely known, well supported, and easy to hire for.`,
    scale ? `Scale: ${scale} is modest for a single well-built service; no microservices needed.` : "Scale looks modest at launch; one well-built service is enough.",
    ctx.traits.has("realtime") ? "The hard part is real-time: a WebSocket layer with rooms, reconnection and a server-owned clock." : "",
    ctx.traits.has("ehr_integration") ? "The hard part is the EHR: we need a FHIR sandbox early and an outbox so intake never waits for the EHR." : "",
    ctx.traits.has("payments") ? "Payments go through a PSP with webhooks; nothing card-related touches our servers." : "",
  ]
    .filter(Boolean)
    .join(" ");
  const points = [
    `Stack direction: ${plan.language.choice} + ${plan.framework.choice} + ${plan.database.choice.split(" with ")[0]}`,
    `Architecture: ${plan.pattern}`,
    ctx.prefs.singleServer
      ? `Deployment: ${quote(ctx.prefs.singleServer, 100)} — one machine, so every service must fit on it`
      : team
        ? `Capacity: ${quote(team, 100)} — favour managed services over self-hosting`
        : "Capacity unknown — favour managed services until the team is known",
    ...ctx.regulations.filter((r) => ["hipaa", "gdpr", "uk_gdpr", "pci_dss"].includes(r.id)).slice(0, 1).map((r) => `Hosting and vendors must satisfy ${r.name.split(" (")[0]}`),
  ];
  const cross = { to: "nadia", question: `If we can only polish one flow for launch, is it ${joinList(coreFeatures(ctx, 2).map((f) => `“${lowerFirst(f)}”`), "or")}?` };
  return { vision_summary: summary, key_points: points, cross_question: cross };
}

export function writeInterpretation(ctx: ProjectContext): InterpretationOutput {
  const out = ctx.agent === "oscar" ? oscar(ctx) : ctx.agent === "tessa" ? tessa(ctx) : nadia(ctx);
  if (out.cross_question.to === ctx.agent) out.cross_question.to = ctx.agent === "nadia" ? "tessa" : "nadia";
  return out;
}
