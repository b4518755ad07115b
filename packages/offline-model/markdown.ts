// Markdown building blocks for the documents: tables that never break on a pipe in
// a cell, bullet lists, fenced blocks.

export function table(headers: string[], rows: string[][]): string {
  const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");
  return [
    `| ${headers.map(cell).join(" | ")} |`,
    `| ${headers.map(() => "---").join(" | ")} |`,
    ...rows.map((r) => `| ${r.map(cell).join(" | ")} |`),
  ].join("\n");
}

export function bullets(items: readonly string[]): string {
  return items.map((i) => `- ${i}`).join("\n");
}

export function numbered(items: readonly string[]): string {
  return items.map((i, n) => `${n + 1}. ${i}`).join("\n");
}

export function fence(lang: string, body: string): string {
  return `\`\`\`${lang}\n${body.replace(/\n+$/, "")}\n\`\`\``;
}

export function doc(title: string, intro: string, sections: [string, string][]): string {
  return [`# ${title}`, "", intro, "", ...sections.flatMap(([h, body]) => [`## ${h}`, "", body.trim(), ""])].join("\n").trim() + "\n";
}
