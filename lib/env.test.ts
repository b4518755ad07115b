import { describe, expect, it } from "vitest";
import { parseEnv } from "./env";

describe("environment", () => {
  it("defaults to the embedded database and the offline model", () => {
    const e = parseEnv({});
    expect(e.DATABASE_URL).toBeUndefined();
    expect(e.DATA_DIR).toBe(".data");
    expect(e.INCEPTION_MODEL).toBe("offline");
    expect(e.PORT).toBe(3000);
  });

  it("treats empty strings as unset", () => {
    expect(parseEnv({ DATABASE_URL: "", PORT: "" }).PORT).toBe(3000);
  });

  it.each([
    [{ DATABASE_URL: "nonsense" }, 'Invalid environment variable DATABASE_URL: must be a postgres:// or postgresql:// URL (got "nonsense")'],
    [{ PORT: "99999" }, /^Invalid environment variable PORT: /],
    [{ INCEPTION_MODEL: "gpt" }, /^Invalid environment variable INCEPTION_MODEL: must be offline, openai:<model>/],
    [{ OFFLINE_MODEL_TPS: "-1" }, /OFFLINE_MODEL_TPS: must be 0 \(instant\) or more/],
    [{ AUTH_SECRET: "short" }, "Invalid environment variable AUTH_SECRET: must be at least 32 characters"],
    [{ TRUST_PROXY: "yes" }, 'Invalid environment variable TRUST_PROXY: must be true, false or the number of proxies in front (0-10) (got "yes")'],
    [{ MAX_RUNNING_PARTIES: "0" }, /^Invalid environment variable MAX_RUNNING_PARTIES: /],
  ])("rejects %j with one line naming the variable", (source, message) => {
    expect(() => parseEnv(source)).toThrow(message);
  });

  it("never echoes a secret's value", () => {
    expect(() => parseEnv({ AUTH_SECRET: "hunter2" })).toThrow(/^(?!.*hunter2)/);
  });

  it("reads TRUST_PROXY as a number of proxies, true as one, and trusts none by default", () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
  });

  it("has kickoff limits a fresh cookie cannot dodge on by default", () => {
    const e = parseEnv({});
    expect([e.MAX_ACTIVE_PARTIES_PER_ADDRESS, e.MAX_RUNNING_PARTIES, e.MAX_TOKENS_PER_HOUR]).toEqual([30, 50, 20_000_000]);
  });
});
