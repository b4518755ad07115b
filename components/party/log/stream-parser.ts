// The stream's event parser, loaded on demand (use-party-stream imports it dynamically):
// zod stays out of the page's first-load JavaScript, and the server-rendered snapshot
// covers the moment before it arrives. The stream opens once it is here, so the event
// names it listens for come with it.
import "@/components/api/zod-browser";

export { EVENT_TYPES, parseStreamEvent } from "@/lib/wire/events";
