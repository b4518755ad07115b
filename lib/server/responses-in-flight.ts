// The HTTP responses this process is still sending, seen through Node's diagnostics
// channels (Next owns the HTTP server; the app never holds it). A graceful shutdown
// waits for them: ending an SSE stream only queues its last frame, and exiting before
// Next has written it and the response's end cuts the stream mid-body.
import { subscribe } from "node:diagnostics_channel";
import type { ServerResponse } from "node:http";

export interface ResponsesInFlight {
  /** Responses started and not yet closed (finished, or their client went away). */
  readonly count: number;
  /** Resolves once every response has closed, or after `timeoutMs`; gives how many were still open. */
  settled(timeoutMs: number): Promise<number>;
}

/** Counts every response of every HTTP server in this process from now on. */
export function trackResponses(): ResponsesInFlight {
  const open = new Set<ServerResponse>();
  let waiters: Array<() => void> = [];
  const closed = (res: ServerResponse) => {
    open.delete(res);
    if (open.size > 0) return;
    const w = waiters;
    waiters = [];
    for (const fn of w) fn();
  };
  subscribe("http.server.request.start", (message) => {
    const { response } = message as { response: ServerResponse };
    open.add(response);
    // "close" follows "finish" (every byte handed to the OS), and also comes when the client left first.
    response.once("close", () => closed(response));
  });
  return {
    get count() {
      return open.size;
    },
    settled(timeoutMs) {
      if (open.size === 0) return Promise.resolve(0);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(open.size), timeoutMs);
        waiters.push(() => {
          clearTimeout(timer);
          resolve(0);
        });
      });
    },
  };
}
