// Test support: the scenario corpus on whole parties — the real orchestrator, the
// instant offline model, the person's answers and one change request at the stack
// card — then the facts each scenario's artifacts must hold (entities, words ruled out,
// the language, the title, the first pain, UI languages). Two test files each run half
// of the corpus, so the two halves use both cores.
import { afterAll, describe, expect, it } from "vitest";
import type { CorpusScenario } from "@inception-party/offline-model/testing/corpus";
import { ARTIFACT_PATHS } from "@inception-party/protocol";
import { driveParty, finalArtifacts, ofType } from "./drive-party";

interface Fact {
  what: string;
  ok: boolean;
}

const tally = { passed: 0, total: 0 };

const section = (md: string, title: string) => md.split(new RegExp(`^##\\s+(?:\\d+\\.\\s*)?${title}\\s*$`, "m"))[1]?.split(/^##\s/m)[0] ?? "";

async function factsOf(s: CorpusScenario): Promise<Fact[]> {
  let changed = false;
  const r = await driveParty({
    description: s.description,
    title: s.title,
    visionAnswer: s.answers,
    mode: "party",
    answer: (req) => {
      if (req.kind === "stack_approval" && s.change && !changed) {
        changed = true;
        return { selection: "C", text: s.change };
      }
      return undefined;
    },
  });
  const facts: Fact[] = [{ what: "the party completes", ok: r.outcome.status === "completed" }];
  const arts = finalArtifacts(r.events);
  const arch = arts.get(ARTIFACT_PATHS.architecture) ?? "";
  const dm = arts.get(ARTIFACT_PATHS.dataModel) ?? "";
  const ts = arts.get(ARTIFACT_PATHS.testStrategy) ?? "";
  const brief = arts.get(ARTIFACT_PATHS.brief) ?? "";
  // "ruled out by you: Kubernetes" records the request; it is not a use of the thing.
  const all = [...arts.values()].join("\n").replace(/ruled out by you: [^\n.;|]+/gi, "");
  for (const [name, md] of [["architecture", arch], ["data model", dm], ["test strategy", ts]] as const) {
    facts.push({ what: `the ${name} is titled “${s.title}”`, ok: new RegExp(`^# .+ — ${s.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`, "m").test(md) });
  }
  for (const e of s.facts.entities) facts.push({ what: `the data model has ${e}`, ok: new RegExp(`^### ${e}$`, "m").test(dm) });
  for (const w of s.facts.forbidden ?? []) facts.push({ what: `no artifact says “${w}”`, ok: !all.toLowerCase().includes(w.toLowerCase()) });
  if (s.facts.language) {
    const end = ofType(r.events, "party-end")[0];
    const lang = end?.data.status === "completed" ? String((end.data.discovery_context as { tech_stack?: { primary_language?: string } }).tech_stack?.primary_language ?? "") : "";
    facts.push({ what: `the language is ${s.facts.language}`, ok: s.facts.language.test(lang) });
  }
  if (s.facts.firstPain) {
    const problem = section(brief, "Problem Statement");
    const firstQuote = /“([^”]+)”/.exec(problem)?.[1] ?? "";
    facts.push({ what: `the problem statement leads with ${s.facts.firstPain}`, ok: s.facts.firstPain.test(firstQuote) });
  }
  for (const l of s.facts.languages ?? []) facts.push({ what: `the architecture plans the UI in ${l}`, ok: arch.includes(l) });
  for (const re of s.facts.architecture ?? []) facts.push({ what: `the architecture mentions ${re}`, ok: re.test(arch) });
  if (s.change) {
    const card = r.requests.filter((q) => q.kind === "stack_approval")[1]?.body ?? "";
    facts.push({ what: "the re-presented stack card says what changed", ok: /WHAT CHANGED:/.test(card) && (/→|\(removed\)/.test(card) || /stays out|already/.test(card)) });
  }
  return facts;
}

export function corpusSuite(label: string, scenarios: CorpusScenario[]): void {
  describe(`scenario corpus (${label})`, () => {
    afterAll(() => {
      // The figure the closing note reports.
      console.log(`scenario corpus (${label}): ${tally.passed}/${tally.total} facts hold over ${scenarios.length} scenarios`);
    });

    it.each(scenarios.map((s) => [s.name, s] as const))("%s", { timeout: 60_000 }, async (_, s) => {
      const facts = await factsOf(s);
      tally.total += facts.length;
      tally.passed += facts.filter((f) => f.ok).length;
      expect(facts.filter((f) => !f.ok).map((f) => f.what)).toEqual([]);
    });
  });
}
