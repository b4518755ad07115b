// The prompt an agent turn gets is plain text any model can read: header lines name
// the task, agent and artifact; context comes in tagged sections (tags, not headings,
// because artifacts carry their own markdown headings). The offline model reads the
// same prompt back with `parsePrompt`, so it answers from exactly what a real
// provider is shown.

export const SECTION = {
  description: "project_description",
  userResponse: "user_response",
  brief: "project_brief",
  techStack: "tech_stack",
  research: "research",
  conversation: "conversation",
  reviewFeedback: "review_feedback",
  artifact: "artifact_content",
  userChanges: "user_changes",
  currentDraft: "current_draft",
  perspective: "perspective",
  /** The party's title: documents name the project by it. */
  title: "project_title",
  /** What the person said into the room during this phase (to this agent or to everyone). */
  personMessages: "person_messages",
  /** What the person said to the team in earlier phases: the person's own words, like the answers. */
  personRemarks: "person_remarks",
} as const;

export type SectionName = (typeof SECTION)[keyof typeof SECTION];
export type Sections = Partial<Record<SectionName, string>>;

export interface PromptHeader {
  task: string;
  agent: string;
  artifact?: string;
}

export function formatHeader(h: PromptHeader): string {
  return [`TASK: ${h.task}`, `AGENT: ${h.agent}`, ...(h.artifact ? [`ARTIFACT: ${h.artifact}`] : [])].join("\n");
}

/** Closing tags inside a body are defused so one agent's output cannot end a section early. */
export function formatSections(sections: Sections): string {
  return Object.entries(sections)
    .filter(([, body]) => body !== undefined && body.trim() !== "")
    .map(([name, body]) => `<${name}>\n${body!.trim().replaceAll(`</${name}>`, `<\\/${name}>`)}\n</${name}>`)
    .join("\n\n");
}

export interface ParsedPrompt {
  header: Partial<PromptHeader>;
  sections: Sections;
}

export function parsePrompt(text: string): ParsedPrompt {
  const header: Partial<PromptHeader> = {};
  for (const m of text.matchAll(/^(TASK|AGENT|ARTIFACT): *(.+)$/gm)) {
    const key = m[1].toLowerCase() as keyof PromptHeader;
    header[key] ??= m[2].trim();
  }
  const sections: Sections = {};
  for (const name of Object.values(SECTION)) {
    const m = new RegExp(`<${name}>\\n([\\s\\S]*?)\\n</${name}>`).exec(text);
    if (m) sections[name] = m[1].replaceAll(`<\\/${name}>`, `</${name}>`);
  }
  return { header, sections };
}
