// Walkthrough steps 2-4 of CLASSIC-FLOW.md (step 1, the constitution review, is in
// governance.ts). Each step is an input request; the answers feed discovery_context.
import type { PartyContext } from "./agent-step";
import type { DiscoveryContext } from "./documents";
import type { ProposalOutput } from "../protocol/outputs";

const PERMISSIONS: Record<string, string[]> = {
  node: ["npm test", "npm run lint", "npm run build", "npx tsc --noEmit"],
  python: ["pytest", "python -m mypy", "ruff check ."],
  go: ["go test ./...", "go vet ./..."],
  other: ["make test", "make lint"],
};

function family(stack: ProposalOutput): keyof typeof PERMISSIONS {
  const l = `${stack.language.choice} ${stack.runtime}`.toLowerCase();
  if (/typescript|javascript|node|bun|deno/.test(l)) return "node";
  if (/python/.test(l)) return "python";
  if (/\bgo\b|golang/.test(l)) return "go";
  return "other";
}

export interface WalkthroughResult {
  permissionsReviewed: boolean;
  userNextAction: string;
  iterationConfig?: DiscoveryContext["iteration_config"];
  criticalPaths: number;
}

export async function walkthrough(ctx: PartyContext, key: string, stack: ProposalOutput, architectureSummary: string, testStrategy: string | undefined): Promise<WalkthroughResult> {
  const ask = ctx.rt.input.bind(ctx.rt);
  await ask(`${key}/architecture`, {
    kind: "walkthrough",
    title: "Step 2 — Architecture & stack review",
    body: `Stack: ${stack.language.choice} · ${stack.framework.choice} · ${stack.database.choice}\nPattern: ${stack.architecture_pattern}\n\n${architectureSummary}`,
    options: [
      { key: "1", label: "Yes, walk me through it" },
      { key: "2", label: "Skip" },
    ],
    allowsText: true,
  });
  const perms = PERMISSIONS[family(stack)];
  const audit = await ask(`${key}/permissions`, {
    kind: "walkthrough",
    title: "Step 2.5 — Permission audit",
    body: `Commands an assistant should be allowed to run for this stack:\n${perms.map((p) => `  ${p}`).join("\n")}\n\nBroad ones to review: npm install *, curl *`,
    options: [
      { key: "1", label: "Apply recommended" },
      { key: "2", label: "Review each" },
      { key: "3", label: "Skip" },
    ],
    allowsText: false,
  });
  const criticalPaths = (testStrategy?.split(/^##\s+(?:\d+\.\s*)?Critical Paths\s*$/m)[1]?.split(/^##\s/m)[0].match(/^\s*[-*\d]/gm) ?? []).length;
  await ask(`${key}/coverage`, {
    kind: "walkthrough",
    title: "Step 3 — Test coverage gaps",
    body: `Targets: unit >= 80%, integration >= 70%, critical paths 100%. A new project has no tests yet: ${criticalPaths} critical path(s) from the test strategy are the gaps to close first.`,
    options: [
      { key: "1", label: "Show me" },
      { key: "2", label: "Skip" },
    ],
    allowsText: false,
  });
  const iter = await ask(`${key}/iteration`, {
    kind: "walkthrough",
    title: "Step 3.5 — Iteration configuration",
    body: "Implement-test loop limits: implementation 5, testing 5, circuit breaker after 3 identical failures, then pause for you.\nTo customize, choose [2] and write three numbers, e.g. 8, 6, 3 (1-20, 1-20, 1-10).",
    options: [
      { key: "1", label: "Keep defaults (Recommended)" },
      { key: "2", label: "Customize" },
    ],
    allowsText: true,
  });
  let iterationConfig: WalkthroughResult["iterationConfig"];
  if (iter.selection === "2") {
    const [a, b, c] = (iter.text ?? "").match(/\d+/g)?.map(Number) ?? [];
    const clamp = (v: number | undefined, max: number, d: number) => (v && v >= 1 ? Math.min(v, max) : d);
    iterationConfig = { implementation: clamp(a, 20, 5), testing: clamp(b, 20, 5), circuit_breaker: clamp(c, 10, 3) };
  }
  const next = await ask(`${key}/next`, {
    kind: "walkthrough",
    title: "Step 4 — What next?",
    body: "Your project is set up. What would you like to do next?",
    options: [
      { key: "1", label: "Start a new feature (Recommended)" },
      { key: "2", label: "I'm done for now" },
    ],
    allowsText: false,
  });
  return {
    permissionsReviewed: audit.selection !== "3",
    userNextAction: next.selection === "1" ? "feature" : "done",
    iterationConfig,
    criticalPaths,
  };
}
