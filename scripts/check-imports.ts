// `npm run lint` (after ESLint): the import boundaries of docs/house-style.md and a cycle check,
// over every TypeScript source of the monorepo. Exits 1 with one line per violation.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ImportEdge {
  from: string; // repo-relative file
  specifier: string;
  to: string | undefined; // repo-relative file when it is ours, else undefined (a package)
  typeOnly: boolean;
}

const IMPORT_PATTERN =
  /(?:^|[\s;])(import|export)\s+(type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Import and re-export specifiers of one file, with whether each is type-only. */
export function parseImports(source: string): Array<{ specifier: string; typeOnly: boolean }> {
  const withoutComments = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return [...withoutComments.matchAll(IMPORT_PATTERN)].map((match) => ({
    specifier: (match[3] ?? match[4]) as string,
    typeOnly: Boolean(match[2]),
  }));
}

const ALIASES: Record<string, string> = {
  '@causeway/contracts': 'packages/contracts/src/index.ts',
  '@causeway/translations': 'packages/translations/src/index.ts',
  '@causeway/wallet-address': 'packages/wallet-address/src/index.ts',
  '@causeway/sdk': 'packages/sdk/src/index.ts',
  '@causeway/sdk/events': 'packages/sdk/src/events.ts',
  '@causeway/sdk/server': 'packages/sdk/src/server.ts',
  '@causeway/sdk/react': 'packages/sdk/src/react.tsx',
  '@causeway/sdk/entry-params': 'packages/sdk/src/entry-params.ts',
};

/** Resolves a specifier to a repo-relative source file, or undefined for an outside package. */
export function resolveSpecifier(from: string, specifier: string, exists: (file: string) => boolean): string | undefined {
  if (ALIASES[specifier]) return ALIASES[specifier];
  let base: string;
  if (specifier.startsWith('@/') && from.startsWith('apps/web/')) base = path.posix.join('apps/web/src', specifier.slice(2));
  else if (specifier.startsWith('.')) base = path.posix.join(path.posix.dirname(from), specifier);
  else return undefined;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find(exists) ?? base;
}

interface Rule {
  applies: (from: string) => boolean;
  forbids: (edge: ImportEdge) => boolean;
  message: string;
}

const featureOf = (file: string) => /^apps\/web\/src\/features\/([^/]+)\//.exec(file)?.[1];
const isServerRuntime = (file: string) =>
  file.startsWith('apps/server/src/') && !/\.repository\.ts$|\.test\.ts$|^apps\/server\/src\/(db|demo)\//.test(file);
const ORM_PACKAGE = /^(drizzle-orm|@electric-sql\/pglite|pg)(\/|$)/;
/** The server module a file belongs to (apps/server/src/modules/<module>/…). */
const serverModuleOf = (file: string) => /^apps\/server\/src\/modules\/([^/]+)\//.exec(file)?.[1];
/** Tests and their helpers may reach inside a module to set a case up; shipped code may not. */
const isServerShipped = (file: string) => file.startsWith('apps/server/src/') && !/\.test\.ts$/.test(file);

export const RULES: Rule[] = [
  {
    applies: (from) => featureOf(from) !== undefined,
    forbids: (edge) => featureOf(edge.to ?? '') !== undefined && featureOf(edge.to ?? '') !== featureOf(edge.from),
    message: 'a feature never imports another feature: move the shared piece to src/lib, src/ui or src/shared',
  },
  {
    applies: (from) => from.startsWith('apps/web/src/features/'),
    forbids: (edge) => Boolean(edge.to?.startsWith('apps/web/src/app/')),
    message: 'features do not import the app shell',
  },
  {
    applies: (from) => /^apps\/web\/src\/(ui|lib|shared)\//.test(from),
    forbids: (edge) => Boolean(edge.to && /^apps\/web\/src\/(features|app)\//.test(edge.to)),
    message: 'ui/, lib/ and shared/ are shared: they import no feature or app code',
  },
  {
    // shared/ holds the pieces several features use that call the API (the authenticator dialogs):
    // it builds on ui/ and lib/, so they never reach up into it.
    applies: (from) => /^apps\/web\/src\/(ui|lib)\//.test(from),
    forbids: (edge) => Boolean(edge.to?.startsWith('apps/web/src/shared/')),
    message: 'ui/ (presentation) and lib/ (plain logic) never import shared/, which builds on them',
  },
  {
    applies: (from) => from.startsWith('apps/web/'),
    forbids: (edge) => Boolean(edge.to?.startsWith('apps/server/')),
    message: 'the browser never imports server code: share it through packages/contracts',
  },
  {
    applies: (from) => from.startsWith('packages/'),
    forbids: (edge) => Boolean(edge.to?.startsWith('apps/')),
    message: 'packages never import apps',
  },
  {
    applies: isServerRuntime,
    forbids: (edge) => edge.to === undefined && ORM_PACKAGE.test(edge.specifier),
    message: 'only repositories (*.repository.ts), db/ and the demo data (demo/) touch the ORM',
  },
  {
    applies: (from) => isServerShipped(from) && serverModuleOf(from) !== undefined,
    forbids: (edge) => {
      const target = serverModuleOf(edge.to ?? '');
      return target !== undefined && target !== serverModuleOf(edge.from) && edge.to !== `apps/server/src/modules/${target}/index.ts`;
    },
    message: 'a module uses another module only through its public face, modules/<module>/index.ts',
  },
  {
    // Others see services and plain data: a repository's methods answer the module's own rows.
    applies: (from) => /^apps\/server\/src\/modules\/[^/]+\/index\.ts$/.test(from),
    forbids: (edge) => Boolean(edge.to?.endsWith('.repository.ts')),
    message: "a module's face exports services and plain data types, never a repository (its rows stay inside the module)",
  },
  {
    applies: (from) => isServerShipped(from) && /^apps\/server\/src\/(providers|db|platform|jobs)\//.test(from),
    forbids: (edge) => serverModuleOf(edge.to ?? '') !== undefined,
    message: 'providers/, db/, platform/ and jobs/ sit below the modules: they import no module',
  },
];

/** Runtime import cycles among our files (type-only imports are erased and cannot cycle). */
export function findCycles(edges: ImportEdge[]): string[][] {
  const graph = new Map<string, string[]>();
  for (const edge of edges) {
    if (!edge.to || edge.typeOnly) continue;
    graph.set(edge.from, [...(graph.get(edge.from) ?? []), edge.to]);
  }
  // Tarjan's strongly connected components.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node)?.includes(node)) cycles.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

/** Every boundary violation and cycle, as readable lines. */
export function checkImports(sources: Map<string, string>): string[] {
  const exists = (file: string) => sources.has(file);
  const edges: ImportEdge[] = [...sources].flatMap(([from, source]) =>
    parseImports(source).map(({ specifier, typeOnly }) => ({ from, specifier, typeOnly, to: resolveSpecifier(from, specifier, exists) })),
  );
  const violations = edges.flatMap((edge) =>
    RULES.filter((rule) => rule.applies(edge.from) && rule.forbids(edge)).map(
      (rule) => `${edge.from}: imports '${edge.specifier}': ${rule.message}`,
    ),
  );
  const cycles = findCycles(edges).map((cycle) => `import cycle: ${cycle.join(' → ')}`);
  return [...violations, ...cycles];
}

const ROOTS = ['apps/web/src', 'apps/server/src', 'apps/server/test', 'packages', 'e2e', 'bench', 'scripts'];

function collectSources(repoRoot: string): Map<string, string> {
  const sources = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(repoRoot, dir), { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
      const relative = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (/\.tsx?$/.test(entry.name)) sources.set(relative, fs.readFileSync(path.join(repoRoot, relative), 'utf8'));
    }
  };
  ROOTS.filter((root) => fs.existsSync(path.join(repoRoot, root))).forEach(walk);
  return sources;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const repoRoot = fileURLToPath(new URL('..', import.meta.url));
  const sources = collectSources(repoRoot);
  const problems = checkImports(sources);
  for (const problem of problems) console.error(problem);
  console.log(`check-imports: ${sources.size} files, ${problems.length} problem(s)`);
  process.exit(problems.length > 0 ? 1 : 0);
}
