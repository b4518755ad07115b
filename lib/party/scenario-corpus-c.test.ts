// The held-out corpus on whole parties (see testing/corpus-suite.ts): descriptions the
// offline model was not tuned for, in other styles than the first corpus.
import { HELD_OUT } from "@inception-party/offline-model/testing/held-out-corpus";
import { corpusSuite } from "./testing/corpus-suite";

corpusSuite("held out", HELD_OUT);
