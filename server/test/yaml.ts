/**
 * Just enough YAML for docker-compose.yml (block mappings and sequences, flow sequences of
 * scalars, quoted and plain scalars, comments), so the compose file is checked without a Docker
 * engine or a YAML package.
 */
type Node = unknown;

interface Line {
  readonly indent: number;
  readonly text: string;
  readonly no: number;
}

function stripComment(s: string): string {
  let quote: string | null = null;
  for (let i = 0; i < s.length; i += 1) {
    const c = s[i]!;
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#' && (i === 0 || s[i - 1] === ' ')) return s.slice(0, i);
  }
  return s;
}

function scalar(raw: string): Node {
  const s = raw.trim();
  if (s === '') return null;
  if (s.startsWith('"')) return JSON.parse(s);
  if (s.startsWith("'")) return s.slice(1, -1).replace(/''/g, "'");
  if (s.startsWith('[')) {
    const inner = s.slice(1, -1).trim();
    if (inner === '') return [];
    const items: string[] = [];
    let cur = '';
    let quote: string | null = null;
    for (const c of inner) {
      if (quote) {
        cur += c;
        if (c === quote) quote = null;
      } else if (c === '"' || c === "'") {
        quote = c;
        cur += c;
      } else if (c === ',') {
        items.push(cur);
        cur = '';
      } else cur += c;
    }
    items.push(cur);
    return items.map(scalar);
  }
  if (s === 'true' || s === 'false') return s === 'true';
  if (s === 'null' || s === '~') return null;
  if (/^-?\d+(\.\d+)?$/.test(s)) return Number(s);
  return s;
}

function splitKey(text: string, no: number): [string, string] {
  const m = /^("[^"]*"|'[^']*'|[^:'"]+):(\s|$)(.*)$/.exec(text);
  if (!m) throw new Error(`line ${no}: expected "key: value", got ${text}`);
  return [String(scalar(m[1]!)), m[3] ?? ''];
}

export function parseYaml(source: string): Node {
  const lines: Line[] = [];
  source.split('\n').forEach((raw, i) => {
    if (raw.includes('\t')) throw new Error(`line ${i + 1}: tab`);
    const text = stripComment(raw).trimEnd();
    if (text.trim() === '') return;
    lines.push({ indent: text.length - text.trimStart().length, text: text.trim(), no: i + 1 });
  });
  let pos = 0;
  const block = (indent: number): Node => {
    const first = lines[pos];
    if (!first || first.indent < indent) return null;
    if (first.text.startsWith('- ') || first.text === '-') {
      const list: Node[] = [];
      while (pos < lines.length && lines[pos]!.indent === first.indent && lines[pos]!.text.startsWith('-')) {
        const line = lines[pos]!;
        pos += 1;
        const rest = line.text.slice(1).trim();
        if (rest === '') list.push(block(first.indent + 1));
        else if (/^[^"'[]*:(\s|$)/.test(rest)) throw new Error(`line ${line.no}: mappings in lists are not supported`);
        else list.push(scalar(rest));
      }
      return list;
    }
    const map: Record<string, Node> = {};
    while (pos < lines.length && lines[pos]!.indent === first.indent) {
      const line = lines[pos]!;
      if (line.text.startsWith('-')) throw new Error(`line ${line.no}: a list item where a key was expected`);
      pos += 1;
      const [key, rest] = splitKey(line.text, line.no);
      if (key in map) throw new Error(`line ${line.no}: duplicate key ${key}`);
      if (rest.trim() === '') {
        const next = lines[pos];
        map[key] = next && next.indent > line.indent ? block(next.indent) : null;
      } else map[key] = scalar(rest);
    }
    if (pos < lines.length && lines[pos]!.indent > first.indent) {
      throw new Error(`line ${lines[pos]!.no}: unexpected indentation`);
    }
    return map;
  };
  const doc = block(0);
  if (pos !== lines.length) throw new Error(`line ${lines[pos]!.no}: unexpected indentation`);
  return doc;
}
