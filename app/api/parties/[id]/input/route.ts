import { json, jsonBody, route, viewerOf } from "@/lib/http/handler";
import { answerAcceptedSchema, pendingInputSchema } from "@/lib/wire/inputs";
import { answerInput, pendingInputOf } from "@/lib/server/party-service";

export const GET = route<{ id: string }>(async (req, { id }) => {
  const pending = await pendingInputOf(await viewerOf(req), id);
  return pending ? json(pendingInputSchema, pending) : new Response(null, { status: 204 });
});

export const POST = route<{ id: string }>(async (req, { id }) => json(answerAcceptedSchema, await answerInput(await viewerOf(req), id, await jsonBody(req)), { status: 202 }));
