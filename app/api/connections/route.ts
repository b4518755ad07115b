import { json, jsonBody, route, viewerOf } from "@/lib/http/handler";
import { connectionsOf, createConnection } from "@/lib/server/connection-service";
import { connectionListSchema, createdConnectionSchema } from "@/lib/wire/models";

export const GET = route(async (req) => json(connectionListSchema, await connectionsOf(await viewerOf(req))));

export const POST = route(async (req) => json(createdConnectionSchema, await createConnection(await viewerOf(req), await jsonBody(req)), { status: 201 }));
