import { z } from "zod";
import { describe, expect, it } from "vitest";
import { AppError, parseOrThrow } from "./app-error";

describe("AppError", () => {
  it("maps codes to HTTP status and the docs/api.md error shape", () => {
    const e = new AppError("conflict", "Already answered.");
    expect(e.status).toBe(409);
    expect(e.toJSON()).toEqual({ error: { code: "conflict", message: "Already answered." } });
  });

  it("turns a zod failure into 422 naming the field and the rule", () => {
    const schema = z.strictObject({ description: z.string().min(10, "must be at least 10 characters") });
    try {
      parseOrThrow(schema, { description: "short", extra: 1 });
      expect.unreachable();
    } catch (e) {
      const err = e as AppError;
      expect(err.status).toBe(422);
      expect(err.fields).toEqual({ description: "must be at least 10 characters", extra: "unknown field(s): extra" });
      expect(err.message).toContain("description: must be at least 10 characters");
    }
  });
});
