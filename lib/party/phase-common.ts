// What every parallel phase shares: the live roster, notes, spawning and shutdown.
import { agentSays, degradationNote, orchestratorMessage, type AgentCall, type PartyContext } from "./agent-step";
import type { PartyEvent } from "./events";
import { agentInfo, ORCHESTRATOR } from "./roster";
import type { TaskKey, TaskOutput } from "../protocol/tasks";

export class PhaseTeam {
  readonly alive: string[];
  messages = 0;

  constructor(
    readonly ctx: PartyContext,
    readonly phase: 1 | 2 | 3,
    readonly key: string,
    agents: string[],
  ) {
    this.alive = [...agents];
  }

  get max(): number {
    return this.ctx.personas.phases[String(this.phase) as "1"].max_messages;
  }

  /** One agent message under the failure policy; a second failure removes the agent. */
  async say<K extends TaskKey>(call: Omit<AgentCall<K>, "phase">): Promise<TaskOutput<K> | null> {
    if (!this.alive.includes(call.agent)) return null;
    const r = await agentSays(this.ctx, { ...call, phase: this.phase });
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
    const outs = await Promise.all(live.map((a) => this.say(make(a))));
    return live.flatMap((agent, i) => (outs[i] ? [{ agent, output: outs[i] as TaskOutput<K> }] : []));
  }

  broadcast(key: string, label: string, content: string, summary: string): Promise<void> {
    return this.ctx.rt.emit(`${this.key}/${key}`, orchestratorMessage(this.ctx, `${this.key}/${key}`, this.phase, null, label, content, summary));
  }
}

export function spawnEvents(ctx: PartyContext, phase: number, agents: string[]): PartyEvent[] {
  return agents.map((a) => {
    const info = agentInfo(ctx.personas, a);
    return { type: "agent-spawn" as const, data: { agent: a, name: info.name, title: info.title, style: info.style, phase, model: ctx.models.modelFor(a).spec } };
  });
}

/** 000 §3.4: a shutdown_request to each member at phase end. */
export function shutdownEvents(ctx: PartyContext, key: string, phase: number, agents: string[]): PartyEvent[] {
  return agents.flatMap((a) => [
    ...orchestratorMessage(ctx, `${key}/shutdown/${a}`, phase, a, "SHUTDOWN", `Phase ${phase} complete. Thank you for your contribution.`, `Shutdown request for ${agentInfo(ctx.personas, a).name}`, "shutdown_request"),
    { type: "agent-shutdown" as const, data: { agent: a, phase } },
  ]);
}

export { ORCHESTRATOR };
