"use client";
// Markdown for agent output, with the renderer (react-markdown + remark-gfm, most of the
// dashboard's JavaScript) split into its own chunk so that it is not part of the page's
// first load. The chunk is requested as soon as this module runs in the browser, in
// parallel with the dashboard's first fetches, and the dashboard holds its skeleton until
// it is there (useMarkdownReady), so text does not change shape under the reader.
// Wherever markdown shows before that, the text appears as written — plain, escaped by
// React, in the same wrapper — and turns into rendered markdown once the chunk arrives.
import { createElement, useEffect, useState, useSyncExternalStore, type ComponentType } from "react";
import type { MarkdownProps } from "./markdown-renderer";

export type { MarkdownProps } from "./markdown-renderer";

type Renderer = ComponentType<MarkdownProps>;

let renderer: Renderer | null = null;
let loading: Promise<Renderer> | null = null;
const listeners = new Set<() => void>();

/** The text as written, until the renderer arrives (and for good if its chunk fails to load). */
export function MarkdownText({ children, className }: Pick<MarkdownProps, "children" | "className">) {
  return (
    <div className={`md ${className ?? ""}`} data-md="plain">
      <p className="whitespace-pre-wrap break-words">{children}</p>
    </div>
  );
}

/** Starts (once) loading the renderer chunk; resolves with it when it is ready. */
export function preloadMarkdown(): Promise<Renderer> {
  loading ??= import("./markdown-renderer")
    .then((m): Renderer => m.MarkdownRenderer)
    // A chunk that fails to load (network, a deploy in between) leaves the plain text
    // rather than breaking the dashboard.
    .catch((): Renderer => MarkdownText)
    .then((r) => {
      renderer = r;
      for (const l of listeners) l();
      return r;
    });
  return loading;
}

if (typeof window !== "undefined") void preloadMarkdown();

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  void preloadMarkdown();
  return () => listeners.delete(onChange);
}

/** The loaded renderer, or null (always null on the server, so hydration matches). */
function useRenderer(): Renderer | null {
  return useSyncExternalStore(
    subscribe,
    () => renderer,
    () => null,
  );
}

/**
 * True once the renderer is loaded, or after `maxWaitMs` (a slow network must not hold
 * the page back: the plain text shows meanwhile).
 */
export function useMarkdownReady(maxWaitMs = 3000): boolean {
  const loaded = useRenderer() !== null;
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (loaded) return;
    const t = setTimeout(() => setGaveUp(true), maxWaitMs);
    return () => clearTimeout(t);
  }, [loaded, maxWaitMs]);
  return loaded || gaveUp;
}

export function Markdown(props: MarkdownProps) {
  // The renderer is a module-level component that never changes once loaded (not one
  // created during render), hence createElement.
  const loaded = useRenderer();
  return loaded ? createElement(loaded, props) : <MarkdownText className={props.className}>{props.children}</MarkdownText>;
}
