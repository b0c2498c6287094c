// Rewrites docs/api.md from the route contracts (contracts/src/http/api-reference.ts).
import { writeFileSync } from 'node:fs';
import * as contracts from '../contracts/src/index';
import { apiReference, collectContracts } from '../contracts/src/http/api-reference';

writeFileSync(new URL('../docs/api.md', import.meta.url), apiReference(collectContracts(contracts)));
console.log(`docs/api.md: ${collectContracts(contracts).length} routes`);
