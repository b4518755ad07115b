import { json, jsonBody, route, viewerOf } from "@/lib/http/handler";
import { claimedSchema } from "@/lib/wire/owners";
import { claimOwnership, confirmPageOf } from "@/lib/server/owner-link";

// The owner link itself: opened in a browser, it shows a page that asks to confirm. A GET
// changes nothing (any site can make a browser GET a URL); the page confirms with the POST.
export const GET = route<{ id: string }>(async (req, { id }) => {
  const url = await confirmPageOf(id, new URL(req.url).searchParams.get("token") ?? "");
  return new Response(null, { status: 303, headers: { Location: url, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
});

// The confirmation (from that page, or an API client): 200 {id, role, url}.
export const POST = route<{ id: string }>(async (req, { id }) => json(claimedSchema, await claimOwnership(await viewerOf(req), id, await jsonBody(req))));
