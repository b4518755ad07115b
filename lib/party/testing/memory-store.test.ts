import { MemoryPartyStore } from "./memory-store";
import { describeStoreContract } from "./store-contract";

describeStoreContract("memory", async () => {
  const store = new MemoryPartyStore();
  return {
    store,
    async newParty(id) {
      store.addParty({ id, title: "T", description: "A test party for the store.", mode: "party", flags: [], status: "pending", modelSettings: {} }, 1);
      await store.commit(id, 1, { events: [{ type: "party-start", data: { mode: "party", title: "T", description: "A test party for the store.", flags: [] } }] });
      return 1;
    },
    async takeOver(id) {
      const epoch = store.epochs.get(id)! + 1;
      store.epochs.set(id, epoch);
      return epoch;
    },
    async endParty(id, status) {
      store.end(id, status, `ended as ${status} by the test`);
    },
    async answer(id, requestId, a) {
      store.answer(id, requestId, a);
    },
    async log(id) {
      return structuredClone(store.events.get(id) ?? []);
    },
    async destroy() {},
  };
});
