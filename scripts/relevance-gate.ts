/**
 * npm run relevance:gate — the relevance gate of CI (docs/benchmarks.md "Relevance gate"): runs the deterministic relevance
 * runs (ESCI sample: relevance-esci.ts; hand-judged sv-SE, de-DE and en-US sets: relevance-locales.ts) and fails
 * when a run's nDCG@10 of search-page drops more than TOLERANCE below scripts/relevance/baseline.json.
 * A change that improves a run updates the baseline in the same commit: `npm run relevance:gate -- --update`.
 * The ESCI sample lives outside the repository (ESCI_DIR, default ../shared/data/esci-sample): where it is
 * missing, that run is reported as skipped, not passed, and the judged sets still gate.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './benchSupport';

/** Largest drop of nDCG@10 a change may cause before the gate fails. */
const TOLERANCE = 0.01;
const baselineFile = join(root, 'scripts', 'relevance', 'baseline.json');

type Scores = Record<string, { ndcg10SearchPage: number; ndcg10PlainBm25: number }>;

/** Runs a relevance script and returns the JSON summary it prints last. */
function run(script: string): Record<string, unknown> {
  const res = spawnSync(process.execPath, [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(root, 'scripts', script)], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 << 20,
  });
  process.stdout.write(res.stdout);
  if (res.status !== 0) throw new Error(`${script} failed (exit ${res.status})`);
  const summary = res.stdout
    .trim()
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('{"benchmark"'));
  if (!summary) throw new Error(`${script} printed no summary line`);
  return JSON.parse(summary) as Record<string, unknown>;
}

function measure(): { scores: Scores; skipped: string[] } {
  const scores: Scores = {};
  const skipped: string[] = [];
  const esciDir = process.env.ESCI_DIR ?? join(root, '..', 'shared', 'data', 'esci-sample');
  if (existsSync(join(esciDir, 'products.jsonl.gz'))) {
    const esci = run('relevance-esci.ts') as { ndcg10SearchPage: number; ndcg10PlainBm25: number };
    scores.esci = { ndcg10SearchPage: esci.ndcg10SearchPage, ndcg10PlainBm25: esci.ndcg10PlainBm25 };
  } else {
    skipped.push(`esci (no sample in ${esciDir})`);
  }
  const locales = run('relevance-locales.ts') as { sets: Scores };
  for (const [locale, s] of Object.entries(locales.sets)) scores[locale] = { ndcg10SearchPage: s.ndcg10SearchPage, ndcg10PlainBm25: s.ndcg10PlainBm25 };
  return { scores, skipped };
}

function main() {
  const { scores, skipped } = measure();
  if (process.argv.includes('--update')) {
    const previous: Scores = existsSync(baselineFile) ? JSON.parse(readFileSync(baselineFile, 'utf8')) : {};
    writeFileSync(baselineFile, JSON.stringify({ ...previous, ...scores }, null, 2) + '\n');
    console.log(`relevance baseline written to ${baselineFile}`);
    return;
  }
  const baseline: Scores = JSON.parse(readFileSync(baselineFile, 'utf8'));
  const failures: string[] = [];
  for (const [run, base] of Object.entries(baseline)) {
    const now = scores[run];
    if (!now) continue;
    const drop = base.ndcg10SearchPage - now.ndcg10SearchPage;
    const line = `${run}: nDCG@10 ${now.ndcg10SearchPage.toFixed(4)} (baseline ${base.ndcg10SearchPage.toFixed(4)}, plain BM25 ${now.ndcg10PlainBm25.toFixed(4)})`;
    console.log(`relevance gate ${drop > TOLERANCE ? 'FAIL' : 'ok'}  ${line}`);
    if (drop > TOLERANCE) failures.push(`${run} dropped ${drop.toFixed(4)} (more than ${TOLERANCE})`);
    else if (-drop > TOLERANCE)
      console.log(`  ${run} improved by ${(-drop).toFixed(4)}: update the baseline (npm run relevance:gate -- --update) in this commit`);
  }
  for (const s of skipped) console.log(`relevance gate SKIPPED ${s}`);
  if (failures.length) {
    console.error(`relevance gate failed: ${failures.join('; ')}`);
    process.exit(1);
  }
}

main();
