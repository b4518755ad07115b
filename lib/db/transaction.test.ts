import { describe, expect, it } from "vitest";
import { isTransientDbError } from "./transaction";

describe("isTransientDbError", () => {
  it.each([
    [Object.assign(new Error("Transaction API error: Unable to start a transaction in the given time."), { code: "P2028" }), true],
    [new Error("Transaction already closed: A commit cannot be executed on an expired transaction."), true],
    [Object.assign(new Error("Timed out fetching a new connection from the connection pool."), { code: "P2024" }), true],
    [Object.assign(new Error("Unique constraint failed"), { code: "P2002" }), false],
    [new TypeError("x is undefined"), false],
    [null, false],
  ])("%s → %s", (e, transient) => {
    expect(isTransientDbError(e)).toBe(transient);
  });
});
