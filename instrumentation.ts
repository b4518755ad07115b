// Server start: open the database (which migrates it) and start the party runner, so a
// party interrupted by a restart carries on without anyone reloading a page.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startServer } = await import("./lib/server/start-server");
  await startServer();
}
