#!/usr/bin/env node
/**
 * The largest functions (in lines, first to last line) of the TypeScript files given, for the
 * before-and-after figures of a refactoring: `node scripts/function-sizes.mjs server/src/room.ts
 * server/src/socket.ts` (TOP=20 for more than 12). Functions, methods, constructors, getters and
 * arrow functions bound to a name count; a nested one counts on its own and inside its parent.
 */
import fs from 'node:fs';
import ts from 'typescript';

const rows = [];
for (const file of process.argv.slice(2)) {
  const src = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const visit = (node, owner) => {
    let name = null;
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isConstructorDeclaration(node) ||
      ts.isGetAccessor(node)
    )
      name = node.name?.getText() ?? 'constructor';
    else if ((ts.isArrowFunction(node) || ts.isFunctionExpression(node)) && ts.isVariableDeclaration(node.parent))
      name = node.parent.name.getText();
    const inClass = ts.isClassDeclaration(node) ? node.name?.getText() : owner;
    if (name) {
      const first = src.getLineAndCharacterOfPosition(node.getStart()).line;
      const last = src.getLineAndCharacterOfPosition(node.getEnd()).line;
      rows.push([last - first + 1, `${file}:${inClass ? `${inClass}.` : ''}${name}`]);
    }
    ts.forEachChild(node, (child) => visit(child, inClass));
  };
  visit(src);
}
rows.sort((a, b) => b[0] - a[0]);
for (const [lines, name] of rows.slice(0, Number(process.env.TOP ?? 12))) console.log(String(lines).padStart(5), name);
