"use client";
import { useCallback, useEffect, useRef, useState } from "react";
import type { StoredEvent } from "@/lib/party/events";
import { applyEvents, initialView, type PartyView } from "./party-view";
import { replayStep, START, type ReplayCursor } from "./replay";

const TICK_MS = 50;

export interface Replay {
  active: boolean;
  playing: boolean;
  speed: number;
  view: PartyView;
  /** 0..1 */
  progress: number;
  start: () => void;
  pause: () => void;
  resume: () => void;
  setSpeed: (s: number) => void;
  /** Leave the replay and show the finished party. */
  end: () => void;
}

export function useReplay(events: () => readonly StoredEvent[]): Replay {
  const [active, setActive] = useState(false);
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

  const start = useCallback(() => {
    log.current = [...events()];
    cursor.current = START;
    setView(initialView());
    setProgress(0);
    setActive(true);
    setPlaying(true);
  }, [events]);

  return {
    active,
    playing,
    speed,
    view,
    progress,
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
