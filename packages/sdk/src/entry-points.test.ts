import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The browser entries must never pull in node:crypto (the merchant's bundler would fail, or ship a
 * polyfill) nor the signing code (a secret next to it would be one mistake away from a browser).
 * Follows the relative imports from each entry through the sources.
 */
function importGraph(entry: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const visit = (file: string) => {
    if (graph.has(file)) return;
    const source = readFileSync(new URL(file, import.meta.url), 'utf8');
    const specifiers = [...source.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s+'([^']+)'/g)].map((match) => match[1]!);
    graph.set(file, specifiers);
    for (const specifier of specifiers) if (specifier.startsWith('./')) visit(specifier);
  };
  visit(entry);
  return graph;
}

const packageSpecifiers = (graph: Map<string, string[]>) => [...graph.values()].flat().filter((specifier) => !specifier.startsWith('./'));

describe('entry points', () => {
  it('the browser entry reaches neither Node, nor the signing code, nor React', () => {
    const graph = importGraph('./index.ts');
    expect([...graph.keys()]).not.toContain('./entry.ts');
    expect([...graph.keys()]).not.toContain('./webhooks.ts');
    expect(packageSpecifiers(graph)).toEqual([]);
  });

  it('the React entry adds only react', () => {
    expect(new Set(packageSpecifiers(importGraph('./react.tsx')))).toEqual(new Set(['react']));
  });

  it('the server entry does reach the signing code (the check above can see it)', () => {
    const graph = importGraph('./server.ts');
    expect([...graph.keys()]).toContain('./entry.ts');
    expect(packageSpecifiers(graph)).toEqual(expect.arrayContaining(['node:crypto', 'standardwebhooks']));
  });
});
