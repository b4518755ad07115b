// The schemas the client checks the server's answers with, loaded on demand (client.ts
// imports this module dynamically on the first request): zod stays out of the pages'
// first-load JavaScript, and a page has finished painting before it asks anything.
import "./zod-browser";
import { critiqueAcceptedSchema } from "@/lib/wire/critique";
import { errorBodySchema } from "@/lib/wire/errors";
import { connectionListSchema, connectionTestSchema, createdConnectionSchema, modelListSchema } from "@/lib/wire/models";
import { answerAcceptedSchema } from "@/lib/wire/inputs";
import { claimedSchema, ownerLinkSchema, watchLinkSchema } from "@/lib/wire/owners";
import { cancelledSchema, createdPartySchema, partyListSchema, partySummarySchema } from "@/lib/wire/parties";
import { revisionAcceptedSchema } from "@/lib/wire/revisions";
import { roomMessageAcceptedSchema } from "@/lib/wire/room";

export const ANSWER_SCHEMAS = {
  answerAccepted: answerAcceptedSchema,
  claimed: claimedSchema,
  cancelled: cancelledSchema,
  connectionList: connectionListSchema,
  connectionTest: connectionTestSchema,
  createdConnection: createdConnectionSchema,
  modelList: modelListSchema,
  createdParty: createdPartySchema,
  critiqueAccepted: critiqueAcceptedSchema,
  errorBody: errorBodySchema,
  ownerLink: ownerLinkSchema,
  watchLink: watchLinkSchema,
  partyList: partyListSchema,
  partySummary: partySummarySchema,
  revisionAccepted: revisionAcceptedSchema,
  roomMessageAccepted: roomMessageAcceptedSchema,
} as const;
