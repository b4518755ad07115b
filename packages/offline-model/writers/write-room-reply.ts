// room.reply: the person spoke into the room. A question is answered for this project
// ("Is SQLite enough?" gets an answer about SQLite for these entities at this scale);
// a request becomes change operations, each agreed to with what the agent will now do
// or declined with the reason; what cannot be read is said to be unclear, with what
// the agent keeps meanwhile.
import { parsePersonMessages, type ReplyOutput } from "@inception-party/protocol";
import type { ProjectContext } from "../context";
import { applyChangeOps, techOf } from "../knowledge/apply-change-ops";
import { modelChanges } from "../knowledge/model-changes";
import { techPattern, type Tech } from "../knowledge/tech-catalog";
import { parseChangeRequest } from "../reading/change-request";
import { joinList, quote, truncate } from "../text-utils";

const QUESTION = /\?\s*$|^(?:what|why|how|is|are|can|could|should|would|do|does|did|which|will|who|where|when)\b/i;

/** Scale in the person's words ("about 300 members"), or what the description implies. */
function scaleOf(ctx: ProjectContext): string {
  const q = ctx.reading.quantities.find((x) => x.kind === "count" && x.unit && !/developer|engineer|person|people|month|week|day|year|minute|second|hour/.test(x.unit));
  return q ? q.text : "the launch scale you described";
}

/** An answer about one technology, for this project. */
function aboutTech(ctx: ProjectContext, t: Tech): string {
  const plan = ctx.plan;
  const inPlan = [plan.language, plan.framework, plan.database, ...plan.additional].find((c) => techPattern(t).test(c.choice));
  const entities = ctx.model.entities.filter((e) => e.name !== "User").slice(0, 4).map((e) => e.name);
  if (inPlan) return `${t.label} is in the plan for ${ctx.title} (${inPlan.choice}): ${truncate(inPlan.rationale, 240)}`;
  if (t.kind === "database") {
    const writers = joinList(ctx.reading.actors.slice(0, 2).map((a) => `${a}s`)) || "your users";
    const small = t.id === "sqlite"
      ? `At ${scaleOf(ctx)}, SQLite on one server (with Litestream backups) would hold ${joinList(entities)} comfortably; what it cannot do is take writes from several app instances at once, or run on a host without a persistent disk.`
      : `${t.label} could store ${joinList(entities)} as well.`;
    return `${small} The plan uses ${plan.database.choice} because ${truncate(plan.database.rationale, 200)}, and ${writers} writing at the same time favour it. If you prefer ${t.label}, say “use ${t.label}” and the stack is revised around it.`;
  }
  const rival = t.kind === "framework" ? plan.framework : t.kind === "family" ? plan.language : t.kind === "hosting" ? plan.additional.find((a) => a.slot === "hosting") : undefined;
  if (rival) return `${t.label} is not in the plan for ${ctx.title}; it uses ${rival.choice} because ${truncate(rival.rationale, 200)}. Say “use ${t.label}” if you want it instead.`;
  return `${t.label} is not in the plan for ${ctx.title}: nothing you described needs it yet (${t.note ?? "it would be one more service to run"}). Say “add ${t.label}” if you want it.`;
}

export function writeRoomReply(ctx: ProjectContext): ReplyOutput {
  const messages = parsePersonMessages(ctx.section("person_messages"));
  const parts: string[] = [];
  const changes: string[] = [];
  for (const m of messages) {
    const said = m.text.replace(/\s+/g, " ").trim();
    const lines: string[] = [];
    // An agreed change is said in the reply and recorded among the changes, together.
    const agree = (line: string, change: string) => {
      lines.push(line);
      changes.push(change);
    };
    const request = parseChangeRequest(said);
    const questions = request.unclear.filter((u) => QUESTION.test(u));
    for (const q of questions) {
      const techs = [...new Set([...q.matchAll(/[A-Za-z][\w.#+-]*(?:\s+[A-Z][\w.]*)?/g)].map((x) => techOf(x[0])).filter((t): t is Tech => Boolean(t)))];
      if (techs.length) for (const t of techs.slice(0, 2)) lines.push(aboutTech(ctx, t));
      else {
        const entity = ctx.model.entities.find((e) => new RegExp(`\\b${e.name.replace(/([a-z])([A-Z])/g, "$1 $2")}s?\\b`, "i").test(q));
        lines.push(
          entity
            ? `${entity.name}: ${entity.purpose.toLowerCase()}; it holds ${joinList(entity.fields.filter((f) => !f.primary).slice(0, 5).map((f) => f.name))}.`
            : `To ${quote(q)}: for ${ctx.title} my answer rests on what you told us — ${ctx.pain ? `the main pain is ${quote(ctx.pain)}` : `the first release covers ${joinList(ctx.profile.features.slice(0, 2).map((f) => f.toLowerCase()))}`}. Ask me about a part of the plan by name and I can be specific.`,
        );
      }
    }
    // Requests: a stack change is applied to the plan, a data change to the model; each is agreed or declined.
    const stackOps = request.ops.filter((o) => techOf(o.target) || (o.replacement && techOf(o.replacement)));
    if (stackOps.length) {
      // Judged against the plan before these remarks, so the reply says what they change.
      const r = applyChangeOps(ctx.planBeforeRemarks, stackOps, ctx.stackInput);
      for (const o of r.outcomes) {
        if (o.applied) {
          const what = o.op.op === "replace" ? `replace ${o.op.target} with ${o.op.replacement}` : `${o.op.op === "add" ? "use" : o.op.op === "remove" ? "drop" : "keep out"} ${o.op.target}`;
          agree(`Agreed to ${what}${o.op.reason ? ` (${o.op.reason})` : ""}: ${o.note}.`, o.note);
        } else lines.push(`I will not do ${quote(o.op.text)}: ${o.note}.`);
      }
    }
    const rest = request.ops.filter((o) => !stackOps.includes(o));
    if (rest.length) {
      const mc = modelChanges(rest, ctx.reading, ctx.model.entities.map((e) => e.name));
      for (const d of mc.add) agree(`Agreed: the data model gets a ${d.name} entity (${typeof d.fields === "string" ? d.fields.split(";").map((f) => f.split(":")[0].trim()).join(", ") : "its fields"}).`, `Add the ${d.name} entity`);
      for (const n of mc.remove) agree(`Agreed: ${n} comes out of the data model and every document that uses it.`, `Remove ${n}`);
      if (mc.noMoney) agree("Agreed: no money anywhere — no payment provider, no price or amount fields, no PCI scope.", "No payments: remove every money field and payment table");
      for (const o of mc.rest) agree(`Noted: ${quote(o.text)} — it becomes a requirement the documents of this phase must meet.`, `Requirement: ${o.text}`);
    }
    lines.push(...request.unclear.filter((x) => !questions.includes(x)).map((u) => `I could not tell what you want changed in ${quote(u)}; I kept ${ctx.plan.language.choice} with ${ctx.plan.framework.choice} and ${ctx.plan.database.choice} as they are. Say “add …”, “drop …” or “use … instead of …” if you meant a change.`));
    parts.push(`You said ${quote(said)}.\n${lines.join("\n")}`);
  }
  if (!parts.length) parts.push(`Nothing reached me from you in this phase, so I carry on with ${ctx.title} as discussed.`);
  return { reply: parts.join("\n\n"), changes: [...new Set(changes)] };
}
