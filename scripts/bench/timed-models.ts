// Times every model call of a party: wraps `models.modelFor(agent)` so each lookup (one
// agent turn) hands out a model whose doStream/doGenerate record start, first token and
// end. A streamed call ends when its stream is drained, errors or is cancelled.
import type { LanguageModelV4, LanguageModelV4CallOptions, LanguageModelV4StreamPart } from "@ai-sdk/provider";
import { promptToText, readPrompt } from "@inception-party/offline-model/testing/internals";
import type { ModelLookup } from "../../lib/party/agent-step";

export interface CallRecord {
  agent: string;
  phase: string;
  /** One model lookup = one agent turn. */
  turn: string;
  /** 0 discuss, 1 summarize, 2+ serialize attempts. */
  index: number;
  task: string;
  kind: "stream" | "generate";
  start: number;
  firstToken: number | null;
  end: number;
  failed: boolean;
}

export class CallRecorder {
  readonly calls: CallRecord[] = [];
  private turns = 0;

  /** `phase()` names the phase a call starts in (see PhaseTracker). */
  constructor(
    private readonly phase: () => string,
    private readonly now: () => number = () => performance.now(),
  ) {}

  wrap(inner: ModelLookup): ModelLookup {
    return {
      modelFor: (agent) => {
        const { model, spec } = inner.modelFor(agent);
        if (typeof model !== "object" || (model as LanguageModelV4).specificationVersion !== "v4") return { model, spec };
        return { model: this.wrapModel(model as LanguageModelV4, agent, `t${++this.turns}`), spec };
      },
    };
  }

  private wrapModel(m: LanguageModelV4, agent: string, turn: string): LanguageModelV4 {
    let index = 0;
    const open = (opts: LanguageModelV4CallOptions, kind: CallRecord["kind"]): CallRecord => {
      // The prompt header names the task, as the offline model reads it.
      const task = readPrompt(promptToText(opts.prompt)).header.task ?? "?";
      const rec: CallRecord = { agent, phase: this.phase(), turn, index: index++, task, kind, start: this.now(), firstToken: null, end: Number.NaN, failed: false };
      this.calls.push(rec);
      return rec;
    };
    const now = this.now;
    // Delegates everything else to the model (a provider's model may be a class instance).
    const wrapped: Pick<LanguageModelV4, "doGenerate" | "doStream"> = {
      doGenerate: async (opts) => {
        const rec = open(opts, "generate");
        try {
          return await m.doGenerate(opts);
        } catch (e) {
          rec.failed = true;
          throw e;
        } finally {
          rec.end = now();
        }
      },
      doStream: async (opts) => {
        const rec = open(opts, "stream");
        let r: Awaited<ReturnType<LanguageModelV4["doStream"]>>;
        try {
          r = await m.doStream(opts);
        } catch (e) {
          rec.failed = true;
          rec.end = now();
          throw e;
        }
        const reader = r.stream.getReader();
        const finish = (failed: boolean) => {
          if (Number.isNaN(rec.end)) rec.end = now();
          rec.failed ||= failed;
        };
        const stream = new ReadableStream<LanguageModelV4StreamPart>({
          async pull(c) {
            try {
              const { done, value } = await reader.read();
              if (done) {
                finish(false);
                c.close();
                return;
              }
              if (rec.firstToken === null && (value.type === "text-delta" || value.type === "tool-input-delta")) rec.firstToken = now();
              if (value.type === "error") rec.failed = true;
              c.enqueue(value);
            } catch (e) {
              finish(true);
              c.error(e);
            }
          },
          cancel(reason) {
            finish(true);
            return reader.cancel(reason);
          },
        });
        return { ...r, stream };
      },
    };
    return Object.assign(Object.create(m) as LanguageModelV4, wrapped);
  }
}
