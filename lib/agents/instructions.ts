// What each task asks of the agent, in the spec's formats (000 §3.5). The sandwich
// pattern of seed 002: the key instruction opens and closes the system prompt.
import type { TaskKey } from "../protocol/tasks";

export const TASK_INSTRUCTIONS: Record<TaskKey, string> = {
  "vision.questions":
    "Ask the person 2-3 questions from YOUR expertise angle about the project below. Write:\nQUESTIONS:\n1. {question}\n2. {question}\n3. {question}",
  "vision.interpretation":
    "Read the person's answer and write your interpretation of the project vision, the key points, and one question for a named teammate. Write:\nMY INTERPRETATION:\n{vision_summary}\n\nKEY POINTS:\n- {point}\n\nQUESTION FOR YOU: {cross_question}",
  "vision.final_position":
    "The debate is over. Submit your final position. Write:\nFINAL POSITION:\n\nProject Vision: {summary}\nTarget Users: {users}\nCore Features: {features}\nConstraints: {constraints}\nSuccess Metrics: {metrics}",
  "stack.proposal":
    "Propose 1 architecture pattern and a cohesive tech stack for the project brief. Write:\nPROPOSAL:\n\nArchitecture Pattern: {pattern}\nLanguage: {lang} — {rationale}\nFramework: {fw} — {rationale}\nDatabase: {db} — {rationale}\nAdditional: {services}",
  "stack.security_critique":
    "Critique the proposal in the conversation on security and data-protection grounds, for THIS project's data and regulations. Write:\nSECURITY CRITIQUE:\n\n{concern}: {detail}\n\nRECOMMENDATION: {suggestion}",
  "stack.ops_critique":
    "Critique the proposal in the conversation on deployment, cost and developer experience. Write:\nOPS CRITIQUE:\n\nDeployment: {concern}\nCost: {concern}\nDX: {concern}\n\nRECOMMENDATION: {suggestion}",
  "stack.revised_proposal":
    "Revise your proposal to answer the critiques in the conversation (or defend what you keep). Write:\nREVISED PROPOSAL:\n\n{updated_stack}\n\nADDRESSED:\n- Security: {how}\n- Ops: {how}\n\nUNCHANGED: {what_kept_and_why}",
  "stack.position":
    "Do you agree with the revised proposal? Say AGREE or DISSENT and give your reason or trade-off note in one or two sentences.",
  "stack.user_changes":
    "The person asked for changes to the recommended stack (see user_changes). Revise the stack to honour them, keeping it cohesive. Write a REVISED PROPOSAL in the same format.",
  "blueprint.produce":
    "Write the complete markdown document named in the ARTIFACT header, grounded in the brief and the approved stack, with every required `## ` section.",
  "blueprint.summary":
    "Summarize your artifact for your teammates. Write:\nARTIFACT SUMMARY — {artifact_type}:\n\n{2-3 paragraph summary}\n\nKEY DECISIONS:\n- {decision}\n\nDEPENDENCIES ON OTHER ARTIFACTS:\n- {dependency}",
  "blueprint.review":
    "Review your teammate's artifact (artifact_content) from your expertise. Write:\nREVIEW FEEDBACK:\n\nStrengths:\n- {strength}\n\nSuggestions:\n- {suggestion}\n\nAlignment Issues:\n- {issue} (if any)",
  "blueprint.finalize":
    "Incorporate the review feedback into your document (current_draft) and submit the final version with a one-line summary of the changes.",
  "classic.vision_questions":
    "As product analyst, ask the person 2-3 probing questions: the problem, the users, core features, constraints, success. Write:\nQUESTIONS:\n1. {question}",
  "classic.brief": "Write the project brief from the description and the person's answers.",
  "classic.research":
    "Research four tracks for this project: domain best practices, compliance and regulation, performance benchmarks, testing standards.",
  "classic.stack":
    "Recommend one cohesive tech stack from the project type, key features, scale, technologies the person named and the research. Write a PROPOSAL in the usual format.",
  "classic.artifact":
    "Write the complete markdown document named in the ARTIFACT header, with every required `## ` section.",
  "constitution.draft":
    "Draft the project constitution: universal articles first (specification first, test-first, security by design, simplicity, observability, documentation), then articles specific to this domain (e.g. payment security under PCI DSS, HIPAA, GDPR).",
  "constitution.revise": "Revise the constitution (current_draft) to make the person's requested change (user_changes). Keep every other article as it is.",
  "skills.report": "Recommend the skills (libraries, practices, tooling know-how) this team needs for the approved stack, each with a reason.",
  "critique.perspective":
    "Critique the artifact (artifact_content) from your perspective (perspective): strengths, weaknesses (prefix a blocking problem with CRITICAL:), suggestions, and a rating from 1 (poor) to 5 (excellent).",
};
