// Which documents a remark concerns, once the documents are written: the ones that
// already talk about what the remark talks about, weighted by how rare each word is
// across the documents (a word every document uses says nothing), plus a small lexicon
// of what each kind of document decides. The project brief is the person's own record
// of what they want, so it is revised with every remark that states something about
// the product; a remark about building it (a test, a host) goes to that document alone.
import { ARTIFACT_PATHS } from "@inception-party/protocol";

/** Documents a remark can revise, in the order the person reads them. */
const CANDIDATES = [ARTIFACT_PATHS.brief, ARTIFACT_PATHS.prd, ARTIFACT_PATHS.architecture, ARTIFACT_PATHS.dataModel, ARTIFACT_PATHS.testStrategy] as const;

/** Words that say which kind of decision a remark is about. */
const CUES: Record<string, RegExp> = {
  [ARTIFACT_PATHS.dataModel]: /\b(entit(y|ies)|fields?|tables?|columns?|records?|relations?(hip)?s?|track(s|ed|ing)?|stores?|keep(s)? (a|the)? ?(count|list|history)|counts?|belongs?|several|many|each|per)\b/i,
  [ARTIFACT_PATHS.architecture]: /\b(host(ing|ed)?|deploy\w*|servers?|cloud|api|integrat\w*|sms|e-?mail|push|notifications?|offline|cache|queue|framework|language|database|provider|scal\w*|latency|performance|secur\w*|auth\w*|login|sign[- ]?in|docker|kubernetes)\b/i,
  [ARTIFACT_PATHS.testStrategy]: /\b(tests?|testing|tested|qa|coverage|e2e|end-to-end|regression|verify|fixtures?)\b/i,
  [ARTIFACT_PATHS.prd]: /\b(requirements?|mvp|scope|defer\w*|later|must|should)\b/i,
  [ARTIFACT_PATHS.brief]: /\b(users?|customers?|audience|goals?|problems?|success|metrics?|budget|deadline|launch|competitors?|features?|need|want)\b/i,
};

const STOP = new Set(
  "the a an and or but of to in on at for with from by as is are was were be been it its this that these those we our us you your they them their i me my can could should would will just also only very more most some any all no not do does did have has had so if then than when where which who what how about into over after before per".split(" "),
);

const words = (text: string) =>
  (text.toLowerCase().match(/[a-z][a-z0-9-]{2,}/g) ?? []).filter((w) => !STOP.has(w)).map((w) => w.replace(/(ies)$/, "y").replace(/(?<=[^s])s$/, ""));

/**
 * The paths (among `artifacts`, by path → text) a remark should revise: the most concerned
 * blueprint document, if any document speaks of it, and the brief unless the remark is only
 * about how to build it. Never empty while the brief exists.
 */
export function remarkTargets(text: string, artifacts: Readonly<Record<string, string>>): string[] {
  const present: string[] = CANDIDATES.filter((p) => artifacts[p] !== undefined);
  if (!present.length) return [];
  const vocab = new Map(present.map((p) => [p, new Set(words(artifacts[p]))]));
  const said = [...new Set(words(text))];
  const score = (p: string) => {
    // Testing words are the surest sign of what a remark is about: a test names what it tests.
    let s = CUES[p]?.test(text) ? (p === ARTIFACT_PATHS.testStrategy ? 4 : 1.5) : 0;
    for (const w of said) {
      const docs = present.filter((q) => vocab.get(q)!.has(w)).length;
      if (vocab.get(p)!.has(w)) s += Math.log((present.length + 1) / docs);
    }
    return s;
  };
  const scored = present.map((p) => ({ p, s: score(p) }));
  const best = scored.filter((x) => x.p !== ARTIFACT_PATHS.brief && x.s > 0).sort((a, b) => b.s - a.s)[0];
  const brief = scored.find((x) => x.p === ARTIFACT_PATHS.brief);
  // Only a remark in the words of building (a test, a host, a provider) is about building
  // alone; words the architecture happens to share ("local", "voice") do not make it so.
  const howToBuild =
    best && (best.p === ARTIFACT_PATHS.testStrategy || best.p === ARTIFACT_PATHS.architecture) && CUES[best.p].test(text) && !CUES[ARTIFACT_PATHS.brief].test(text) && (brief?.s ?? 0) < best.s / 2;
  return present.filter((p) => p === best?.p || (p === ARTIFACT_PATHS.brief && brief && (!best || !howToBuild)));
}
