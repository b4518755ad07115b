// The stored log up to a seq, read from the party's event stream (docs/api.md: the
// stream replays the log from any seq, then goes live). A replay needs every event, and
// a page rendered from a server snapshot never received those before the snapshot's seq.
// The stream ends after party-end, so reading resumes after the last seq seen until the
// wanted one is in.
import type { StoredEvent } from "@/lib/wire/events";
import { eventsUrl } from "../../api/client";

/** Splits complete SSE frames off `buffer`: the stored events among them (frames with an id) and the unfinished tail. */
export function parseStoredFrames(buffer: string): { events: StoredEvent[]; rest: string } {
  const events: StoredEvent[] = [];
  const text = buffer.replace(/\r\n?/g, "\n");
  const frames = text.split("\n\n");
  const rest = frames.pop() ?? "";
  for (const frame of frames) {
    let id = false;
    const data: string[] = [];
    for (const line of frame.split("\n")) {
      if (line.startsWith("id:")) id = true;
      else if (line.startsWith("data:")) data.push(line.slice(line.startsWith("data: ") ? 6 : 5));
    }
    if (!id || !data.length) continue; // live deltas, pings, retry hints
    try {
      const e = JSON.parse(data.join("\n")) as StoredEvent;
      if (typeof e.seq === "number" && typeof e.type === "string") events.push(e);
    } catch {
      // A frame that is not JSON is not a stored event.
    }
  }
  return { events, rest };
}

/** Every stored event with seq ≤ `upTo`, in order. Throws when the server refuses or the log stops short. */
export async function fetchStoredLog(id: string, watch: string | null, upTo: number, signal?: AbortSignal): Promise<StoredEvent[]> {
  const out: StoredEvent[] = [];
  const last = () => out.at(-1)?.seq ?? 0;
  // Each pass reads until party-end closes the stream or `upTo` is in; a pass that brings nothing new gives up.
  for (let pass = 0; last() < upTo; pass++) {
    const before = last();
    const controller = new AbortController();
    const abort = () => controller.abort();
    signal?.addEventListener("abort", abort);
    try {
      const res = await fetch(eventsUrl(id, watch, before), { headers: { accept: "text/event-stream" }, credentials: "same-origin", cache: "no-store", signal: controller.signal });
      if (res.status === 204 || !res.body) break;
      if (!res.ok) throw new Error(`The server answered ${res.status}.`);
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const parsed = parseStoredFrames(buffer + value);
        buffer = parsed.rest;
        for (const e of parsed.events) if (e.seq === last() + 1 && e.seq <= upTo) out.push(e);
        if (last() >= upTo) break;
      }
    } finally {
      signal?.removeEventListener("abort", abort);
      controller.abort(); // a live party's stream does not end by itself
    }
    if (last() === before) break;
  }
  if (last() < upTo) throw new Error(`The log stopped at event ${last()} of ${upTo}.`);
  return out;
}
