import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
const spec = parse(readFileSync('/work/shared/specs/asana/asana_oas.yaml','utf8'));
const strip = (v) => Array.isArray(v) ? v.map(strip) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).filter(([k]) => !['description','example','x-insert-after','x-env-variable','x-docs-overrides'].includes(k)).map(([k,x]) => [k, strip(x)])) : v;
for (const n of process.argv.slice(2)) { console.log('=== '+n); console.log(JSON.stringify(strip(spec.components.schemas[n]))); }
