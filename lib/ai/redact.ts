// A person's key must never reach an event, a log line or a response. Providers quote
// keys back in their errors ("Incorrect API key provided: sk-ab***…wxyz"), and those
// errors become agent-failure reasons and log lines, so every error a connection's model
// raises — thrown, or an error part of its stream — leaves it with the key and any
// masked key cut out. The error object itself is kept (retries read its status and
// headers); only its text changes.
import { wrapLanguageModel, type LanguageModel } from "ai";
import type { LanguageModelV4, LanguageModelV4StreamPart } from "@ai-sdk/provider";

const REDACTED = "[redacted]";
// A provider's masked echo of a key: a token with a run of four or more asterisks.
const MASKED = /\S*\*{4,}\S*/g;

/** The text with the secret (and anything that looks like a masked key) replaced. */
export function redactText(text: string, secret: string): string {
  let out = text;
  if (secret.length >= 4) out = out.split(secret).join(REDACTED);
  return out.replace(MASKED, REDACTED);
}

/** Scrubs an error's message and response body in place, and its causes'; returns it. */
export function redactError<T>(e: T, secret: string, seen = new Set<unknown>()): T {
  if (!e || typeof e !== "object" || seen.has(e)) return e;
  seen.add(e);
  const o = e as Record<string, unknown>;
  for (const k of ["message", "responseBody", "stack"]) {
    if (typeof o[k] === "string") {
      try {
        o[k] = redactText(o[k] as string, secret);
      } catch {
        Object.defineProperty(o, k, { value: redactText(o[k] as string, secret), configurable: true, writable: true });
      }
    }
  }
  if ("cause" in o) redactError(o.cause, secret, seen);
  if ("errors" in o && Array.isArray(o.errors)) for (const x of o.errors) redactError(x, secret, seen);
  if ("lastError" in o) redactError(o.lastError, secret, seen);
  return e;
}

/** A stream error part's payload: an Error is scrubbed in place, anything else by its JSON. */
function redactPayload(error: unknown, secret: string): unknown {
  if (error instanceof Error) return redactError(error, secret);
  if (typeof error === "string") return redactText(error, secret);
  if (error && typeof error === "object") {
    try {
      return JSON.parse(redactText(JSON.stringify(error), secret));
    } catch {
      return REDACTED;
    }
  }
  return error;
}

export function redactingModel(model: LanguageModel, secret: string): LanguageModel {
  return wrapLanguageModel({
    model: model as LanguageModelV4,
    middleware: {
      specificationVersion: "v4",
      wrapGenerate: async ({ doGenerate }) => {
        try {
          return await doGenerate();
        } catch (e) {
          throw redactError(e, secret);
        }
      },
      wrapStream: async ({ doStream }) => {
        let r: Awaited<ReturnType<typeof doStream>>;
        try {
          r = await doStream();
        } catch (e) {
          throw redactError(e, secret);
        }
        // Read by hand, not piped: an error the source stream raises (not only its error
        // parts) must be scrubbed too.
        const reader = r.stream.getReader();
        const stream = new ReadableStream<LanguageModelV4StreamPart>({
          async pull(controller) {
            try {
              const { done, value } = await reader.read();
              if (done) controller.close();
              else controller.enqueue(value.type === "error" ? { ...value, error: redactPayload(value.error, secret) } : value);
            } catch (e) {
              controller.error(redactError(e, secret));
            }
          },
          cancel: (reason) => reader.cancel(reason),
        });
        return { ...r, stream };
      },
    },
  });
}
