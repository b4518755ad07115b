// Entities grouped into domain modules ("catalog", "orders", "triage", ...): the
// unit of the modular monolith, of the directory layout and of the API routes.
import { kebab, plural } from "../text-utils";
import type { Entity } from "./extract-entities";

const MODULE_OF: Record<string, string> = {
  User: "accounts", Cook: "accounts", Seller: "accounts", Courier: "accounts", Organization: "accounts",
  Dish: "catalog", Listing: "catalog", Product: "catalog", Photo: "catalog", PickupSlot: "catalog", Tag: "catalog", Recipe: "catalog",
  Order: "orders", OrderItem: "orders", Review: "orders", Delivery: "orders",
  Booking: "bookings",
  Payment: "payments", Payout: "payments", Subscription: "billing", Invoice: "billing",
  Account: "ledger", Transaction: "ledger", Expense: "expenses",
  Patient: "patients", Clinic: "patients", Encounter: "patients",
  SymptomReport: "triage", TriageAssessment: "triage", EhrSyncJob: "ehr",
  Quiz: "quizzes", Question: "quizzes", AnswerOption: "quizzes",
  GameSession: "games", Player: "games", PlayerAnswer: "games",
  Classroom: "classes", Course: "classes", Lesson: "classes", Assignment: "classes",
  Runbook: "runbooks", RunbookStep: "runbooks", DashboardLink: "runbooks",
  Incident: "incidents", ChecklistRun: "incidents", StepExecution: "incidents", TimelineEvent: "incidents",
  Device: "fleet", Fleet: "fleet", Vehicle: "fleet", FirmwareRelease: "fleet",
  TelemetryReading: "telemetry", Alert: "alerts",
  Notification: "notifications", Conversation: "messaging", Message: "messaging", Comment: "messaging",
  AuditEvent: "audit", Attachment: "files", Event: "events", Ticket: "support",
  JobPosting: "hiring", Application: "hiring", Post: "posts", Article: "content",
  Project: "projects", Task: "projects", Profile: "config", CommandRun: "history",
};

export interface DomainModule {
  name: string;
  entities: Entity[];
}

export function moduleOf(entityName: string): string {
  return MODULE_OF[entityName] ?? kebab(plural(entityName));
}

export function groupModules(entities: Entity[]): DomainModule[] {
  const map = new Map<string, Entity[]>();
  for (const e of entities) {
    const m = moduleOf(e.name);
    map.set(m, [...(map.get(m) ?? []), e]);
  }
  return [...map.entries()].map(([name, es]) => ({ name, entities: es }));
}

/** URL segment for an entity: "PickupSlot" → "pickup-slots". */
export function resourcePath(entityName: string): string {
  return kebab(plural(entityName.replace(/([a-z])([A-Z])/g, "$1 $2"))).replace(/_/g, "-");
}
