import type { Metadata, Viewport } from "next";
import Link from "next/link";
import { connection } from "next/server";
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
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
          Skip to content
        </a>
        <header className="border-b border-slate-200 bg-white">
          <nav className="mx-auto flex max-w-6xl items-center justify-between px-4 py-3" aria-label="Main">
            <Link href="/" className="flex items-center gap-2 font-semibold text-slate-900">
              <span aria-hidden className="grid size-7 place-items-center rounded-md bg-indigo-600 text-sm text-white">IP</span>
              Inception Party
            </Link>
            <Link href="/" className="text-sm text-slate-600 hover:text-slate-900">
              New kickoff
            </Link>
          </nav>
        </header>
        <main id="main" className="mx-auto max-w-6xl px-4 py-6">
          {children}
        </main>
      </body>
    </html>
  );
}
