import { initials } from "../party/view/agent-display";

// 700 shades: white initials on them meet WCAG AA (4.5:1) at the small avatar size.
const PALETTE = [
  "bg-indigo-700",
  "bg-violet-700",
  "bg-emerald-700",
  "bg-sky-700",
  "bg-rose-700",
  "bg-amber-700",
  "bg-teal-700",
  "bg-fuchsia-700",
  "bg-cyan-700",
  "bg-orange-700",
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
