/**
 * The table machine drawn from its own definition: every state and every transition (event,
 * guard, actions) as a Mermaid state diagram. `npm run diagram` writes it into the table README;
 * `npm run diagram -- --check` (part of `npm run check`) fails when the README's copy is stale.
 */
import type { AnyStateMachine, AnyTransitionDefinition, StateNode } from 'xstate';

const nameOf = (x: unknown): string => (typeof x === 'string' ? x : String((x as { type?: string }).type));

function label(t: AnyTransitionDefinition): string {
  const parts: string[] = [];
  if (t.eventType) parts.push(t.eventType);
  if (t.guard) parts.push(`[${nameOf(t.guard)}]`);
  const actions = t.actions.map(nameOf).filter((a) => a !== 'undefined');
  if (actions.length > 0) parts.push(`/ ${actions.join(', ')}`);
  return parts.join(' ');
}

/** The machine as `stateDiagram-v2` text (states in definition order, transitions in priority order). */
export function mermaidOf(machine: AnyStateMachine): string {
  const lines = ['stateDiagram-v2'];
  const root = machine.root as unknown as StateNode;
  const key = (n: StateNode) => n.path.join('_');
  const walk = (node: StateNode, indent: string) => {
    if (node.initial?.target[0]) lines.push(`${indent}[*] --> ${key(node.initial.target[0] as StateNode)}`);
    for (const child of Object.values(node.states) as StateNode[]) {
      if (Object.keys(child.states).length > 0) {
        lines.push(`${indent}state ${key(child)} {`);
        walk(child, `${indent}  `);
        lines.push(`${indent}}`);
      }
      if (child.type === 'final') lines.push(`${indent}${key(child)} --> [*]`);
      const entry = child.entry.map(nameOf);
      if (entry.length > 0) lines.push(`${indent}${key(child)} : entry / ${entry.join(', ')}`);
    }
  };
  walk(root, '  ');
  const edges = (node: StateNode) => {
    const all: AnyTransitionDefinition[] = [...(node.always ?? [])];
    for (const list of node.transitions.values()) all.push(...list);
    for (const t of all) {
      const to = t.target?.[0] as StateNode | undefined;
      const text = label(t);
      lines.push(`  ${key(node)} --> ${to === undefined ? key(node) : key(to)}${text === '' ? '' : ` : ${text}`}`);
    }
    for (const child of Object.values(node.states) as StateNode[]) edges(child);
  };
  for (const child of Object.values(root.states) as StateNode[]) edges(child);
  return `${lines.join('\n')}\n`;
}
