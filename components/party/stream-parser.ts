// The stream's event parser, loaded on demand (use-party-stream imports it dynamically):
// zod stays out of the page's first-load JavaScript, and the server-rendered snapshot
// covers the moment before it arrives.
import "@/components/api/zod-browser";

export { parseStreamEvent } from "@/lib/wire/events";
