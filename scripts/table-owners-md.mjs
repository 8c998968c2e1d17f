#!/usr/bin/env node
// The owner -> tables table of docs/architecture.md "Table ownership", generated from
// packages/api/src/db/schema/owners.ts (owners.test.ts checks that the docs' table is this one).
//
//   node scripts/table-owners-md.mjs
import { readTableOwners } from '../eslint-rules/table-ownership.js';

const byOwner = new Map();
for (const [table, owner] of readTableOwners()) byOwner.set(owner, [...(byOwner.get(owner) ?? []), table]);
const rows = [...byOwner].sort(([a], [b]) => a.localeCompare(b));
const lines = ['| owner | tables |', '|---|---|'];
for (const [owner, tables] of rows) lines.push(`| \`${owner}\` | ${tables.sort().map((t) => `\`${t}\``).join(', ')} |`);
process.stdout.write(`${lines.join('\n')}\n`);
