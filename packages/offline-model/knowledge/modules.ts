// Entities grouped into domain modules ("catalog", "orders", "triage", ...): the
// unit of the modular monolith, of the directory layout and of the API routes.
import { kebab, plural } from "../text-utils";
import type { Entity } from "./extract-entities";

const MODULE_OF: Record<string, string> = {
  User: "accounts", Organization: "accounts",
  Product: "catalog", Photo: "catalog", Tag: "catalog", Recipe: "catalog",
  Order: "orders", OrderItem: "orders", Review: "orders", Delivery: "orders",
  Booking: "bookings",
  Payment: "payments", Subscription: "billing", Invoice: "billing",
  Account: "ledger", Transaction: "ledger", Expense: "expenses",
  Question: "questions", AnswerOption: "questions",
  Course: "classes", Lesson: "classes", Assignment: "classes",
  Notification: "notifications", Conversation: "messaging", Message: "messaging", Comment: "messaging",
  AuditEvent: "audit", Attachment: "files", Event: "events", Ticket: "support",
  Application: "hiring", Post: "posts", Article: "content",
  Project: "projects", Task: "projects",
};

export function moduleOf(entityName: string): string {
  return MODULE_OF[entityName] ?? kebab(plural(entityName));
}

/** Each module in the order its first entity comes, with its entities in theirs. */
export function groupModules(entities: Entity[]): { name: string; entities: Entity[] }[] {
  return [...new Set(entities.map((e) => moduleOf(e.name)))].map((name) => ({ name, entities: entities.filter((e) => moduleOf(e.name) === name) }));
}

/** URL segment for an entity: "PickupSlot" → "pickup-slots". */
export function resourcePath(entityName: string): string {
  return kebab(plural(entityName.replace(/([a-z])([A-Z])/g, "$1 $2")));
}
