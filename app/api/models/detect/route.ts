import { json, route, viewerOf } from "@/lib/http/handler";
import { modelsFor } from "@/lib/server/model-catalog";
import { modelListSchema } from "@/lib/wire/models";

// Looks for local model servers again now (one started after the server shows up at once).
export const POST = route(async (req) => json(modelListSchema, await modelsFor(await viewerOf(req), { detect: true })));
