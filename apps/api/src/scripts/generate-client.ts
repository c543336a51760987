/**
 * `npm run client:generate`: writes the served OpenAPI document to packages/client/openapi.json, the client types
 * to packages/client/src/schema.ts, and lints the document with Redocly. Exits 1 when the lint reports an error.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../config';
import {
  clientTypes,
  DOCUMENT_FILE,
  documentText,
  lintDocument,
  SCHEMA_FILE,
  servedDocument,
} from './openapi-contract';

const document = await servedDocument();
writeFileSync(DOCUMENT_FILE, documentText(document));
writeFileSync(SCHEMA_FILE, await clientTypes(document));
const operations = Object.values(document.paths).reduce((n, item) => n + Object.keys(item).length, 0);
console.log(
  `${operations} operations: wrote ${path.relative(REPO_ROOT, DOCUMENT_FILE)}, ${path.relative(REPO_ROOT, SCHEMA_FILE)}`,
);

const { errors, warnings } = await lintDocument(DOCUMENT_FILE);
for (const p of [...errors, ...warnings])
  console.log(`${p.severity} ${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
console.log(`redocly lint: ${errors.length} errors, ${warnings.length} warnings`);
if (errors.length) process.exitCode = 1;
