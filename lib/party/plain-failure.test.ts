import { describe, expect, it } from "vitest";
import type { StoredEvent } from "../wire/events";
import { forWatcher, plainCause } from "./plain-failure";

describe("plainCause", () => {
  it("says network failures in words, without the address", () => {
    expect(plainCause("Cannot connect to API: connect ECONNREFUSED 127.0.0.1:4198")).toBe("the model server refused the connection");
    expect(plainCause("the provider kept failing for 12 s (3 attempts): connect ECONNREFUSED 10.0.3.7:11434")).toBe("the provider kept failing for 12 s (3 attempts): the model server refused the connection");
    expect(plainCause("getaddrinfo ENOTFOUND ollama.internal")).toBe("the model server's address could not be found");
  });

  it("cuts URLs, IP addresses and host:port out of any other text, and leaves ordinary text alone", () => {
    const out = plainCause("Request to http://10.1.2.3:8080/v1/chat failed at localhost:11434 and [::1]:9000, also 192.168.0.4 and fe80:0:0:0:1:2:3:4");
    expect(out).not.toMatch(/10\.1\.2\.3|8080|localhost|11434|::1|192\.168|fe80/);
    expect(plainCause("the model answered 429: rate limited at 10:30, try again in 20 s")).toBe("the model answered 429: rate limited at 10:30, try again in 20 s");
  });
});

describe("forWatcher", () => {
  const at = "2026-11-25T00:00:00.000Z";
  it("gives a watcher a plain failure, and every other event untouched", () => {
    const failure: StoredEvent = { seq: 3, at, type: "agent-failure", data: { agent: "nadia", phase: 1, attempt: 1, kind: "error", error: "the model server refused the connection", final: false } };
    expect(forWatcher(failure)).toMatchObject({ data: { error: "It failed.", agent: "nadia" } });
    const end: StoredEvent = { seq: 4, at, type: "party-end", data: { status: "failed", reason: "The party used up its token budget" } };
    expect(forWatcher(end)).toMatchObject({ data: { status: "failed", reason: "The party failed." } });
    const note: StoredEvent = { seq: 5, at, type: "note", data: { kind: "info", phase: null, text: "hello" } };
    expect(forWatcher(note)).toBe(note);
  });
});
