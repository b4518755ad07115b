// What the server-rendered snapshot and the browser's first render must agree on. The
// server formats no clock times (its time zone and locale are not the reader's) and no
// absolute links (it does not know the origin the browser sees): the first render in the
// browser matches that, and the next one, right after hydration, shows them.
import { useSyncExternalStore } from "react";
import type { PartyView } from "../view/types";

const noSubscribe = () => () => {};

/** False on the server and during hydration, true in every render after it. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
}

/** The view with the times the feed formats as clock times left out (they show once hydrated). */
export function withoutClockTimes(view: PartyView): PartyView {
  const messages: PartyView["messages"] = {};
  for (const [id, m] of Object.entries(view.messages)) messages[id] = m.at === null ? m : { ...m, at: null };
  const critiques: PartyView["critiques"] = {};
  for (const [id, c] of Object.entries(view.critiques)) critiques[id] = c.at === null ? c : { ...c, at: null };
  return { ...view, messages, critiques };
}
