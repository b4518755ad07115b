import type { Metadata, Viewport } from "next";
import Link from "next/link";
import { headers } from "next/headers";
import { connection } from "next/server";
import { THEME_SCRIPT } from "@/components/ui/theme";
import { ThemeToggle } from "@/components/ui/theme-toggle";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Inception Party", template: "%s · Inception Party" },
  description: "Kick off a new software project with a team of AI specialists.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Every page renders per request: pages are per-visitor (guest identity), and a
  // nonce-based Content-Security-Policy can only be applied to dynamically rendered HTML.
  await connection();
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    // The inline script sets the scheme class on <html> before first paint, so the server's
    // markup and the browser's differ there by design.
    <html lang="en" suppressHydrationWarning>
      <head>
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      </head>
      <body className="min-h-screen font-sans">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
          Skip to content
        </a>
        <header className="border-b border-slate-200 bg-white">
          <nav className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-3" aria-label="Main">
            <Link href="/" className="flex items-center gap-2 font-semibold text-slate-900">
              <span aria-hidden className="grid size-7 place-items-center rounded-md bg-indigo-600 text-sm text-white">IP</span>
              Inception Party
            </Link>
            <div className="flex items-center gap-3">
              <ThemeToggle />
              <Link href="/" className="text-sm text-slate-600 hover:text-slate-900">
                New kickoff
              </Link>
            </div>
          </nav>
        </header>
        <main id="main" className="mx-auto max-w-6xl px-4 py-6">
          {children}
        </main>
      </body>
    </html>
  );
}
