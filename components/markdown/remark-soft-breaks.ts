// Agent messages are written as plain lines ("Language: …\nFramework: …"); markdown would
// run them together into one paragraph. This remark plugin turns every newline inside
// paragraph text into a line break (what remark-breaks does), leaving code untouched.
interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
}

function split(node: MdNode): void {
  if (!node.children) return;
  const out: MdNode[] = [];
  for (const child of node.children) {
    if (child.type === "text" && child.value?.includes("\n")) {
      child.value.split(/\r?\n/).forEach((part, i) => {
        if (i > 0) out.push({ type: "break" });
        if (part) out.push({ type: "text", value: part });
      });
    } else {
      split(child);
      out.push(child);
    }
  }
  node.children = out;
}

export function remarkSoftBreaks() {
  return (tree: MdNode) => split(tree);
}
