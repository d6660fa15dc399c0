// Writes packages/contracts/src/calls/routes.generated.ts from the call definitions (CALLS).
import fs from 'node:fs';
import path from 'node:path';
import { CALLS, callRoutesSource } from '@causeway/contracts';

const target = path.resolve(import.meta.dirname, '../packages/contracts/src/calls/routes.generated.ts');
fs.writeFileSync(target, callRoutesSource(CALLS));
console.log(`wrote ${path.relative(process.cwd(), target)} (${Object.keys(CALLS).length} calls)`);
