/**
 * Compares our tokenizer (src/embedding/tokenizer.ts) with the reference (TokenIds.java: DJL's binding of Hugging
 * Face's Rust tokenizers) on every product text of the ESCI sample: title | brand | type | description (bullet
 * points where it has no description). Run: npx tsx scripts/embedding-reference/compare-tokens.ts
 * Needs Java 17, Maven and the model (scripts/model.sh install). Prints how many texts differ, and the first few.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { loadConfig } from '../../src/kernel/config';
import { TOKENIZER_FILE } from '../../src/embedding/modelFiles';
import { loadTokenizer } from '../../src/embedding/tokenizer';

interface EsciProduct {
  title?: string;
  brand?: string | null;
  category?: string[];
  description?: string;
  bullet_points?: string;
}

const root = join(__dirname, '..', '..');
const dataDir = process.env.ESCI_DIR ?? join(root, '..', 'shared', 'data', 'esci-sample');
const products = gunzipSync(readFileSync(join(dataDir, 'products.jsonl.gz')))
  .toString('utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as EsciProduct);
const texts = products.map((p) =>
  [p.title ?? '', p.brand ?? '', p.category?.at(-1) ?? '', (p.description?.trim() || p.bullet_points?.trim()) ?? ''].join(' | '),
);
const work = mkdtempSync(join(tmpdir(), 'token-ids-'));
try {
  writeFileSync(join(work, 'texts.json'), JSON.stringify(texts));
  execFileSync(
    'mvn',
    ['-q', '-B', 'compile', 'exec:java', '-Dexec.mainClass=openelevate.TokenIds', `-Dexec.args=${join(work, 'texts.json')} ${join(work, 'ids.json')}`],
    { cwd: __dirname, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const reference = JSON.parse(readFileSync(join(work, 'ids.json'), 'utf8')) as number[][];
  const tokenizer = loadTokenizer(join(loadConfig(process.env).embeddingModelDir, TOKENIZER_FILE));
  const differing = texts.filter((text, i) => JSON.stringify(tokenizer.encode(text)) !== JSON.stringify(reference[i]));
  const truncated = reference.filter((ids) => ids.length === 256).length;
  console.log(`${texts.length} texts (${truncated} cut at 256 tokens): ${differing.length} tokenized differently`);
  for (const text of differing.slice(0, 5)) console.log(`  ${text.slice(0, 120)}`);
  if (differing.length > 0) process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
  rmSync(join(__dirname, 'target'), { recursive: true, force: true });
}
