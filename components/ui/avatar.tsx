import { initials } from "../party/party-view";

const PALETTE = [
  "bg-indigo-600",
  "bg-violet-600",
  "bg-emerald-600",
  "bg-sky-600",
  "bg-rose-600",
  "bg-amber-600",
  "bg-teal-600",
  "bg-fuchsia-600",
  "bg-cyan-700",
  "bg-orange-600",
];

function hash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) | 0;
  return Math.abs(h);
}

export function Avatar({ id, name, size = "md" }: { id: string; name: string; size?: "sm" | "md" }) {
  const color = id === "discover-orchestrator" ? "bg-slate-700" : PALETTE[hash(id) % PALETTE.length];
  const dims = size === "sm" ? "size-7 text-[11px]" : "size-10 text-sm";
  return (
    <span aria-hidden className={`grid shrink-0 place-items-center rounded-full font-semibold text-white ${color} ${dims}`}>
      {initials(name)}
    </span>
  );
}
