// Artifact kinds the agents write as markdown, with the sections each must have. The
// serialize step rejects a document missing one, and the scaffold is derived from the
// architecture's directory layout.
export const ARTIFACT_KINDS = {
  "architecture-overview": {
    path: "docs/architecture/architecture-overview.md",
    title: "Architecture Overview",
    sections: [
      "Architecture Pattern",
      "Components",
      "API Design",
      "Data Model Summary",
      "Directory Layout",
      "Security",
      "Deployment & Operations",
      "Architecture Decisions",
    ],
  },
  "data-model": {
    path: "docs/architecture/data-model.md",
    title: "Data Model",
    sections: ["Entities", "Relationships", "Indexes & Constraints", "Data Protection & Retention", "Migrations"],
  },
  "test-strategy-outline": {
    path: "docs/architecture/test-strategy-outline.md",
    title: "Test Strategy Outline",
    sections: ["Test Pyramid", "Coverage Targets", "Critical Paths", "Tooling", "Test Data", "CI Integration"],
  },
  prd: {
    path: "docs/requirements/prd.md",
    title: "Product Requirements Document",
    sections: ["Functional Requirements", "Non-Functional Requirements", "MVP Scope", "Deferred", "Open Questions"],
  },
} as const;

export type ArtifactKind = keyof typeof ARTIFACT_KINDS;

export const ARTIFACT_PATHS = {
  brief: "docs/project-brief.md",
  architecture: ARTIFACT_KINDS["architecture-overview"].path,
  dataModel: ARTIFACT_KINDS["data-model"].path,
  testStrategy: ARTIFACT_KINDS["test-strategy-outline"].path,
  prd: ARTIFACT_KINDS.prd.path,
  constitution: "docs/isdlc/constitution.md",
  skillReport: "docs/isdlc/skill-customization-report.md",
} as const;

export function isArtifactKind(value: string): value is ArtifactKind {
  return Object.hasOwn(ARTIFACT_KINDS, value);
}

/** `## <n>. Title` and `## Title` both count: models number headings inconsistently. */
export function missingSections(kind: ArtifactKind, markdown: string): string[] {
  const headings = new Set(
    [...markdown.matchAll(/^##\s+(?:\d+\.\s*)?(.+?)\s*$/gm)].map((m) => m[1].toLowerCase()),
  );
  return ARTIFACT_KINDS[kind].sections.filter((s) => !headings.has(s.toLowerCase()));
}
