/**
 * npx tsx scripts/documents-digest.ts [electronics]
 *
 * The sha256 of every product document's bulk JSON (catalog/documents.ts productDocumentJson) of the 3,000-group
 * generated catalog (tidy, or electronics with 2,000 attribute names), built by the code of the checkout at ROOT
 * (default this one): run it on two checkouts to show a change leaves the indexed documents as they were.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
const root = process.env.ROOT ?? join(__dirname, '..');
/* eslint-disable @typescript-eslint/no-require-imports -- the code of another checkout, chosen at run time */
const { defaultConfiguration, generateCatalogLines } = require(`${root}/src/sample/generator`);
const { productGroupDocuments, productDocumentJson } = require(`${root}/src/catalog/documents`);
const { TranslationTable } = require(`${root}/src/catalog/translations`);
const configuration = defaultConfiguration();
const profile = process.argv[2] === 'electronics' ? { profile: 'electronics', attributes: 2000 } : {};
const translations = new TranslationTable();
const ctx = { configuration, translate: (a: string, id: string, l: string) => translations.get(a, id, l) };
const hash = createHash('sha256');
let docs = 0,
  withCopies = 0;
for (const e of generateCatalogLines({ productGroups: 3000, markets: configuration, ...profile })) {
  if ('translation' in e) translations.set(e.translation);
  if (!('productGroup' in e)) continue;
  for (const d of productGroupDocuments(e.key, e.productGroup, ctx).documents) {
    docs++;
    if (d.document.siblings) withCopies++;
    hash.update(`${d.id}\n${productDocumentJson(d.document)}\n`);
  }
}
console.log(JSON.stringify({ root, profile: process.argv[2] ?? 'tidy', docs, withCopies, sha256: hash.digest('hex') }));
