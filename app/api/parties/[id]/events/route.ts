import { route, viewerOf } from "@/lib/http/handler";
import { eventStreamOf } from "@/lib/server/party-service";

export const GET = route<{ id: string }>(async (req, { id }) => {
  const stream = await eventStreamOf(await viewerOf(req), id, req.headers.get("last-event-id"), new URL(req.url).searchParams.get("after"));
  // The party is over and the viewer has every event: 204 tells EventSource to stop.
  if (!stream) return new Response(null, { status: 204 });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
});
