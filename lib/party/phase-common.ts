// What every parallel phase shares: the live roster, notes, spawning and shutdown, and
// the room: what the person says to the team during the phase reaches each addressed
// agent before its next turn. The person's remarks and the replies to them sit outside
// the phase's message budget, which bounds the agents' own debate.
import { settleAll } from "./settle-all";
import { say, degradationNote, orchestratorMessage, type AgentCall, type PartyContext } from "./agent-step";
import type { PartyEvent, RemarkCarried } from "../wire/events";
import { countsAgainstBudget, heardBy, unanswered, unansweredBy, type RoomMessage } from "./room";
import { remarkTargets } from "./remark-targets";
import { askedIn, openFollowUps } from "./follow-ups";
import { ARTIFACT_PATHS, formatPersonMessages, type Sections, type TaskKey, type TaskOutput } from "@inception-party/protocol";
import { agentInfo } from "./roster";
import { PERSON, partyPhase } from "../vocabulary";

export class PhaseTeam {
  readonly alive: string[];
  /** The agents' own messages in the phase: what its budget bounds (replies to the person are outside it). */
  messages = 0;
  /** Messages the protocol's mandatory turns still need (published as room-update). */
  reserved = 0;
  /** What the phase's turns read as context (set by the protocol). */
  context: Sections = {};

  constructor(
    readonly ctx: PartyContext,
    readonly phase: 1 | 2 | 3,
    readonly key: string,
    agents: string[],
    reserved = 0,
    /** What every turn of the phase reads besides its own sections: the person's answers. */
    readonly shared: Sections = {},
  ) {
    this.alive = [...agents];
    this.reserved = reserved;
  }

  get max(): number {
    return partyPhase(this.phase).maxMessages;
  }

  /** The agents' debate so far: what the budget counts. */
  get used(): number {
    return this.messages;
  }

  /**
   * One agent message under the failure policy; a second failure removes the agent. The
   * agent first answers what the person said to it since its last turn (a reply turn),
   * and the turn itself reads everything the person said to it in this phase, and what
   * they said in earlier phases.
   */
  async say<K extends TaskKey>(call: Omit<AgentCall<K>, "phase">): Promise<TaskOutput<K> | null> {
    if (!this.alive.includes(call.agent)) return null;
    const all = await readRemarks(this.ctx, `${call.key}/room`);
    const msgs = all.filter((m) => m.phase === this.phase);
    const sections = { ...this.shared, ...call.sections, ...earlierRemarks(this.ctx, all, this.phase) };
    const open = unansweredBy(msgs, call.agent);
    if (open.length && !(await this.reply(`${call.key}/reply`, call.agent, open, sections))) return null;
    const heard = heardBy(msgs, call.agent);
    return this.turn({ ...call, sections: heard.length ? { ...sections, person_messages: personMessages(this.ctx, heard) } : sections });
  }

  private async reply(key: string, agent: string, open: RoomMessage[], sections: Sections): Promise<boolean> {
    const out = await this.turn({
      key,
      agent,
      task: "room.reply",
      sections: { ...sections, person_messages: personMessages(this.ctx, open) },
      recipient: PERSON,
      type: "message",
      replyTo: open.map((m) => m.messageId),
    });
    return out !== null;
  }

  private async turn<K extends TaskKey>(call: Omit<AgentCall<K>, "phase">): Promise<TaskOutput<K> | null> {
    if (!this.alive.includes(call.agent)) return null;
    const r = await say(this.ctx, { ...call, phase: this.phase });
    if (r) {
      if (countsAgainstBudget({ sender: call.agent, type: call.type, replyTo: call.replyTo })) this.messages++;
      return r.output;
    }
    this.alive.splice(this.alive.indexOf(call.agent), 1);
    await this.ctx.rt.emit(`${call.key}/degraded`, [
      { type: "note", data: { kind: "degradation", phase: this.phase, text: degradationNote(this.ctx, call.agent, this.alive.length) } },
    ]);
    return null;
  }

  /** The same task from several agents at once (the parallel part of each protocol). */
  async all<K extends TaskKey>(agents: string[], make: (agent: string) => Omit<AgentCall<K>, "phase">) {
    const live = agents.filter((a) => this.alive.includes(a));
    const outs = await settleAll(live.map((a) => this.say(make(a))));
    return live.flatMap((agent, i) => (outs[i] ? [{ agent, output: outs[i] as TaskOutput<K> }] : []));
  }

  broadcast(key: string, label: string, content: string, summary: string): Promise<void> {
    return this.ctx.rt.emit(`${this.key}/${key}`, orchestratorMessage(this.ctx, `${this.key}/${key}`, this.phase, null, label, content, summary));
  }

  /** Publishes how many messages the protocol's mandatory turns still need. */
  async plan(label: string, reserved: number): Promise<void> {
    this.reserved = Math.max(0, reserved);
    await this.ctx.rt.emit(`${this.key}/room-${label}`, [{ type: "room-update", data: { phase: this.phase, reserved: this.reserved, open: true } }]);
  }

  /** Whether an optional round of `n` agent messages fits in the phase's budget beside its mandatory turns. */
  async tryRound(label: string, n: number): Promise<boolean> {
    const before = this.reserved;
    if (this.used + before + n <= this.max) {
      await this.plan(label, before + n);
      return true;
    }
    return false;
  }

  /**
   * Before the phase's shutdown the room closes, and what the person said that no agent
   * could answer in a turn of its own is handed on: to the next phase's agents, or — after
   * the last debating phase, whose documents are written — to a revision of the documents
   * it concerns. A departing agent's promise would be empty.
   */
  async wrapUp(): Promise<void> {
    await this.ctx.rt.emit(`${this.key}/room-close`, [{ type: "room-update", data: { phase: this.phase, reserved: 0, open: false } }]);
    this.reserved = 0;
    const msgs = (await readRemarks(this.ctx, `${this.key}/room-close/read`)).filter((m) => m.phase === this.phase);
    const left = unanswered(msgs, this.alive);
    if (!left.length) return;
    const next = this.phase < 3 ? ((this.phase + 1) as 2 | 3) : null;
    const docs = next ? {} : await currentDocuments(this.ctx, `${this.key}/room-close/documents`);
    const events: PartyEvent[] = left.flatMap((m) => {
      const carried: RemarkCarried = next ? { where: "next-phase", phase: next } : { where: "revision", artifactPaths: remarkTargets(m.text, docs) };
      const where = next ? `the agents of ${partyPhase(next).name}, who answer it first` : "a revision of the documents it concerns, made as soon as the team is free";
      return [
        { type: "remark-carried" as const, data: { messageId: m.messageId, ...carried } },
        { type: "note" as const, data: { kind: "info" as const, phase: this.phase, text: `Your remark “${excerpt(m.text)}” came as ${partyPhase(this.phase).name} was ending: it goes to ${where}.` } },
      ];
    });
    await this.ctx.rt.emit(`${this.key}/room-carry`, events);
  }
}

/** The team's questions still open at a gate, for its details (a checkpointed read of the answers so far). */
export async function gateFollowUps(ctx: PartyContext, key: string) {
  const open = openFollowUps(askedIn(ctx.rt), await readRemarks(ctx, `${key}/follow-ups`));
  return open.map((f) => ({ id: f.id, agent: f.agent, name: agentInfo(ctx.personas, f.agent).name, text: f.text }));
}

/** The person's remarks as a turn reads them: a checkpointed read, so a replay sees what the first run saw. */
export function readRemarks(ctx: PartyContext, key: string): Promise<RoomMessage[]> {
  return ctx.rt.step(key, async () => ({ output: await ctx.rt.store.getRemarks(ctx.rt.partyId) }));
}

/** Remarks as the `person_messages` section writes them, naming whom each was said to. */
export function personMessages(ctx: PartyContext, msgs: readonly RoomMessage[]): string {
  return formatPersonMessages(msgs.map((m) => ({ to: m.to ? agentInfo(ctx.personas, m.to).name : null, text: m.text })));
}

/** What the person said before this phase: every later turn reads it as part of the project. */
export function earlierRemarks(ctx: PartyContext, all: readonly RoomMessage[], phase: number): Sections {
  const earlier = all.filter((m) => m.phase !== null && m.phase < phase);
  return earlier.length ? { person_remarks: personMessages(ctx, earlier) } : {};
}

/** The documents as they are now, by path (a checkpointed read). */
async function currentDocuments(ctx: PartyContext, key: string): Promise<Record<string, string>> {
  return ctx.rt.step(key, async () => {
    const out: Record<string, string> = {};
    for (const path of Object.values(ARTIFACT_PATHS)) {
      const a = await ctx.rt.store.getArtifact(ctx.rt.partyId, path);
      if (a) out[path] = a.content;
    }
    return { output: out };
  });
}

const excerpt = (text: string) => {
  const one = text.replace(/\s+/g, " ").trim();
  return one.length <= 80 ? one : `${one.slice(0, 77)}…`;
};

export function spawnEvents(ctx: PartyContext, phase: number, agents: string[]): PartyEvent[] {
  return agents.map((a) => {
    const info = agentInfo(ctx.personas, a);
    return { type: "agent-spawn" as const, data: { agent: a, name: info.name, title: info.title, style: info.style, phase, model: ctx.models.modelFor(a).spec } };
  });
}

/** A shutdown_request to each member at phase end: members live for one phase only. */
export function shutdownEvents(ctx: PartyContext, key: string, phase: number, agents: string[]): PartyEvent[] {
  return agents.flatMap((a) => [
    ...orchestratorMessage(ctx, `${key}/shutdown/${a}`, phase, a, "SHUTDOWN", `Phase ${phase} complete. Thank you for your contribution.`, `Shutdown request for ${agentInfo(ctx.personas, a).name}`, "shutdown_request"),
    { type: "agent-shutdown" as const, data: { agent: a, phase } },
  ]);
}

