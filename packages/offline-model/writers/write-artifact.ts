// Which document a turn writes: the ARTIFACT header (a path or a kind), else the
// agent's own artifact (architect → architecture, data modeler → data model, ...).
import { ARTIFACT_KINDS, type ArtifactKind } from "@inception-party/protocol";
import type { ProjectContext } from "../context";
import { writeArchitecture } from "./write-architecture";
import { writeDataModel } from "./write-data-model";
import { writePrd } from "./write-prd";
import { writeTestStrategy } from "./write-test-strategy";

const AGENT_KIND: Record<string, ArtifactKind> = {
  architect: "architecture-overview",
  architecture_designer: "architecture-overview",
  data_modeler: "data-model",
  test_strategist: "test-strategy-outline",
  product_analyst: "prd",
};

export function kindFromHeader(artifact: string | undefined): ArtifactKind | undefined {
  if (!artifact) return undefined;
  const a = artifact.trim().toLowerCase();
  return (Object.keys(ARTIFACT_KINDS) as ArtifactKind[]).find((k) => a === k || a === ARTIFACT_KINDS[k].path || a.endsWith(`/${k}.md`) || a.includes(k));
}

/** The document a markdown text is, by its title ("# Architecture Overview"). */
export function kindOfContent(md: string): ArtifactKind | undefined {
  const title = /^#\s+(.+)$/m.exec(md)?.[1] ?? "";
  return (Object.keys(ARTIFACT_KINDS) as ArtifactKind[]).find((k) => title.startsWith(ARTIFACT_KINDS[k].title));
}

export function artifactKind(ctx: ProjectContext): ArtifactKind {
  return kindFromHeader(ctx.artifactPath) ?? AGENT_KIND[ctx.agent] ?? "architecture-overview";
}

/** The agent's own document kind, regardless of the ARTIFACT header (which names the reviewed one). */
export function ownKind(ctx: ProjectContext): ArtifactKind {
  return AGENT_KIND[ctx.agent] ?? artifactKind(ctx);
}

const WRITERS: Partial<Record<ArtifactKind, (ctx: ProjectContext) => string>> = { "data-model": writeDataModel, "test-strategy-outline": writeTestStrategy, prd: writePrd };

export function writeArtifactOfKind(ctx: ProjectContext, kind: ArtifactKind): string {
  return (WRITERS[kind] ?? writeArchitecture)(ctx);
}

export function writeArtifact(ctx: ProjectContext): { markdown: string } {
  return { markdown: writeArtifactOfKind(ctx, artifactKind(ctx)) };
}
