// First half of the scenario corpus on whole parties (see testing/corpus-suite.ts).
import { CORPUS } from "@inception-party/offline-model/testing/corpus";
import { corpusSuite } from "./testing/corpus-suite";

corpusSuite("first half", CORPUS.slice(0, Math.ceil(CORPUS.length / 2)));
