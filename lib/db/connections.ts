// A person's model connections. Every read and write names the owner: a connection is
// only ever found through the guest who made it. The key is stored sealed (the caller
// seals and opens it: lib/ai/connection-keys.ts); deleting the row deletes it.
import type { Database } from "./client";

export interface ConnectionRow {
  id: string;
  ownerId: string;
  provider: string;
  name: string;
  baseUrl: string | null;
  keySealed: string | null;
  keyHint: string | null;
  models: string[];
  createdAt: Date;
  testedAt: Date | null;
}

export interface NewConnection {
  id: string;
  ownerId: string;
  provider: string;
  name: string;
  baseUrl: string | null;
  keySealed: string | null;
  keyHint: string | null;
  models: string[];
}

const toRow = (r: Omit<ConnectionRow, "models"> & { models: unknown }): ConnectionRow => ({ ...r, models: Array.isArray(r.models) ? r.models.filter((m): m is string => typeof m === "string") : [] });

export async function insertConnection(db: Database, c: NewConnection): Promise<ConnectionRow> {
  return toRow(await db.prisma.modelConnection.create({ data: { ...c, testedAt: new Date() } }));
}

/** The guest's connections, oldest first. */
export async function listConnections(db: Database, ownerId: string): Promise<ConnectionRow[]> {
  return (await db.prisma.modelConnection.findMany({ where: { ownerId }, orderBy: { createdAt: "asc" }, take: 100 })).map(toRow);
}

export async function countConnections(db: Database, ownerId: string): Promise<number> {
  return db.prisma.modelConnection.count({ where: { ownerId } });
}

/** One connection of this guest, or null (another guest's connection is not found either). */
export async function findConnection(db: Database, ownerId: string, id: string): Promise<ConnectionRow | null> {
  const r = await db.prisma.modelConnection.findFirst({ where: { id, ownerId } });
  return r ? toRow(r) : null;
}

/** Several connections of one guest at once (a party's run loads the ones it uses). */
export async function findConnections(db: Database, ownerId: string, ids: string[]): Promise<ConnectionRow[]> {
  if (ids.length === 0) return [];
  return (await db.prisma.modelConnection.findMany({ where: { ownerId, id: { in: ids } } })).map(toRow);
}

/** After a successful test: the models it listed now. */
export async function recordTest(db: Database, ownerId: string, id: string, models: string[]): Promise<void> {
  await db.prisma.modelConnection.updateMany({ where: { id, ownerId }, data: { models, testedAt: new Date() } });
}

/** Deletes the connection and its sealed key; false when this guest has no such connection. */
export async function deleteConnection(db: Database, ownerId: string, id: string): Promise<boolean> {
  return (await db.prisma.modelConnection.deleteMany({ where: { id, ownerId } })).count > 0;
}
