// The critique perspectives: what the server runs a round with and what the person picks
// from in "Critique this". `model` names the persona whose model voices the perspective.
export interface PerspectiveDef {
  name: string;
  roleLabel: string;
  model: string;
  focusAreas: string[];
}

export const PERSPECTIVES = {
  security: { name: "Security", roleLabel: "Security Engineer", model: "zara", focusAreas: ["threat model", "authentication and authorization", "data protection", "secrets"] },
  operations: { name: "Operations", roleLabel: "DevOps Engineer", model: "felix", focusAreas: ["deployment", "observability", "scaling", "cost"] },
  product: { name: "Product", roleLabel: "Product Analyst", model: "nadia", focusAreas: ["user value", "scope", "success metrics"] },
  architecture: { name: "Architecture", roleLabel: "Solution Architect", model: "architect", focusAreas: ["component boundaries", "data flow", "coupling", "failure modes"] },
  data: { name: "Data", roleLabel: "Data Modeler", model: "data_modeler", focusAreas: ["entities and relationships", "integrity", "migrations", "retention"] },
  testing: { name: "Testing", roleLabel: "Test Strategist", model: "test_strategist", focusAreas: ["critical paths", "test pyramid", "testability"] },
} satisfies Record<string, PerspectiveDef>;

export type PerspectiveKey = keyof typeof PERSPECTIVES;
/** In the order the person sees them. */
export const PERSPECTIVE_KEYS = ["security", "architecture", "product", "operations", "data", "testing"] as const satisfies readonly PerspectiveKey[];

/** What "Critique this" starts with ticked. */
export const DEFAULT_PERSPECTIVES: readonly PerspectiveKey[] = ["security", "architecture", "product"];
/** The round after Blueprint Assembly's cross-review. */
export const BLUEPRINT_PERSPECTIVE_KEYS: readonly PerspectiveKey[] = ["security", "operations", "product"];

export function isPerspectiveKey(key: string): key is PerspectiveKey {
  return Object.hasOwn(PERSPECTIVES, key);
}
