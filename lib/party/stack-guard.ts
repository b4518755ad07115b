// After the person changed the stack at its card, every document the team holds from then
// on is checked for the technologies the change replaced. A document that still builds on
// one goes back to its writer once, with the passages and what replaced each technology;
// what is left after that revision is flagged to the person, never shipped silently.
import { say, type PartyContext } from "./agent-step";
import { constitutionMarkdown } from "./documents";
import { notRevisable, SCAFFOLD_PATH } from "./promised-artifacts";
import { reviseArtifact, reviserOf, type RevisionMaterial } from "./revision";
import { stalePassages, type Replacement, type StalePassage } from "./stack-change";
import { ARTIFACT_PATHS, type ConstitutionOutput, type ProposalOutput, type Sections } from "@inception-party/protocol";

export interface StackGuard {
  mode: RevisionMaterial["mode"];
  title: string;
  description: string;
  stack: ProposalOutput;
  replaced: Replacement[];
}

interface Doc {
  content: string;
  version: number;
  producer: string;
  title: string;
  phase: number;
}

const ALL_PATHS = [...Object.values(ARTIFACT_PATHS), SCAFFOLD_PATH];

/** Every document as it is now (a checkpointed read, so a resume sees what the first run saw). */
function readDocs(ctx: PartyContext, key: string): Promise<Record<string, Doc>> {
  return ctx.rt.step(key, async () => {
    const out: Record<string, Doc> = {};
    for (const path of ALL_PATHS) {
      const a = await ctx.rt.store.getArtifact(ctx.rt.partyId, path);
      if (a) out[path] = { content: a.content, version: a.version, producer: a.producer, title: a.title, phase: a.phase };
    }
    return { output: out };
  });
}

/**
 * What the writer is told: each replacement as a plain instruction (the revision reads
 * the approved stack as tech_stack beside it). The passages themselves stay out: the
 * writer's own document is in front of it, and quoted sentences read as requests.
 */
export function stackChangeFeedback(replaced: readonly Replacement[], stale: readonly StalePassage[]): string {
  const names = new Set(stale.map((s) => s.name));
  return replaced
    .filter((r) => names.has(r.name))
    .map((r) => (r.by ? `Use ${r.by} instead of ${r.name}.` : `No ${r.name}.`))
    .join(" ");
}

function slugOf(path: string): string {
  return path.split("/").pop()!.replace(/\.(md|txt)$/, "").toLowerCase().replace(/[^a-z0-9-]+/g, "-");
}

/**
 * Checks `paths` in order; returns the passages still naming a replaced technology after
 * the one revision each document gets (flagged to the person as a warning note).
 */
export async function keepToStack(ctx: PartyContext, key: string, g: StackGuard, paths: readonly string[]): Promise<Record<string, StalePassage[]>> {
  const left: Record<string, StalePassage[]> = {};
  if (!g.replaced.length) return left;
  const names = g.replaced.map((r) => r.name);
  for (const path of paths) {
    const slug = slugOf(path);
    const docs = await readDocs(ctx, `${key}/${slug}/read`);
    const doc = docs[path];
    if (!doc) continue;
    let stale = stalePassages(doc.content, names);
    if (!stale.length) continue;
    if (!notRevisable(path, doc.producer)) {
      const material: RevisionMaterial = {
        mode: g.mode,
        title: g.title,
        description: g.description,
        techStack: JSON.stringify(g.stack, null, 2),
        artifacts: Object.fromEntries(Object.entries(docs).map(([p, d]) => [p, d.content])),
      };
      await reviseArtifact(
        ctx,
        {
          revisionId: `stack-change-${slug}`,
          key: `${key}/${slug}/revise`,
          artifactPath: path,
          title: doc.title,
          agent: reviserOf(doc.producer),
          phase: doc.phase,
          feedback: stackChangeFeedback(g.replaced, stale),
          baseVersion: doc.version,
          missing: false,
          onDemand: false,
          source: "stack",
        },
        material,
      );
      stale = stalePassages((await readDocs(ctx, `${key}/${slug}/reread`))[path]?.content ?? "", names);
    }
    if (!stale.length) continue;
    left[path] = stale;
    await flag(ctx, `${key}/${slug}/flag`, doc.title, doc.phase, stale);
  }
  return left;
}

/**
 * The constitution is reviewed by the person before it is written: its draft is checked
 * and, if it still names a replaced technology, revised once before they see it.
 */
export async function keepDraftToStack(ctx: PartyContext, key: string, g: StackGuard, sections: Sections, draft: ConstitutionOutput): Promise<ConstitutionOutput> {
  if (!g.replaced.length) return draft;
  const names = g.replaced.map((r) => r.name);
  const before = stalePassages(constitutionMarkdown(g.title, draft), names);
  if (!before.length) return draft;
  const r = await say(ctx, {
    key: `${key}/revise`,
    agent: "constitution_generator",
    phase: 4,
    task: "constitution.revise",
    sections: { ...sections, current_draft: JSON.stringify(draft, null, 2), user_changes: stackChangeFeedback(g.replaced, before) },
    recipient: null,
    type: "work",
  });
  const c = r?.output ?? draft;
  const left = stalePassages(constitutionMarkdown(g.title, c), names);
  if (left.length) await flag(ctx, `${key}/flag`, "The constitution", 4, left);
  return c;
}

/** What is left after the one revision, shown to the person. */
function flag(ctx: PartyContext, key: string, title: string, phase: number, stale: readonly StalePassage[]): Promise<void> {
  const list = [...new Set(stale.map((s) => s.name))].join(", ");
  const quoted = stale.slice(0, 3).map((s) => `“${s.sentence}”`).join(" ");
  return ctx.rt.emit(key, [
    {
      type: "note",
      data: {
        kind: "warning",
        phase,
        text: `${title} still names ${list}, which your stack change replaced: ${quoted}${stale.length > 3 ? ` (and ${stale.length - 3} more)` : ""} Revise it, or tell the team in the walkthrough.`,
      },
    },
  ]);
}
