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
import { useCallback, useEffect, useRef, useState } from "react";
import type { StoredEvent } from "@/lib/party/events";
import { eventsUrl } from "../api/client";
import { EVENT_TYPES } from "./event-types";
import { applyEvents, initialView, type IncomingEvent, type PartyView } from "./party-view";

export type Connection = "connecting" | "live" | "reconnecting" | "closed" | "error";

export interface PartyStream {
  view: PartyView;
  connection: Connection;
  /** Every stored event received, in seq order (what a replay plays back). */
  storedEvents: () => readonly StoredEvent[];
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

export function usePartyStream(id: string, watch: string | null): PartyStream {
  const [view, setView] = useState<PartyView>(initialView);
  const [connection, setConnection] = useState<Connection>("connecting");
  const [storedCount, setStoredCount] = useState(0);
  const stored = useRef<StoredEvent[]>([]);
  const followRef = useRef<(forMs: number) => void>(() => {});

  useEffect(() => {
    let queue: IncomingEvent[] = [];
    let raf: number | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let ended = false;
    let es: EventSource | null = null;
    let reopen: ReturnType<typeof setTimeout> | null = null;
    let idle: ReturnType<typeof setTimeout> | null = null;
    /** While now < followUntil, a stream that stops is reopened. */
    let followUntil = 0;

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
      let parsed: IncomingEvent;
      try {
        parsed = JSON.parse(ev.data) as IncomingEvent;
      } catch {
        return;
      }
      if (!parsed || typeof parsed !== "object" || !("data" in parsed)) return;
      if (!parsed.type) (parsed as { type: string }).type = ev.type;
      if (typeof parsed.seq === "number") {
        const last = stored.current.at(-1)?.seq ?? 0;
        if (parsed.seq <= last) return; // a replay after reconnect: already have it
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
      for (const type of EVENT_TYPES) es.removeEventListener(type, onEvent as EventListener);
      es.close();
      es = null;
    };

    const open = () => {
      reopen = null;
      stop();
      const source = new EventSource(eventsUrl(id, watch, stored.current.at(-1)?.seq));
      es = source;
      for (const type of EVENT_TYPES) source.addEventListener(type, onEvent as EventListener);
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
      if (!es && reopen === null) open();
    };

    open();
    return () => {
      followRef.current = () => {};
      if (reopen !== null) clearTimeout(reopen);
      if (idle !== null) clearTimeout(idle);
      stop();
      flush();
    };
  }, [id, watch]);

  const follow = useCallback((forMs = FOLLOW_MS) => followRef.current(forMs), []);
  return { view, connection, storedEvents: () => stored.current, storedCount, follow };
}
