// Where interactive answers come from. On a terminal, a readline per question: between
// questions the terminal is left alone (no raw mode), so Ctrl-C while the agents talk
// is an ordinary SIGINT. From a pipe (-i without a terminal), one reader for the whole
// run, its lines queued, so lines sent ahead are not lost between questions.
import { createInterface, type Interface } from "node:readline";
import { PromptAborted, type LineSource } from "./prompt";

/** `terminal`: let readline drive the terminal (both ends are one); else the tty echoes. */
export function terminalLines(input: NodeJS.ReadableStream, output: NodeJS.WritableStream, terminal = true): LineSource {
  return {
    line(prompt) {
      return new Promise<string>((resolve, reject) => {
        const rl = createInterface({ input, output, terminal, historySize: 0 });
        let settled = false;
        const settle = (fn: () => void) => {
          if (settled) return;
          settled = true;
          fn();
          rl.close();
        };
        rl.on("SIGINT", () => {
          output.write("^C\n");
          settle(() => reject(new PromptAborted("interrupt")));
        });
        rl.on("close", () => settle(() => reject(new PromptAborted("eof"))));
        rl.question(prompt, (answer) => settle(() => resolve(answer)));
      });
    },
  };
}

export function pipedLines(input: NodeJS.ReadableStream, output: NodeJS.WritableStream): LineSource & { close(): void } {
  const queue: string[] = [];
  let ended = false;
  let waiter: { resolve(l: string): void; reject(e: Error): void } | null = null;
  let rl: Interface | null = null;
  const open = () => {
    rl = createInterface({ input, terminal: false });
    rl.on("line", (l) => {
      if (waiter) {
        const w = waiter;
        waiter = null;
        w.resolve(l);
      } else queue.push(l);
    });
    rl.on("close", () => {
      ended = true;
      waiter?.reject(new PromptAborted("eof"));
      waiter = null;
    });
  };
  return {
    line(prompt) {
      if (!rl) open();
      output.write(prompt);
      const next = queue.shift();
      if (next !== undefined) {
        output.write(`${next}\n`);
        return Promise.resolve(next);
      }
      if (ended) return Promise.reject(new PromptAborted("eof"));
      return new Promise<string>((resolve, reject) => {
        waiter = {
          resolve: (l) => {
            output.write(`${l}\n`);
            resolve(l);
          },
          reject,
        };
      });
    },
    close() {
      (rl as Interface | null)?.close();
    },
  };
}
