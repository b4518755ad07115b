// Candidate questions per persona, each scored by how much it matters for THIS
// project, built from what the person said and what the team cannot know without them.
// Topics never overlap between personas: Nadia owns users, pain and success; Oscar owns
// rules, data and alternatives; Tessa owns scale, team, platform and what the product
// must talk to. A question never names another domain's people or things.
import type { ProjectContext } from "../context";
import { joinList, lowerFirst } from "../text-utils";
import { actorList, userActors } from "../actors-view";

export interface Candidate {
  topic: string;
  text: string;
  score: number;
}

/** A measure in the person's own terms: the records people make ("bookings per week"), else use. */
function successExamples(ctx: ProjectContext): string {
  const acts = [...new Set(ctx.reading.acts.map((a) => a.record))].slice(0, 2);
  const who = userActors(ctx)[0]?.plural ?? "people";
  return acts.length ? `${joinList(acts.map((a) => `${a}s per week`), "or")}, or how many ${who} come back after a month` : `how many ${who} use it each week, or how many come back after a month`;
}

export function nadiaCandidates(ctx: ProjectContext): Candidate[] {
  const p = ctx.profile;
  const who = joinList(actorList(ctx, 2));
  const feats = p.features.map((f) => lowerFirst(f));
  const out: Candidate[] = [
    { topic: "users", text: `Who exactly are the first ${who} you will put this in front of, and what do they do today instead?`, score: 9 },
    { topic: "success", text: `Three months after launch, which number tells you it worked — for example ${successExamples(ctx)}?`, score: 8 },
    {
      topic: "pain",
      text: feats.length >= 2 ? `Which part hurts most today: ${joinList(feats.slice(0, 3).map((f) => `“${f}”`), "or")}? That is where the first version should shine.` : `What is the single most painful moment for ${who} today that the first version must fix?`,
      score: ctx.pain ? 6 : 8.6,
    },
    { topic: "adoption", text: `What would make ${who} use this every week instead of the workaround they have now — and who decides that they switch?`, score: 7.8 },
  ];
  if (feats.length >= 3) out.push({ topic: "scope", text: `If the first release could only do two of these — ${joinList(feats.slice(0, 4), "or")} — which two?`, score: 6.5 });
  return out;
}

export function oscarCandidates(ctx: ProjectContext): Candidate[] {
  const t = ctx.traits;
  const who = joinList(actorList(ctx, 2));
  const out: Candidate[] = [];
  // A law applies only where the person placed the users; where nothing says, that is the question.
  if (t.region.unknown) out.push({ topic: "region", text: `In which countries will ${who} use it? That decides which privacy law applies to the personal data it keeps.`, score: 9.4 });
  out.push(...ctx.regulations.filter((x) => x.legal).slice(0, 2).map((r) => ({ topic: r.name.split(" (")[0], text: `${r.name.split(" (")[0]} applies because ${r.scope}: ${r.obligations[0]}. Is that handled on your side already, or must the product do it?`, score: 9.2 })));
  if (ctx.reading.paysInProduct) out.push({ topic: "payments", text: "Which payment methods must work on day one, and in which currencies? A payment provider should hold all card data, so the product never stores card numbers.", score: 9 });
  out.push({ topic: "data", text: `Which personal data do you need from ${who}, and for how long? Keeping only what a purpose needs makes every later rule easier.`, score: 8.2 });
  const named = ctx.reading.requirements.filter((r) => r.kind === "product").map((r) => r.name);
  out.push(
    named.length
      ? { topic: "alternatives", text: `You named ${joinList(named.slice(0, 3))}: what should ${who} keep from it, and what made it not good enough?`, score: 7.6 }
      : { topic: "alternatives", text: `What do ${who} use today — spreadsheets, chat groups, an off-the-shelf product — and what would make them switch?`, score: 7.4 },
  );
  out.push({ topic: "regulation", text: "Is there any regulation, customer contract or industry standard that applies to the data you will hold? If not, we treat OWASP ASVS Level 2 as the bar.", score: 6 });
  return out;
}

export function tessaCandidates(ctx: ProjectContext): Candidate[] {
  const t = ctx.traits;
  const p = ctx.profile;
  const num = p.numbers.find((n) => /\d/.test(n) && !/%|person|developers?|engineers?/i.test(n));
  const who = joinList(actorList(ctx, 2));
  const out: Candidate[] = [
    {
      topic: "scale",
      text: t.has("realtime")
        ? `How many people will be connected at the same time at peak${num ? ` (you mentioned ${num})` : ""}, and how fast must an update reach every device — under a second?`
        : `How many ${who} do you expect at launch and after a year, and what does the busiest hour look like${num ? ` (you mentioned ${num})` : ""}?`,
      score: t.has("realtime") ? 9.5 : 8.5,
    },
    ctx.prefs.family
      ? { topic: "team", text: "Who is building it and by when — how many developers, and is there a date the first version must be live?", score: 8.8 }
      : { topic: "stack", text: "What does your team already know well — languages, frameworks, cloud — and is there anything you must not use?", score: 9 },
    { topic: "constraints", text: "Any hard constraints — a cloud you already pay for, a monthly budget ceiling, data that must stay in one region?", score: 7.2 },
  ];
  // What the person said the product must talk through or run on, asked about precisely.
  for (const r of ctx.reading.requirements) {
    if (r.kind === "device") out.push({ topic: "devices", text: `You mentioned ${r.name === "phone" ? "phones" : `${r.name}s`}: which ones, who looks after them, and must the screens on them keep working when the connection drops?`, score: 8.6 });
    if (r.kind === "channel") out.push({ topic: "channels", text: `For the ${r.name} messages: what goes out, how long before, and may people reply or opt out?`, score: 8.7 });
    if (r.kind === "product" && r.relation === "integrates") out.push({ topic: "integration", text: `How do we reach ${r.name} — an API with a test account we can use, or exports only?`, score: 9 });
  }
  if (t.has("cli") || t.has("k8s_operator")) out.push({ topic: "platform", text: "Where must it run — which operating systems or platforms and versions — and how should people install it?", score: 9.2 });
  else if (t.has("mobile")) out.push({ topic: "platform", text: `Do ${who} need an app from the App Store, or is a mobile web page opened from a link or code enough?`, score: 8.4 });
  if (ctx.reading.offline) out.push({ topic: "connectivity", text: "How long may a device be offline, and who wins when two people edit the same record while disconnected?", score: 9 });
  return out;
}

export function classicCandidates(ctx: ProjectContext): Candidate[] {
  // Classic D7 probes problem, users, features, constraints and success in one go: Nadia's first two (users, success) and Tessa's first (scale).
  const [users, success] = nadiaCandidates(ctx);
  return [
    users,
    { topic: "constraints", text: "What constraints should we design around — team size and skills, deadline, budget, and any rules the data falls under?", score: 8 },
    success,
    tessaCandidates(ctx)[0],
  ];
}
