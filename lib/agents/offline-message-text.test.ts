// The offline model's Discuss message carries every line its instruction asks for, so a
// Serialize that reads only the message (as a real model's does) has all of it.
import { beforeAll, describe, expect, it } from "vitest";
import { createOfflineModel } from "@inception-party/offline-model";
import { messageText } from "@inception-party/offline-model/testing/internals";
import { runScenario, SCENARIO_LIST, type PartyRun } from "@inception-party/offline-model/testing/party-fixtures";
import { TASKS, type TaskKey } from "@inception-party/protocol";
import { instructionFor } from "./instructions";

const taskOf = (key: string) => key.split("/")[0] as TaskKey;
/** "Risks: {1 to 6}" → "Risks": the labelled lines of an instruction's message format. */
const formatLabels = (instruction: string) => [...instruction.matchAll(/^(?:- )?([A-Z][A-Za-z ]+): \{/gm)].map((m) => m[1]);

describe("messageText", () => {
  let run: PartyRun;
  beforeAll(async () => {
    run = await runScenario(createOfflineModel({ seed: 42 }), SCENARIO_LIST[0]);
  });

  it("writes every labelled line of the instruction's format, for every task", () => {
    for (const [key, out] of Object.entries(run.outputs)) {
      const task = taskOf(key);
      const text = messageText(task, out);
      for (const label of formatLabels(instructionFor(task))) expect(text, `${key} lacks "${label}:"`).toContain(`${label}:`);
    }
  });

  it("puts the whole document in a finalize or revise message, and every article's body in a constitution", () => {
    for (const [key, out] of Object.entries(run.outputs)) {
      const task = taskOf(key);
      const text = messageText(task, out);
      if (task === "blueprint.finalize" || task === "artifact.revise") {
        expect(text).toContain((out as { markdown: string }).markdown);
        expect(text.length).toBeGreaterThan(TASKS[task].render(out as never).length);
      }
      if (task === "constitution.draft") for (const a of (out as { articles: Array<{ body: string }> }).articles) expect(text).toContain(a.body);
    }
  });
});
