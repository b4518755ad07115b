import { json, jsonBody, route, viewerOf } from "@/lib/http/handler";
import { claimedSchema } from "@/lib/wire/owners";
import { claimOwnership } from "@/lib/server/owner-link";

// The owner link itself: opened in a browser, it makes that browser an owner and shows the party.
export const GET = route<{ id: string }>(async (req, { id }) => {
  const { url } = await claimOwnership(await viewerOf(req), id, { token: new URL(req.url).searchParams.get("token") ?? "" });
  return new Response(null, { status: 303, headers: { Location: url, "Cache-Control": "no-store" } });
});

// The same for API clients: 200 {id, role, url}.
export const POST = route<{ id: string }>(async (req, { id }) => json(claimedSchema, await claimOwnership(await viewerOf(req), id, await jsonBody(req))));
