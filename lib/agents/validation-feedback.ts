// Compact, structured feedback after a finalization tool call fails validation
// (docs/models.md, "Validation feedback"). Key order matters: result first (orientation),
// issues in the middle, action last (models weigh the end of a message most).
import type { z } from "zod";

export interface ValidationFeedback {
  result: "validation_failed" | "tool_error";
  issues: {
    invalid: Array<{ field: string; provided: unknown; problem: string; requirement: string }>;
    missing: Array<{ field: string; requirement: string }>;
    unknown: string[];
  };
  issue_count: number;
  action: string;
}

function at(value: unknown, path: PropertyKey[]): unknown {
  let v = value;
  for (const p of path) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<PropertyKey, unknown>)[p];
  }
  return v;
}

function fieldName(path: PropertyKey[]): string {
  return path.map(String).join(".") || "(input)";
}

function requirement(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case "invalid_type":
      return `${issue.expected}${issue.expected === "string" ? " (non-empty)" : ""}`;
    case "too_small":
      return issue.origin === "array"
        ? `array with at least ${issue.minimum} item(s)`
        : issue.origin === "string"
          ? Number(issue.minimum) <= 1
            ? "non-empty string"
            : `string of at least ${issue.minimum} characters`
          : `number >= ${issue.minimum}`;
    case "too_big":
      return issue.origin === "array"
        ? `array with at most ${issue.maximum} item(s)`
        : issue.origin === "string"
          ? `string of at most ${issue.maximum} characters`
          : `number <= ${issue.maximum}`;
    case "invalid_value":
      return `one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`;
    default:
      return issue.message;
  }
}

function clip(v: unknown): unknown {
  if (typeof v === "string" && v.length > 80) return `${v.slice(0, 77)}...`;
  if (v !== null && typeof v === "object") return Array.isArray(v) ? `[array of ${v.length}]` : "[object]";
  return v;
}

export function validationFeedback(error: z.ZodError, input: unknown, tool: string): ValidationFeedback {
  const fb: ValidationFeedback = {
    result: "validation_failed",
    issues: { invalid: [], missing: [], unknown: [] },
    issue_count: 0,
    action: "",
  };
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const k of issue.keys) fb.issues.unknown.push(fieldName([...issue.path, k]));
      continue;
    }
    const provided = at(input, issue.path);
    if (issue.code === "invalid_type" && provided === undefined) {
      fb.issues.missing.push({ field: fieldName(issue.path), requirement: requirement(issue) });
    } else {
      fb.issues.invalid.push({
        field: fieldName(issue.path),
        provided: clip(provided),
        problem: issue.message,
        requirement: requirement(issue),
      });
    }
  }
  fb.issue_count = fb.issues.invalid.length + fb.issues.missing.length + fb.issues.unknown.length;
  fb.action = `Call ${tool}() with corrected data. Unknown fields may be typos.`;
  return fb;
}

/** The model answered without calling the finalization tool, or with unparsable input. */
export function toolErrorFeedback(tool: string, problem: string): ValidationFeedback {
  return {
    result: "tool_error",
    issues: { invalid: [{ field: "(tool call)", provided: null, problem, requirement: `a call to ${tool}()` }], missing: [], unknown: [] },
    issue_count: 1,
    action: `Call ${tool}() now. Do not answer in plain text.`,
  };
}

/** Tool input that is not JSON at all: the parser's whole reason, and the start of what was sent. */
export function unparsableInputFeedback(tool: string, raw: string, error?: unknown): ValidationFeedback {
  const why = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : "not valid JSON";
  return {
    result: "validation_failed",
    issues: {
      invalid: [{ field: "(input)", provided: raw.length > 80 ? `${raw.slice(0, 77)}...` : raw, problem: `the arguments are not valid JSON: ${why}`, requirement: `one JSON object matching the ${tool}() schema` }],
      missing: [],
      unknown: [],
    },
    issue_count: 1,
    action: `Call ${tool}() with corrected data. Unknown fields may be typos.`,
  };
}
