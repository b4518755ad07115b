import { jsonBody, route, viewerOf } from "@/lib/http/handler";
import { answerInput, pendingInputOf } from "@/lib/server/party-service";

export const GET = route<{ id: string }>(async (req, { id }) => {
  const pending = await pendingInputOf(await viewerOf(req), id);
  return pending ? Response.json(pending) : new Response(null, { status: 204 });
});

export const POST = route<{ id: string }>(async (req, { id }) => Response.json(await answerInput(await viewerOf(req), id, await jsonBody(req)), { status: 202 }));
