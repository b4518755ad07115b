import { json, route, viewerOf } from "@/lib/http/handler";
import { ownerLinkSchema } from "@/lib/wire/owners";
import { rotateOwnerLink } from "@/lib/server/owner-link";

// A new owner link: the old one and the owners it admitted stop working (the party's creator only).
export const POST = route<{ id: string }>(async (req, { id }) => json(ownerLinkSchema, await rotateOwnerLink(await viewerOf(req), id)));
