"use client";
// Subscribes to a party's SSE stream and folds it into a PartyView. Events are queued and
// applied once per animation frame: three agents streaming at 150 tokens/s each would
// otherwise re-render the dashboard hundreds of times a second.
import { useEffect, useRef, useState } from "react";
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
}

export function usePartyStream(id: string, watch: string | null): PartyStream {
  const [view, setView] = useState<PartyView>(initialView);
  const [connection, setConnection] = useState<Connection>("connecting");
  const [storedCount, setStoredCount] = useState(0);
  const stored = useRef<StoredEvent[]>([]);

  useEffect(() => {
    let queue: IncomingEvent[] = [];
    let raf: number | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let ended = false;

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

    const es = new EventSource(eventsUrl(id, watch));
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
        es.close();
        flush();
        setConnection("closed");
      }
    };
    for (const type of EVENT_TYPES) es.addEventListener(type, onEvent as EventListener);
    es.onopen = () => setConnection("live");
    es.onerror = () => {
      if (ended) return;
      setConnection(es.readyState === EventSource.CLOSED ? "error" : "reconnecting");
    };

    return () => {
      for (const type of EVENT_TYPES) es.removeEventListener(type, onEvent as EventListener);
      es.close();
      flush();
    };
  }, [id, watch]);

  return { view, connection, storedEvents: () => stored.current, storedCount };
}
