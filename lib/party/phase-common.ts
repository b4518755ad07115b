// What every parallel phase shares: the live roster, notes, spawning and shutdown, and
// the room: what the person says to the team during the phase reaches each addressed
// agent before its next turn, and counts against the phase's message budget.
import { settleAll } from "./settle-all";
import { say, degradationNote, orchestratorMessage, type AgentCall, type PartyContext } from "./agent-step";
import type { PartyEvent } from "./events";
import { heardBy, pendingReplies, unansweredBy, type RoomMessage } from "./room";
import { agentInfo } from "./roster";
import { formatPersonMessages } from "../protocol/person-messages";
import type { Sections } from "../protocol/prompt-sections";
import type { TaskKey, TaskOutput } from "../protocol/tasks";
import { PERSON } from "../vocabulary";

export class PhaseTeam {
  readonly alive: string[];
  /** Agents' messages in the phase (replies to the person included). */
  messages = 0;
  /** Messages the protocol's mandatory turns still need (published as room-update). */
  reserved = 0;
  /** What a reply read at the end of the phase is given as context (set by the protocol). */
  context: Sections = {};
  /** The person's messages of this phase seen so far; each counts against the budget. */
  private readonly heard = new Map<string, RoomMessage>();

  constructor(
    readonly ctx: PartyContext,
    readonly phase: 1 | 2 | 3,
    readonly key: string,
    agents: string[],
    reserved = 0,
  ) {
    this.alive = [...agents];
    this.reserved = reserved;
  }

  get max(): number {
    return this.ctx.personas.phases[String(this.phase) as "1"].max_messages;
  }

  /** Every message of the phase: the agents' and the person's. */
  get used(): number {
    return this.messages + this.heard.size;
  }

  /** A checkpointed read of the room: a replay sees what the first run saw. */
  private async room(key: string): Promise<RoomMessage[]> {
    const { rt } = this.ctx;
    const msgs = await rt.step(key, async () => ({ output: await rt.store.getRoomMessages(rt.partyId, this.phase) }));
    for (const m of msgs) this.heard.set(m.messageId, m);
    return msgs;
  }

  private personMessages(msgs: RoomMessage[]): string {
    return formatPersonMessages(msgs.map((m) => ({ to: m.to ? agentInfo(this.ctx.personas, m.to).name : null, text: m.text })));
  }

  /**
   * One agent message under the failure policy; a second failure removes the agent. The
   * agent first answers what the person said to it since its last turn (a reply turn),
   * and the turn itself reads everything the person said to it in this phase.
   */
  async say<K extends TaskKey>(call: Omit<AgentCall<K>, "phase">): Promise<TaskOutput<K> | null> {
    if (!this.alive.includes(call.agent)) return null;
    const msgs = await this.room(`${call.key}/room`);
    const open = unansweredBy(msgs, call.agent);
    if (open.length && !(await this.reply(`${call.key}/reply`, call.agent, open, call.sections))) return null;
    const heard = heardBy(msgs, call.agent);
    return this.turn(heard.length ? { ...call, sections: { ...call.sections, person_messages: this.personMessages(heard) } } : call);
  }

  private async reply(key: string, agent: string, open: RoomMessage[], sections: Sections): Promise<boolean> {
    const out = await this.turn({
      key,
      agent,
      task: "room.reply",
      sections: { ...sections, person_messages: this.personMessages(open) },
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
      if (call.type !== "work") this.messages++;
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

  /**
   * Whether an optional round of `n` messages fits in the budget beside what the person
   * said and the replies still owed. The round is reserved before the room is read, so a
   * message accepted meanwhile is either seen here or refused by the API.
   */
  async tryRound(label: string, n: number): Promise<boolean> {
    const before = this.reserved;
    await this.plan(label, before + n);
    const msgs = await this.room(`${this.key}/room-${label}/read`);
    if (this.used + pendingReplies(msgs, this.alive) + this.reserved <= this.max) return true;
    await this.plan(`${label}/skip`, before);
    return false;
  }

  /**
   * Before the phase's shutdown: the room closes (the API refuses new messages from
   * here), then every live agent answers what it has not answered yet.
   */
  async wrapUp(): Promise<void> {
    await this.ctx.rt.emit(`${this.key}/room-close`, [{ type: "room-update", data: { phase: this.phase, reserved: 0, open: false } }]);
    this.reserved = 0;
    const msgs = await this.room(`${this.key}/room-close/read`);
    await settleAll(
      [...this.alive].map(async (agent) => {
        const open = unansweredBy(msgs, agent);
        if (open.length) await this.reply(`${this.key}/${agent}/last-reply`, agent, open, this.context);
      }),
    );
  }
}

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

