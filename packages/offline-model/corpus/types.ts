// The shape of a corpus scenario: what a person wrote and said, and the facts that
// person would check in what the team wrote. Expectations are written from the person's
// side — what their words support — never from what a model happens to output.
import { ARTIFACT_PATHS } from "@inception-party/protocol";

/** The documents a fact can be expected in. */
export const ARTIFACT_FILES = {
  brief: ARTIFACT_PATHS.brief,
  architecture: ARTIFACT_PATHS.architecture,
  dataModel: ARTIFACT_PATHS.dataModel,
  testStrategy: ARTIFACT_PATHS.testStrategy,
  constitution: ARTIFACT_PATHS.constitution,
} as const;

export type ArtifactKey = keyof typeof ARTIFACT_FILES;

/** Where a forbidden pattern is looked for: a document, or every agent message. */
export type Place = ArtifactKey | "messages";

export type Split = "tuned" | "held-out";

/** Something the person says into the room while a phase runs. */
export interface Remark {
  /** 1 Vision Council (said at the questions gate), 2 Stack Debate (at the stack card), 3 Blueprint (as the first draft starts). */
  phase: 1 | 2 | 3;
  /** A persona key, or absent for everyone. */
  to?: string;
  text: string;
}

/** A thing people act on: the data model must have an entity under one of these names. */
export interface ExpectedEntity {
  thing: string;
  accept: string[];
}

/**
 * A thing carried as a field, status or count ("no-show", "wind", "level"): a table row of
 * the data model, or an entity of its own unless `notEntity` calls that a mistake.
 */
export interface ExpectedField {
  thing: string;
  /** Matches a table row (field name or enum value), or the name of an entity of its own. */
  field: RegExp;
  /** Entity names that would be the mistake (e.g. Show, NoShow for "no-shows"). */
  notEntity: string[];
}

/** A relation the person stated, between two of their things (names as in `accept`). */
export interface ExpectedRelation {
  said: string;
  a: string[];
  b: string[];
  /** one-to-many: one A has many B (B refers to A); many-to-many: a join entity or an explicit many-to-many. */
  kind: "one-to-many" | "many-to-many";
}

/** A stated requirement (channel, identity, language, device, integration, offline, …) and where it matters. */
export interface ExpectedRequirement {
  what: string;
  pattern: RegExp;
  where: ArtifactKey[];
  /** The remark or the stack change stated it, not the description or the answers. */
  from?: "remark" | "change";
}

/** A tool, integration or competitor the person named. */
export interface ExpectedNamed {
  name: string;
  pattern: RegExp;
  where: ArtifactKey[];
}

export interface ExpectedConstraints {
  /** A budget the person gave: `accept` is tried on each money amount a budget claim states. */
  budget?: { said: string; accept: RegExp };
  /** A deadline: `accept` is tried on the time expression a deadline claim states. */
  deadline?: { said: string; accept: RegExp };
  /** The team: sizes a team-size claim may state, and what the brief must carry. */
  team?: { said: string; sizes: number[]; pattern: RegExp };
  /**
   * Regulations (keys of REGULATIONS) defensible from the facts although the person did
   * not name them (GDPR for personal data of people in the EU). A regulation the person
   * named is always allowed, and expected in the brief and the architecture.
   */
  defensibleRegulations: string[];
  /** Devices (keys of DEVICES) defensible from the facts; devices the person named are always allowed. */
  defensibleDevices: string[];
  /** Products (keys of PRODUCTS) defensible without being named; products the person named are always allowed. */
  defensibleProducts?: string[];
  /** What the person ruled out; an exclusion claim must match one of these. */
  exclusions: { said: string; accept: RegExp }[];
}

export interface ExpectedForbidden {
  what: string;
  pattern: RegExp;
  /** Default: every document and every message. */
  where?: Place[];
  why: string;
}

export interface CorpusScenario {
  name: string;
  /** The domain and writing style, for the reader of a report. */
  style: string;
  title: string;
  description: string;
  /** What the person answers to the Vision Council's questions. */
  answers: string;
  remark: Remark;
  /** Said at the stack card with [C]; the card is approved after it. */
  change?: string;
  /** A contradiction between the description and the answers; the later statement stands. */
  contradiction?: { earlier: string; later: string };
  expect: {
    entities: ExpectedEntity[];
    fields: ExpectedField[];
    relations: ExpectedRelation[];
    requirements: ExpectedRequirement[];
    named: ExpectedNamed[];
    constraints: ExpectedConstraints;
    forbidden: ExpectedForbidden[];
  };
}

/** Everything the person wrote or said (the title too): the only source a quote may come from. */
export function personText(s: Pick<CorpusScenario, "title" | "description" | "answers" | "remark" | "change">): string {
  return [s.title, s.description, s.answers, s.remark.text, s.change ?? ""].filter(Boolean).join("\n");
}
