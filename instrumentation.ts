// Server start: open the database (which migrates it) and start the party runner, so a
// party interrupted by a restart carries on without anyone reloading a page. Under
// `npm run dev`, also compile the kickoff's routes ahead of the first visit.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startServer } = await import("./lib/server/start-server");
  await startServer();
  if (process.env.NODE_ENV === "development" && process.env.DEV_WARMUP !== "0") {
    const { warmDevRoutes } = await import("./lib/server/dev-warmup");
    void warmDevRoutes({ origin: () => process.env.__NEXT_PRIVATE_ORIGIN, fetch, log: (m) => console.log(`Inception Party: ${m}`) });
  }
}
