// What a failure says to the people watching a party. Provider errors quote internal
// endpoints ("connect ECONNREFUSED 127.0.0.1:4198", a base URL, a host name): the log
// keeps a plain cause an owner can act on, without addresses; a watcher (read-only, not
// the person who set the models up) sees only that something failed.
import type { StoredEvent } from "../wire/events";

// Network error codes, said in words (the address that follows them is dropped).
const CODES: Array<[RegExp, string]> = [
  [/\bECONNREFUSED\b/, "the model server refused the connection"],
  [/\b(ENOTFOUND|EAI_AGAIN)\b/, "the model server's address could not be found"],
  [/\b(ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT|UND_ERR_HEADERS_TIMEOUT)\b/, "the connection to the model server timed out"],
  [/\b(ECONNRESET|EPIPE|UND_ERR_SOCKET)\b/, "the connection to the model server was cut"],
  [/\b(EHOSTUNREACH|ENETUNREACH)\b/, "the model server could not be reached"],
];

const URL_RE = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>)]+/gi;
const IPV4_RE = /\b\d{1,3}(?:\.\d{1,3}){3}(?::\d{1,5})?\b/g;
const IPV6_RE = /\[[0-9a-f:]{2,}\](?::\d{1,5})?|(?<![\w:])(?:[0-9a-f]{1,4}:){3,7}[0-9a-f]{1,4}(?![\w:])|(?<![\w:])::1\b/gi;
// host:port (localhost:11434, ollama.internal:8080), not "phase 2: word" and the like.
const HOST_PORT_RE = /\b(?:localhost|[a-z0-9-]+(?:\.[a-z0-9-]+)+):\d{1,5}\b/gi;

/** The error's text with internal addresses cut out and network codes said in words. */
export function plainCause(text: string): string {
  for (const [re, words] of CODES) {
    if (re.test(text)) {
      // "Cannot connect to API: connect ECONNREFUSED 127.0.0.1:4198" → the words alone, after any prefix of ours.
      const prefix = text.match(/^(the provider kept failing for [^:]+: )/i)?.[1] ?? "";
      return `${prefix}${words}`;
    }
  }
  return text.replace(URL_RE, "[address]").replace(IPV4_RE, "[address]").replace(IPV6_RE, "[address]").replace(HOST_PORT_RE, "[address]");
}

const FAILED = "It failed.";

/** The event as a watcher gets it: failure causes replaced by a plain "failed". Other events are returned as they are (same object). */
export function forWatcher(e: StoredEvent): StoredEvent {
  switch (e.type) {
    case "agent-failure":
      return { ...e, data: { ...e.data, error: FAILED } };
    case "message-discard":
      return e.data.reason.startsWith("failed") ? { ...e, data: { ...e.data, reason: "failed" } } : e;
    case "revision-result":
      return e.data.reason ? { ...e, data: { ...e.data, reason: FAILED } } : e;
    case "critique-result":
      return e.data.reason ? { ...e, data: { ...e.data, reason: FAILED, recommendation: e.data.status === "failed" ? FAILED : e.data.recommendation } } : e;
    case "party-end":
      return e.data.status === "failed" && e.data.reason ? { ...e, data: { ...e.data, reason: "The party failed." } } : e;
    default:
      return e;
  }
}
