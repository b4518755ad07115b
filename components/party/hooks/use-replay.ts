"use client";
// Plays a finished party back from its whole stored log. A page started from a server
// snapshot holds only the events after the snapshot's seq, so the first replay fetches
// the log up to it (kept for "Play again"); `loading` says so meanwhile.
import { useCallback, useEffect, useRef, useState } from "react";
import type { StoredEvent } from "@/lib/wire/events";
import { applyEvents, initialView } from "../view/reducer";
import type { PartyView } from "../view/types";
import { replayStep, START, type ReplayCursor } from "../log/replay";
import { fetchStoredLog } from "../log/stored-log";

const TICK_MS = 50;

export interface Replay {
  active: boolean;
  playing: boolean;
  speed: number;
  view: PartyView;
  /** 0..1 */
  progress: number;
  /** The log before the snapshot is being fetched: the replay starts when it is in. */
  loading: boolean;
  /** Why the log could not be fetched (the replay did not start). */
  error: string | null;
  start: () => void;
  pause: () => void;
  resume: () => void;
  setSpeed: (s: number) => void;
  /** Leave the replay and show the finished party. */
  end: () => void;
}

/** Where the events before the stream's first come from (a snapshot's `baseSeq` > 0). */
export interface ReplaySource {
  id: string;
  watch: string | null;
  baseSeq: number;
}

export function useReplay(events: () => readonly StoredEvent[], source: ReplaySource | null = null): Replay {
  const [active, setActive] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const earlier = useRef<readonly StoredEvent[] | null>(null);
  const fetching = useRef<AbortController | null>(null);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(1);
  const [view, setView] = useState<PartyView>(initialView);
  const [progress, setProgress] = useState(0);
  const log = useRef<readonly StoredEvent[]>([]);
  const cursor = useRef<ReplayCursor>(START);

  useEffect(() => {
    if (!active || !playing) return;
    const id = setInterval(() => {
      const r = replayStep(log.current, cursor.current, TICK_MS * speed);
      cursor.current = r.cursor;
      if (r.emit.length) setView((v) => applyEvents(v, r.emit));
      setProgress(log.current.length ? r.cursor.index / log.current.length : 1);
      if (r.done) setPlaying(false);
    }, TICK_MS);
    return () => clearInterval(id);
  }, [active, playing, speed]);

  useEffect(() => () => fetching.current?.abort(), []);

  const play = useCallback((all: readonly StoredEvent[]) => {
    log.current = all;
    cursor.current = START;
    setView(initialView());
    setProgress(0);
    setActive(true);
    setPlaying(true);
  }, []);

  const id = source?.id ?? null;
  const watch = source?.watch ?? null;
  const baseSeq = source?.baseSeq ?? 0;
  const start = useCallback(() => {
    if (!id || baseSeq === 0) return play([...events()]);
    if (earlier.current) return play([...earlier.current, ...events()]);
    if (fetching.current) return;
    const controller = new AbortController();
    fetching.current = controller;
    setLoading(true);
    setError(null);
    fetchStoredLog(id, watch, baseSeq, controller.signal)
      .then((before) => {
        earlier.current = before;
        play([...before, ...events()]);
      })
      .catch((e: unknown) => {
        if (!controller.signal.aborted) setError(e instanceof Error ? `Could not load the party's history: ${e.message}` : "Could not load the party's history.");
      })
      .finally(() => {
        if (fetching.current === controller) fetching.current = null;
        setLoading(false);
      });
  }, [events, play, id, watch, baseSeq]);

  return {
    active,
    playing,
    speed,
    view,
    progress,
    loading,
    error,
    start,
    pause: useCallback(() => setPlaying(false), []),
    resume: useCallback(() => setPlaying(true), []),
    setSpeed,
    end: useCallback(() => {
      setPlaying(false);
      setActive(false);
    }, []),
  };
}
