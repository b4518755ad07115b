// The party's log as terminal text: a header per message ("NADIA → ORCHESTRATOR ·
// QUESTIONS") and its tokens as they arrive, phase banners, notes, and the SUGGESTED
// NEXT STEPS blocks. Three agents speak at once in party mode; a terminal has one
// cursor, so output is a queue of blocks in log order: the message at the head streams
// live, the ones behind it collect their tokens and are shown, caught up, when their
// turn comes.
import { defaultPersonaConfig, type PersonaConfig } from "../agents/persona-config";
import type { Delta } from "../events/bus";
import { endReport, hasOpenEnds, type CritiqueOutcome } from "../report/end-report";
import type { InputRequestData, MessageMeta, StatedRequirement, StoredEvent } from "../wire/events";
import { agentInfo } from "../party/roster";
import { plainStyle, type Style } from "./style";

export interface RenderOptions {
  write(s: string): void;
  style?: Style;
  /** Direct mode: show each question and the answer given for it. */
  direct?: boolean;
  personas?: PersonaConfig;
}

interface MessageBlock {
  kind: "message";
  meta: MessageMeta;
  /** Text received so far, contiguous from offset 0. */
  text: string;
  printed: number;
  started: boolean;
  done: boolean;
  discarded: string | null;
  final: string | null;
}

type Block = { kind: "text"; text: string } | MessageBlock;

const MAX_HELD_DELTAS = 10_000;

export class TerminalRenderer {
  private readonly queue: Block[] = [];
  private readonly messages = new Map<string, MessageBlock>();
  /** Live deltas that overtook their message-start (deltas skip the database). */
  private readonly held = new Map<string, Delta[]>();
  private heldCount = 0;
  private readonly names = new Map<string, { name: string; title: string }>();
  /** Each request's options, to name the chosen one in its answer. */
  private readonly options = new Map<string, InputRequestData["options"]>();
  /** The walkthrough's reviews: their answer's text is the per-step choices, told by the steps' own lines. */
  private readonly reviews = new Set<string>();
  /** What the end reports on (end-report.ts): the documents as they stand, their critiques, the missing ones. */
  private readonly docs: Record<string, { title: string; content: string }> = {};
  private readonly critiques: CritiqueOutcome[] = [];
  private readonly missing = new Map<string, { path: string; title: string }>();
  private readonly s: Style;
  private readonly personas: PersonaConfig;
  /** Whether the last character written ended a line. */
  private atLineStart = true;

  constructor(private readonly o: RenderOptions) {
    this.s = o.style ?? plainStyle;
    this.personas = o.personas ?? defaultPersonaConfig();
  }

  private out(s: string): void {
    if (!s) return;
    this.o.write(s);
    this.atLineStart = s.endsWith("\n");
  }

  private line(s: string): void {
    this.queue.push({ kind: "text", text: `${s}\n` });
  }

  /** The open ends of a completed party, one line each; none when everything passed. */
  private openEnds(requirements: StatedRequirement[]): string[] {
    const r = endReport({ critiques: this.critiques, artifacts: this.docs, missing: [...this.missing.values()], requirements });
    if (!hasOpenEnds(r)) return [];
    return [
      "Open ends:",
      ...r.weak.map((w) => `  - ${w.title} did not pass its critique (${w.why}): revise it or ask for another round.`),
      ...r.missing.map((m) => `  - ${m.title} was never written.`),
      ...(r.uncovered.length ? [`  - You asked for ${r.uncovered.map((q) => q.name).join(", ")}; no document covers ${r.uncovered.length === 1 ? "it" : "them"} yet.`] : []),
    ];
  }

  private name(agent: string): string {
    return this.names.get(agent)?.name ?? agentInfo(this.personas, agent).name;
  }

  private who(agent: string): string {
    const n = this.names.get(agent) ?? agentInfo(this.personas, agent);
    return n.title && n.title !== n.name ? `${n.name} (${n.title})` : n.name;
  }

  /** Writes every block that can be written now. */
  private pump(): void {
    while (this.queue.length) {
      const b = this.queue[0];
      if (b.kind === "text") {
        if (!this.atLineStart) this.out("\n");
        this.out(b.text);
        this.queue.shift();
        continue;
      }
      if (!b.started) {
        if (b.discarded !== null && b.text === "") {
          this.queue.shift();
          continue;
        }
        if (!this.atLineStart) this.out("\n");
        this.out(`\n${this.header(b.meta)}\n`);
        b.started = true;
      }
      if (b.text.length > b.printed) {
        this.out(b.text.slice(b.printed));
        b.printed = b.text.length;
      }
      if (b.discarded !== null) {
        this.out(`${this.atLineStart ? "" : "\n"}${this.s.dim(`[message withdrawn: ${b.discarded}]`)}\n`);
      } else if (b.done) {
        this.out(this.ending(b.text, b.final ?? b.text));
        if (!this.atLineStart) this.out("\n");
      } else {
        return;
      }
      this.queue.shift();
    }
  }

  /** What to print after the streamed text so the message reads as stored. */
  private ending(streamed: string, final: string): string {
    if (final.startsWith(streamed)) return final.slice(streamed.length);
    // The stored message differs from what streamed. A line added in the middle (the
    // orchestrator names the file in ARTIFACT FINALIZED) is shown as an addition;
    // anything else, the final text whole rather than a wrong tail.
    let p = 0;
    while (p < streamed.length && streamed[p] === final[p]) p++;
    const added = final.length - streamed.length;
    if (added > 0 && final.slice(p + added) === streamed.slice(p)) {
      return `${streamed.endsWith("\n") ? "" : "\n"}${this.s.dim(`+ ${final.slice(p, p + added).trim()}`)}\n`;
    }
    return `\n${this.s.dim("— final text —")}\n${final}`;
  }

  private header(m: MessageMeta): string {
    const from = this.name(m.sender).toUpperCase();
    const to = m.recipient ? this.name(m.recipient).toUpperCase() : "ALL";
    return `${this.s.agent(m.sender, from)} ${this.s.dim("→")} ${to} ${this.s.dim("·")} ${this.s.bold(m.label)}`;
  }

  delta(d: Delta): void {
    const b = this.messages.get(d.messageId);
    if (!b) {
      if (this.heldCount >= MAX_HELD_DELTAS) return;
      const list = this.held.get(d.messageId) ?? [];
      list.push(d);
      this.held.set(d.messageId, list);
      this.heldCount++;
      return;
    }
    if (b.done || b.discarded !== null) return;
    const end = d.offset + d.text.length;
    // Only what extends the contiguous text: a gap waits for the stored batch or the end.
    if (d.offset > b.text.length || end <= b.text.length) return;
    b.text += d.text.slice(b.text.length - d.offset);
    if (this.queue[0] === b) this.pump();
  }

  event(e: StoredEvent): void {
    const s = this.s;
    switch (e.type) {
      case "party-start":
        this.line(`${s.bold(`◆ ${e.data.title}`)}`);
        this.line(s.dim(e.data.description));
        break;
      case "mode-resolved": {
        const how = e.data.via === "flag" ? `--${e.data.mode}` : e.data.via === "menu" ? "chosen at the menu" : "fallback after party mode failed";
        this.line(`${s.dim("Mode:")} ${e.data.mode === "party" ? "Party" : "Classic"} ${s.dim(`(${how})`)}`);
        break;
      }
      case "team-create":
        this.line(s.dim(`Team ${e.data.team_name} created.`));
        break;
      case "phase-start": {
        const title = ` Phase ${e.data.phase} · ${e.data.name} `;
        this.line("");
        this.line(s.cyan(s.bold(`══${title}${"═".repeat(Math.max(4, 60 - title.length))}`)));
        if (e.data.agents.length) this.line(s.dim(`   ${e.data.agents.map((a) => this.who(a)).join(", ")}`));
        break;
      }
      case "agent-spawn":
        this.names.set(e.data.agent, { name: e.data.name, title: e.data.title });
        break;
      case "agent-failure": {
        const what = `${this.name(e.data.agent)} failed (${e.data.kind}): ${e.data.error}`;
        this.line(s.yellow(`! ${what}${e.data.final ? " — out of this phase" : " — retrying"}`));
        break;
      }
      case "message-start": {
        const held = this.held.get(e.data.messageId) ?? [];
        this.held.delete(e.data.messageId);
        this.heldCount -= held.length;
        const b: MessageBlock = { kind: "message", meta: e.data, text: "", printed: 0, started: false, done: false, discarded: null, final: null };
        this.messages.set(e.data.messageId, b);
        this.queue.push(b);
        for (const d of held) this.delta(d);
        break;
      }
      case "message-delta":
        this.delta(e.data);
        break;
      case "message-end": {
        const b = this.messages.get(e.data.messageId);
        if (b && !b.done && b.discarded === null) {
          b.done = true;
          b.final = e.data.content;
          this.messages.delete(e.data.messageId);
        } else if (!b) {
          // The start was before this viewer's log (should not happen: we read from 1).
          this.queue.push({ kind: "message", meta: e.data, text: e.data.content, printed: 0, started: false, done: true, discarded: null, final: e.data.content });
        }
        break;
      }
      case "message-discard": {
        const b = this.messages.get(e.data.messageId);
        if (b) {
          b.discarded = e.data.reason;
          this.messages.delete(e.data.messageId);
        }
        this.held.delete(e.data.messageId);
        break;
      }
      case "note": {
        const paint = e.data.kind === "warning" || e.data.kind === "degradation" ? s.yellow : e.data.kind === "status" ? s.dim : s.cyan;
        const [first, ...rest] = e.data.text.split("\n");
        this.line(paint(`› ${first}`));
        for (const l of rest) this.line(paint(`  ${l}`));
        break;
      }
      case "input-request":
        this.options.set(e.data.requestId, e.data.options);
        if (e.data.kind === "walkthrough" && (e.data.details as { step?: unknown } | undefined)?.step === "review") this.reviews.add(e.data.requestId);
        if (this.o.direct) {
          this.line("");
          this.line(s.bold(`? ${e.data.title}`));
          if (e.data.body && e.data.body.trim() !== e.data.title.trim()) this.line(indent(e.data.body));
          if (e.data.options.length && !listsOptions(e.data)) for (const o of e.data.options) this.line(`  [${o.key}] ${o.label}`);
        }
        break;
      case "input-response":
        if (this.o.direct) {
          const label = this.options.get(e.data.requestId)?.find((o) => o.key === e.data.selection)?.label;
          this.line(s.green(`» direct mode answered${e.data.selection ? `: [${e.data.selection}]${label ? ` ${label}` : ""}` : ":"}`));
          if (e.data.text && !this.reviews.has(e.data.requestId)) this.line(indent(e.data.text));
        }
        break;
      case "artifact-write":
        this.docs[e.data.path] = { title: e.data.title, content: e.data.content };
        this.missing.delete(e.data.path);
        this.line(s.green(`✎ ${e.data.path}`) + s.dim(` — ${e.data.title} (${this.name(e.data.producer)})${e.data.version ? `, version ${e.data.version}` : ""}`));
        if (e.data.reason) this.line(s.dim(`  ${e.data.reason}`));
        break;
      case "artifact-missing":
        this.missing.set(e.data.path, { path: e.data.path, title: e.data.title });
        this.line(s.yellow(`✗ ${e.data.path} is missing. ${e.data.reason}`));
        break;
      case "revision-start":
        this.line(s.cyan(`↻ ${e.data.missing ? "Writing" : "Revising"} ${e.data.artifactPath}`) + s.dim(` (${this.name(e.data.agent)}${e.data.source === "walkthrough" ? ", from the walkthrough" : e.data.source === "stack" ? ", for your stack change" : ""}): ${oneLine(e.data.feedback)}`));
        break;
      case "revision-result":
        if (e.data.status === "completed") this.line(s.green(`↻ ${e.data.artifactPath} is now version ${e.data.version}`) + (e.data.changesSummary ? s.dim(` — ${oneLine(e.data.changesSummary)}`) : ""));
        else this.line(s.yellow(`↻ ${e.data.artifactPath} was not revised: ${e.data.reason}`));
        break;
      case "walkthrough-step":
        this.line(s.dim(`» ${e.data.title}: `) + e.data.outcome);
        break;
      case "critique-result":
        this.critiques.push(e.data);
        break;
      case "artifact-discard":
        for (const path of e.data.paths.includes("*") ? Object.keys(this.docs) : e.data.paths) delete this.docs[path];
        if (e.data.paths.includes("*")) this.critiques.length = 0;
        this.line(s.yellow(`✗ ${e.data.paths.includes("*") ? "every artifact so far" : e.data.paths.join(", ")} discarded: ${e.data.reason}`));
        break;
      case "phase-end": {
        const paint = e.data.status === "completed" ? s.green : e.data.status === "failed" ? s.red : s.yellow;
        this.line(paint(`── Phase ${e.data.phase} · ${e.data.name} ${e.data.status} (${e.data.messages} message${e.data.messages === 1 ? "" : "s"})`));
        if (e.data.nextSteps) {
          this.line("");
          this.line(e.data.nextSteps);
        }
        break;
      }
      case "party-end": {
        const paint = e.data.status === "completed" ? s.green : e.data.status === "failed" ? s.red : s.yellow;
        this.line("");
        this.line(paint(s.bold(`◆ Party ${e.data.status}${e.data.reason ? `: ${e.data.reason}` : ""}`)));
        if (e.data.status === "completed") for (const l of this.openEnds(e.data.requirements ?? [])) this.line(s.yellow(l));
        if (e.data.nextSteps) {
          this.line("");
          this.line(e.data.nextSteps);
        }
        break;
      }
      default:
        // usage, party-status, task-create, agent-shutdown, team-delete, room-update: bookkeeping.
        break;
    }
    this.pump();
  }

  /** The party is over: show whatever is still queued, unfinished messages as they are. */
  finish(): void {
    for (const b of this.queue) {
      if (b.kind !== "message" || b.done || b.discarded !== null) continue;
      // A turn cut off before its first token has nothing to show.
      if (!b.started && b.text === "") b.discarded = "cut off";
      else b.done = true;
    }
    this.pump();
  }

  /** Nothing waiting to be written (every message so far has ended). */
  get idle(): boolean {
    return this.queue.length === 0;
  }
}

function oneLine(text: string, max = 120): string {
  const t = text.replace(/\s+/g, " ").trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

function indent(text: string): string {
  return text
    .split("\n")
    .map((l) => (l ? `  ${l}` : l))
    .join("\n");
}

/** The body already shows "[1] …" for every option (the mode menu, the failure menu). */
export function listsOptions(req: Pick<InputRequestData, "body" | "options">): boolean {
  return req.options.every((o) => req.body.includes(`[${o.key}]`));
}
