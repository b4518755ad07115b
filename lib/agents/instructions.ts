// What each task asks of the agent: the message format the person reads, naming every
// field its finalization tool validates (so the message carries all of it and the
// structured form can be taken from the message alone), the exact `## ` sections a
// document must have, and the teammate a question is for. `instructionFor` fills in
// what depends on the call (document kind, teammate); the first line is the task in
// one sentence, restated at the end of the prompt (the sandwich, docs/models.md).
import { ARTIFACT_KINDS, type ArtifactKind, type TaskKey } from "@inception-party/protocol";

export interface InstructionContext {
  /** The document a document task writes. */
  artifactKind?: ArtifactKind;
  /** Display name of the teammate a cross-question goes to. */
  teammate?: string;
}

const PROPOSAL_FORMAT = [
  "Architecture Pattern: {one pattern}",
  "Language: {language} — {rationale}",
  "Runtime: {runtime, e.g. Node.js 22}",
  "Framework: {framework} — {rationale}",
  "Database: {database} — {rationale}",
  "Additional: {service} ({rationale}); … (up to 6, or none)",
  "Test Runner: {test runner}",
  "Package Manager: {package manager}",
].join("\n");

function sectionList(kind: ArtifactKind | undefined): string {
  if (!kind) return "every `## ` section its kind requires";
  return `exactly these \`## \` sections, in this order, named exactly so: ${ARTIFACT_KINDS[kind].sections.map((s) => `"## ${s}"`).join(", ")}`;
}

function documentName(kind: ArtifactKind | undefined): string {
  return kind ? `the ${ARTIFACT_KINDS[kind].title} (${ARTIFACT_KINDS[kind].path})` : "the markdown document named in the ARTIFACT header";
}

const TEMPLATES: Record<TaskKey, (c: InstructionContext) => string> = {
  "vision.questions": () =>
    "Ask the person 2 or 3 questions from YOUR expertise angle about the project. Give each a one-word topic. Write:\nQUESTIONS:\n1. {question} (topic: {one word})\n2. {question} (topic: {one word})\n3. {question} (topic: {one word}) — optional",
  "vision.interpretation": (c) =>
    `Read the person's answer and write your interpretation of the project vision, 2 to 5 key points, and one question for ${c.teammate ?? "a teammate"}. Write:\nMY INTERPRETATION:\n{vision summary, at most 800 characters}\n\nKEY POINTS:\n- {point} (2 to 5)\n\nQUESTION FOR ${c.teammate ? c.teammate.toUpperCase() : "{TEAMMATE}"}: {one question}`,
  "vision.final_position": () =>
    "The debate is over. Submit your final position on the project vision. Write every line (separate list items with \"; \"):\nFINAL POSITION:\n\nProject Vision: {summary, at most 800 characters}\nTarget Users: {1 to 6}\nCore Features: {2 to 10}\nConstraints: {1 to 8}\nSuccess Metrics: {1 to 6}\nRisks: {1 to 6}\nIndustry Context: {up to 6, if your expertise covers the domain and its regulations; else leave empty}\nTechnical Considerations: {up to 6, if your expertise covers feasibility; else leave empty}\nThen, only if you have one, a line per question only the person can answer (up to 3), each starting \"QUESTION FOR YOU: \". When two things the person said contradict each other, ask which one stands, quoting both in their words; meanwhile the later one stands. Never state a constraint, budget, deadline or regulation the person did not say: ask instead.",
  "stack.proposal": () => `Propose one architecture pattern and one cohesive tech stack for the project brief. Write:\nPROPOSAL:\n\n${PROPOSAL_FORMAT}`,
  "stack.security_critique": () =>
    "Critique the proposal (conversation) on security and data-protection grounds, for THIS project's data and regulations: 1 to 5 concerns, then one recommendation. Write:\nSECURITY CRITIQUE:\n\n{concern title}: {detail}\n(1 to 5 concerns)\n\nRECOMMENDATION: {suggestion}",
  "stack.ops_critique": () =>
    "Critique the proposal (conversation) on deployment, cost and developer experience. Write all four lines:\nOPS CRITIQUE:\n\nDeployment: {concern}\nCost: {concern}\nDX: {concern}\n\nRECOMMENDATION: {suggestion}",
  "stack.revised_proposal": () =>
    `Revise your proposal to answer the critiques (conversation), or defend what you keep. Write the whole stack again:\nREVISED PROPOSAL:\n\n${PROPOSAL_FORMAT}\n\nADDRESSED:\n- Security: {how}\n- Ops: {how}\n\nUNCHANGED: {what you kept and why}`,
  "stack.position": () => "Do you agree with the final stack (conversation)? Write AGREE or DISSENT on the first line, then your reason or trade-off note in one or two sentences.",
  "stack.user_changes": () =>
    `The person asked for changes to the recommended stack (tech_stack; their words are in user_changes). Revise the stack to honour them, keeping it cohesive. Write the whole stack again:\nREVISED PROPOSAL:\n\n${PROPOSAL_FORMAT}\n\nADDRESSED:\n- Security: {effect on security}\n- Ops: {effect on operations}\n\nUNCHANGED: {what you kept and why}`,
  "blueprint.produce": (c) =>
    `Write ${documentName(c.artifactKind)} as one complete markdown document, grounded in the brief and the approved stack, with ${sectionList(c.artifactKind)}. Write the document only: it is your whole message.`,
  "blueprint.summary": () =>
    "Summarize your artifact (artifact_content) for your teammates. Write:\nARTIFACT SUMMARY — {artifact type}:\n\n{2 or 3 paragraphs}\n\nKEY DECISIONS:\n- {decision} (2 to 6)\n\nDEPENDENCIES ON OTHER ARTIFACTS:\n- {dependency} (1 to 4)",
  "blueprint.review": () =>
    "Review your teammate's artifact (artifact_content) from your expertise. Write:\nREVIEW FEEDBACK:\n\nStrengths:\n- {strength} (1 to 4)\n\nSuggestions:\n- {suggestion} (1 to 4)\n\nAlignment Issues:\n- {issue} (0 to 4; write - None when there are none)",
  "blueprint.finalize": (c) =>
    `Incorporate the review feedback (review_feedback) into your document (artifact_content). Write one line "Changes from review: {what changed}", then the complete final document with ${sectionList(c.artifactKind)}.`,
  "classic.vision_questions": () =>
    "As product analyst, ask the person 2 or 3 probing questions: the problem, the users, core features, constraints, success. Give each a one-word topic. Write:\nQUESTIONS:\n1. {question} (topic: {one word})\n2. {question} (topic: {one word})\n3. {question} (topic: {one word}) — optional",
  "classic.brief": () =>
    "Write the project brief from the description and the person's answers. Write every part (list items as bullets):\nPROJECT BRIEF:\n\nProblem Statement: {at most 1200 characters}\nTarget Users: {1 to 8}\nCore Features: {2 to 12}\nScale Constraints: {1 to 10}\nSuccess Metrics: {1 to 8}\nIndustry Context: {1 to 8}\nTechnical Considerations: {1 to 8}\nRisk Factors: {1 to 10}\nThen, only if you have one, a line per question only the person can answer (up to 8), each starting \"QUESTION FOR YOU: \"; when two things they said contradict each other, ask which stands, quoting both. Never state a constraint, budget, deadline or regulation they did not say: ask instead.",
  "classic.research": () =>
    "Research four tracks for this project, 1 to 6 findings each. Write:\nRESEARCH SUMMARY:\n\nDomain Practices:\n- {finding}\n\nCompliance:\n- {finding}\n\nPerformance:\n- {finding}\n\nTesting:\n- {finding}",
  "classic.stack": () =>
    `Recommend one cohesive tech stack from the project type, key features, scale, technologies the person named and the research. Write:\nPROPOSAL:\n\n${PROPOSAL_FORMAT}`,
  "classic.artifact": (c) => `Write ${documentName(c.artifactKind)} as one complete markdown document with ${sectionList(c.artifactKind)}. Write the document only: it is your whole message.`,
  "constitution.draft": () =>
    "Draft the project constitution: 5 to 16 articles, universal ones first (specification first, test-first, security by design, simplicity, observability, documentation), then ones specific to this domain (e.g. payment security under PCI DSS, HIPAA, GDPR). Write each article as:\nArticle {n} — {title} ({universal | domain-specific}): {one-line summary, at most 200 characters}\n{body, at most 1200 characters}",
  "constitution.revise": () =>
    "Revise the constitution (current_draft) to make the person's requested change (user_changes); keep every other article as it is. Write all the articles (5 to 16), each as:\nArticle {n} — {title} ({universal | domain-specific}): {one-line summary, at most 200 characters}\n{body, at most 1200 characters}",
  "skills.report": () =>
    "Recommend the skills (libraries, practices, tooling know-how) this team needs for the approved stack: 2 to 12, each with a category and a reason. Write:\nSKILL REPORT:\n\n- {name} ({category}): {reason}",
  "critique.perspective": () =>
    "Critique the artifact (artifact_content) from your perspective (perspective). Write:\nCRITIQUE:\n\nStrengths:\n- {strength} (up to 6)\n\nWeaknesses:\n- {weakness} (up to 6; start a blocking problem with CRITICAL:)\n\nSuggestions:\n- {suggestion} (up to 6)\n\nRating: {1 (poor) to 5 (excellent)}",
  "room.reply": () =>
    "The person spoke to the team (person_messages); they are the client. Answer them directly from your expertise and this project: answer each question; take each statement or request as a requirement and say exactly what it changes in what you write next, or say in plain words why it cannot be done. Never ask them to use a command syntax. If you cannot tell what they want, ask one question back. Write:\nREPLY:\n\n{answer}\n\nWHAT CHANGES:\n- {change} (up to 5, or none)\n\nThen, only if you must ask back, one line starting \"QUESTION FOR YOU: \".",
  "artifact.revise": (c) =>
    `The person asked for changes to the document (current_draft): user_changes is their feedback. Make every requested change (or say why one cannot be made) and keep everything else as it is. Write one line "Changes: {what changed}", then the complete revised document with ${sectionList(c.artifactKind)}.`,
};

export function instructionFor(task: TaskKey, c: InstructionContext = {}): string {
  return TEMPLATES[task](c);
}

/** The task in one sentence: the instruction's first sentence. */
export function taskSentence(task: TaskKey, c: InstructionContext = {}): string {
  // Up to the end of the first sentence, or to where the message format begins.
  const text = instructionFor(task, c);
  const end = text.search(/\.(\s|$)|:\n/);
  return end > 0 ? `${text.slice(0, end)}.` : text;
}
