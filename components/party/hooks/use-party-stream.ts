"use client";
// Subscribes to a party's SSE stream and folds it into a PartyView. Events are queued and
// applied once per animation frame: three agents streaming at 150 tokens/s each would
// otherwise re-render the dashboard hundreds of times a second.
//
// A finished party can still gain events: an on-demand critique appends its messages and
// critique-result after party-end. So the stream is not closed by party-end: the server
// ends it, EventSource comes back once with Last-Event-ID and gets either the later
// events or a 204 that stops it for good. While a critique runs (asked for here, or its
// critique-start found in the log) a stopped stream is reopened until the result arrives.
//
// A page rendered on the server hands over a snapshot (the view folded up to seq N): the
// hook starts from it and streams only what comes after N, so nothing is rebuilt in the
// browser and a finished party shows at once. The event parser (and zod with it) is
// loaded after the first paint; the stream opens once it is there.
import { useCallback, useEffect, useRef, useState } from "react";
import type { IncomingEvent, StoredEvent } from "@/lib/wire/events";
import { eventsUrl } from "../../api/client";
import type * as StreamParser from "../log/stream-parser";
import { applyEvents, initialView } from "../view/reducer";
import { runningRevision } from "../view/selectors";
import type { PartyView } from "../view/types";

export type Connection = "connecting" | "live" | "reconnecting" | "closed" | "error";

/** The view the server folded from the log up to `lastSeq`. */
export interface StreamSnapshot {
  view: PartyView;
  lastSeq: number;
}

export interface PartyStream {
  view: PartyView;
  connection: Connection;
  /** Every stored event received after `baseSeq`, in seq order. */
  storedEvents: () => readonly StoredEvent[];
  /** The snapshot's last seq: events up to it were folded on the server and never received here (0 without a snapshot). */
  baseSeq: number;
  /** Bumps when a stored event arrives (lets consumers re-read storedEvents). */
  storedCount: number;
  /**
   * Expect events after the party ended (a critique was just accepted): keeps a stream
   * open, retrying while the server has nothing new yet, until a critique-result arrives
   * or `forMs` passes.
   */
  follow: (forMs?: number) => void;
}

const RETRY_MS = 1000;
const QUIET_MS = 5000;
/** How long a finished party's stream waits for a critique's result. */
const FOLLOW_MS = 10 * 60_000;

/** A snapshot of a finished party on which a critique or a revision still runs: its result is still to come. */
function awaitsResult(view: PartyView): boolean {
  return Object.values(view.runningCritiques).some((c) => c.onDemand) || runningRevision(view) !== null;
}

export function usePartyStream(id: string, watch: string | null, initial: StreamSnapshot | null = null): PartyStream {
  // Only the first render's snapshot counts: later ones (a refresh of the server page) are older than the stream.
  const [snapshot] = useState(initial);
  const baseSeq = snapshot?.lastSeq ?? 0;
  const [view, setView] = useState<PartyView>(() => snapshot?.view ?? initialView());
  const [connection, setConnection] = useState<Connection>(snapshot?.view.end ? "closed" : "connecting");
  const [storedCount, setStoredCount] = useState(0);
  const stored = useRef<StoredEvent[]>([]);
  const followRef = useRef<(forMs: number) => void>(() => {});

  useEffect(() => {
    let queue: IncomingEvent[] = [];
    let warned = false;
    let raf: number | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    // The snapshot may already hold party-end (and a critique or revision asked for after it).
    let ended = Boolean(snapshot?.view.end);
    let es: EventSource | null = null;
    let reopen: ReturnType<typeof setTimeout> | null = null;
    let idle: ReturnType<typeof setTimeout> | null = null;
    let parser: typeof StreamParser | null = null;
    let disposed = false;
    /** While now < followUntil, a stream that stops is reopened. */
    let followUntil = snapshot && ended && awaitsResult(snapshot.view) ? Date.now() + FOLLOW_MS : 0;
    const lastSeq = () => stored.current.at(-1)?.seq ?? baseSeq;

    const flush = () => {
      if (raf !== null) cancelAnimationFrame(raf);
      if (timer !== null) clearTimeout(timer);
      raf = null;
      timer = null;
      const batch = queue;
      queue = [];
      if (batch.length) {
        setView((v) => applyEvents(v, batch));
        setStoredCount(stored.current.length);
      }
    };
    // A frame when the tab is visible; the timer keeps a background tab from piling up.
    const schedule = () => {
      raf ??= requestAnimationFrame(flush);
      timer ??= setTimeout(flush, 150);
    };

    const onEvent = (ev: MessageEvent<string>) => {
      // Parsed once, here at the edge, against the wire contract: the view trusts what it folds.
      const parsed = parser?.parseStreamEvent(ev.type, ev.data);
      if (!parsed) {
        if (!warned) console.warn(`[stream] ignored a ${ev.type} event that does not match the wire contract`, ev.data.slice(0, 200));
        warned = true;
        return;
      }
      if (typeof parsed.seq === "number") {
        if (parsed.seq <= lastSeq()) return; // a replay after reconnect: already have it
        stored.current.push(parsed as StoredEvent);
      }
      queue.push(parsed);
      schedule();
      if (parsed.type === "party-end") {
        ended = true;
        flush();
        setConnection("closed");
      } else if (ended) {
        // A round or a revision asked for after the end (seen live, or found in the log on a reload):
        // keep the stream until its result; once that arrives, no open stream is needed.
        if ((parsed.type === "critique-start" && parsed.data.onDemand) || parsed.type === "revision-start") followUntil = Math.max(followUntil, Date.now() + FOLLOW_MS);
        if (parsed.type === "critique-result" || parsed.type === "revision-result") followUntil = 0;
        closeWhenQuiet();
      }
    };

    // After party-end nothing more is expected unless followed: a stream that brought
    // the later events and then stays quiet is closed.
    const closeWhenQuiet = () => {
      if (idle !== null) clearTimeout(idle);
      idle = setTimeout(() => {
        idle = null;
        if (ended && Date.now() >= followUntil) stop();
      }, QUIET_MS);
    };

    const stop = () => {
      if (!es) return;
      for (const type of parser?.EVENT_TYPES ?? []) es.removeEventListener(type, onEvent as EventListener);
      es.close();
      es = null;
    };

    const open = () => {
      reopen = null;
      stop();
      const source = new EventSource(eventsUrl(id, watch, lastSeq()));
      es = source;
      // Opened only once the parser is here: the names to listen for come with it.
      for (const type of parser?.EVENT_TYPES ?? []) source.addEventListener(type, onEvent as EventListener);
      source.onopen = () => {
        if (!ended) setConnection("live");
        else closeWhenQuiet();
      };
      source.onerror = () => {
        if (source.readyState !== EventSource.CLOSED) {
          if (!ended) setConnection("reconnecting");
          return;
        }
        // CLOSED: a 204 (nothing more after party-end) or a refusal.
        if (es === source) es = null;
        if (!ended) setConnection("error");
        else if (Date.now() < followUntil) reopen ??= setTimeout(open, RETRY_MS);
      };
    };

    followRef.current = (forMs: number) => {
      followUntil = Date.now() + forMs;
      // Before the parser has loaded, its arrival opens the stream.
      if (!es && reopen === null && parser) open();
    };

    import("../log/stream-parser").then(
      (m) => {
        parser = m;
        if (!disposed) open();
      },
      // A chunk that fails to load (a deploy replaced it, the network dropped): say so, like a refused stream.
      () => !disposed && setConnection("error"),
    );
    return () => {
      disposed = true;
      followRef.current = () => {};
      if (reopen !== null) clearTimeout(reopen);
      if (idle !== null) clearTimeout(idle);
      stop();
      flush();
    };
  }, [id, watch, snapshot, baseSeq]);

  const follow = useCallback((forMs = FOLLOW_MS) => followRef.current(forMs), []);
  return { view, connection, storedEvents: () => stored.current, baseSeq, storedCount, follow };
}
