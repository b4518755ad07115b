"use client";
// The conversation grows in the page, which is the one scroll. "Following" means the feed's
// end is in view: then new messages keep it there. Scrolled away, new messages offer
// "Jump to latest" instead. The history that loads with the page is not news (the page
// stays where it is), only what started since.
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { isTypingTarget } from "../../kickoff/keyboard";
import type { PartyView } from "../view/types";

/** The feed's end is "in view" when it is at most this far below the window's bottom. */
const NEAR_END_PX = 80;
/** A message that started this long before the page opened is history, not news (clock skew). */
const FRESH_MS = 5000;

export function useFollowEnd(view: Pick<PartyView, "feed" | "messages">) {
  const end = useRef<HTMLDivElement>(null);
  const [follow, setFollow] = useState(false);
  const [unseen, setUnseen] = useState(false);
  // Whether the end was in view the last time anyone looked: on scroll, and after each change.
  const followRef = useRef(false);
  const nearEnd = () => {
    const el = end.current;
    // In a hidden tab the feed has no box, so it is not followed.
    return Boolean(el && el.offsetParent !== null && el.getBoundingClientRect().top <= window.innerHeight + NEAR_END_PX);
  };

  useEffect(() => {
    followRef.current = nearEnd();
    const onScroll = () => {
      const near = nearEnd();
      followRef.current = near;
      setFollow(near);
      if (near) setUnseen(false);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  // Something new in the conversation: a new item, or the last message growing. The
  // history that loads with the page is not news (the page stays where it is), only what
  // started since.
  const [openedAt] = useState(() => Date.now());
  const last = view.feed.at(-1);
  const lastMessage = last?.kind === "message" ? view.messages[last.id] : undefined;
  const lastLength = lastMessage?.text.length ?? 0;
  const fresh = Boolean(lastMessage?.at && Date.parse(lastMessage.at) >= openedAt - FRESH_MS);
  const seen = useRef(`${view.feed.length}:${lastLength}`);
  useLayoutEffect(() => {
    const sig = `${view.feed.length}:${lastLength}`;
    if (sig === seen.current) return;
    seen.current = sig;
    const el = end.current;
    if (fresh && el && el.offsetParent !== null) {
      // Never move the page from under someone typing (an answer, a room message).
      if (followRef.current && !isTypingTarget(document.activeElement)) {
        const below = el.getBoundingClientRect().bottom - window.innerHeight;
        if (below > 0) window.scrollBy({ top: below + 16, behavior: "instant" });
      } else setUnseen(true);
    }
    followRef.current = nearEnd();
    setFollow(followRef.current);
  }, [view.feed.length, lastLength, fresh]);

  const jump = () => {
    end.current?.scrollIntoView({ block: "end", behavior: "instant" });
    followRef.current = true;
    setFollow(true);
    setUnseen(false);
  };

  return { end, showJump: unseen && !follow, jump };
}
