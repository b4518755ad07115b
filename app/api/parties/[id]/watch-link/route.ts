import { json, route, viewerOf } from "@/lib/http/handler";
import { watchLinkSchema } from "@/lib/wire/owners";
import { rotateWatchLink } from "@/lib/server/owner-link";

// A new watch link: the old one stops working and its watchers' open streams close (the party's creator only).
export const POST = route<{ id: string }>(async (req, { id }) => json(watchLinkSchema, await rotateWatchLink(await viewerOf(req), id)));
