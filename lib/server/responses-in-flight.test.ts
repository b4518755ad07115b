import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { trackResponses } from "./responses-in-flight";

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

/** A server whose one route streams until the test closes the stream, as an SSE route does. */
async function streamingServer() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let response!: ServerResponse;
  let resolveStarted!: () => void;
  const started = new Promise<void>((r) => (resolveStarted = r));
  const s = createServer((_req, res) => {
    response = res;
    res.writeHead(200, { "content-type": "text/event-stream" });
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    // Piped asynchronously, as Next pipes a route's Response body.
    Readable.fromWeb(body as never).pipe(res);
    resolveStarted();
  });
  servers.push(s);
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(s.address() as AddressInfo).port}/`;
  return { url, started, end: (last: string) => (controller.enqueue(new TextEncoder().encode(last)), controller.close()), response: () => response };
}

describe("trackResponses", () => {
  it("settles once a closed stream's last bytes and the response's end are written, not when the stream closes", async () => {
    const inFlight = trackResponses();
    const srv = await streamingServer();
    const body = fetch(srv.url).then((r) => r.text());
    await srv.started;
    expect(inFlight.count).toBe(1);
    srv.end("retry: 1000\n\n");
    // The stream is closed, the response not yet written: this is what an exit would cut.
    expect(srv.response().writableFinished).toBe(false);
    expect(await inFlight.settled(10_000)).toBe(0);
    expect(srv.response().writableFinished).toBe(true);
    expect(await body).toBe("retry: 1000\n\n");
  });

  it("gives up after its bound and says how many responses are still open", async () => {
    const inFlight = trackResponses();
    const srv = await streamingServer();
    const ac = new AbortController();
    const body = fetch(srv.url, { signal: ac.signal }).then((r) => r.text()).catch(() => "aborted");
    await srv.started;
    expect(await inFlight.settled(50)).toBe(1);
    // A client that leaves closes its response too.
    ac.abort();
    expect(await inFlight.settled(10_000)).toBe(0);
    expect(await body).toBe("aborted");
  });

  it("settles at once when nothing is in flight", async () => {
    expect(await trackResponses().settled(10_000)).toBe(0);
  });
});
