/**
 * npx tsx scripts/check-analysis.ts [--markdown] [--keep]
 *
 * Checks the language analyzers of mappings/analysis-plugin.json on a node that has the elevate-analysis plugin
 * (ELASTICSEARCH_URL, else http://127.0.0.1:$ES_PORT, port 9200 by default): creates a scratch index with those
 * settings (word lists of the decompound filters filled with a few test words, as the service fills them from the
 * catalog), runs `_analyze` on each case below and compares the tokens. Every Elevate locale must have its
 * analyzer. Prints one line per case (`--markdown`: a table for docs/language-analysis.md); exits 1 when a case
 * fails, 2 when the node lacks the plugin. `--keep` leaves the scratch index for poking at.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SUPPORTED_LOCALES } from '../src/configuration/markets';

const url = process.env.ELASTICSEARCH_URL ?? `http://127.0.0.1:${process.env.ES_PORT ?? '9200'}`;
const markdown = process.argv.includes('--markdown');
const keep = process.argv.includes('--keep');
const index = `check-analysis-${process.pid}`;

/** The word lists the service would derive from the catalog's vocabulary; here just what the cases need. */
const wordLists: Record<string, string[]> = {
  decompound_sv: ['vinter', 'jacka', 'jackor', 'löpare', 'skor'],
  decompound_de: ['lauf', 'schuh', 'schuhe', 'winter', 'jacke'],
  decompound_nb: ['vinter', 'jakke'],
  decompound_da: ['vinter', 'jakke'],
  decompound_nl: ['winter', 'jas', 'jassen'],
  decompound_fi: ['talvi', 'takki'],
};

/** The analyzer for a locale: text_<language>, text_cjk for Japanese, Korean and Chinese. */
export function analyzerFor(locale: string): string {
  const language = locale.split('-')[0];
  return ['ja', 'ko', 'zh'].includes(language) ? 'text_cjk' : `text_${language}`;
}

interface Case {
  analyzer: string;
  text: string;
  /** The exact tokens, in order. */
  expect?: string[];
  /** Gives the same terms (distinct tokens, in any order) as this text, through the same analyzer unless `analyzer` is given. */
  same?: { text: string; analyzer?: string };
  /** Among the tokens. */
  contains?: string;
  note?: string;
}

const cases: Case[] = [
  { analyzer: 'text_sv', text: 'jackor', same: { text: 'Jacka' }, expect: ['jack'], note: 'plural = singular' },
  { analyzer: 'text_sv', text: 'Vinterjacka', expect: ['vinterjack', 'vint', 'jack'], note: 'the parts, stemmed: "jack" = stem of "jacka"' },
  { analyzer: 'text_sv', text: 'vinterjackor', expect: ['vinterjack', 'vint', 'jack'], note: 'inflected compound: "jackor" is in the word list' },
  { analyzer: 'text_sv_search', text: 'Vinterjacka', expect: ['vinterjack'], note: 'no decompounding at search time' },
  { analyzer: 'text_sv', text: 'röd', same: { text: 'rod' }, expect: ['rod'], note: 'folding after stemming' },
  { analyzer: 'text_sv', text: 'tröjor', same: { text: 'Tröja' }, expect: ['troj'] },
  { analyzer: 'text_sv', text: 'löparskor', contains: 'skor', note: '"löpare" is no part of it; "skor" is' },
  { analyzer: 'text_de', text: 'Schuhe', same: { text: 'Schuh' }, expect: ['schuh'] },
  { analyzer: 'text_de', text: 'Laufschuhe', contains: 'schuh', note: 'compound part, stemmed' },
  { analyzer: 'text_de', text: 'Straße', same: { text: 'Strasse' }, note: 'de-CH spelling' },
  { analyzer: 'text_de', text: 'Winterjacken', contains: 'jack' },
  { analyzer: 'text_en', text: "Women's shoes", expect: ['women', 'shoe'] },
  { analyzer: 'text_en', text: 'dresses boxes', same: { text: 'dress box' } },
  { analyzer: 'text_fr', text: "L'écharpe", same: { text: 'écharpes' }, note: 'elision, light stemming' },
  { analyzer: 'text_fr', text: 'chaussures', same: { text: 'Chaussure' } },
  { analyzer: 'text_es', text: 'zapatos', same: { text: 'zapato' } },
  { analyzer: 'text_it', text: 'borse', same: { text: 'borsa' } },
  { analyzer: 'text_it', text: "dell'acqua", same: { text: 'acqua' } },
  { analyzer: 'text_pt', text: 'sapatos', same: { text: 'sapato' } },
  { analyzer: 'text_nl', text: 'jassen', same: { text: 'jas' } },
  { analyzer: 'text_nl', text: 'winterjassen', contains: 'jas' },
  { analyzer: 'text_da', text: 'jakkerne', same: { text: 'jakke' } },
  { analyzer: 'text_da', text: 'vinterjakker', contains: 'jak' },
  { analyzer: 'text_nb', text: 'jakker', same: { text: 'jakke' } },
  { analyzer: 'text_nb', text: 'blåbær', same: { text: 'blabaer' }, note: 'Scandinavian normalization before the stemmer' },
  { analyzer: 'text_nb', text: 'blåbær', same: { text: 'blabar' }, note: 'Scandinavian folding after it' },
  { analyzer: 'text_nb', text: 'støvlene', same: { text: 'stovler' } },
  { analyzer: 'text_nn', text: 'jakkar', same: { text: 'jakke' } },
  { analyzer: 'text_fi', text: 'talvitakki', contains: 'takk' },
  { analyzer: 'text_cs', text: 'bundy', same: { text: 'bunda' } },
  { analyzer: 'text_el', text: 'τσάντες', same: { text: 'ΤΣΑΝΤΑ' }, note: 'Greek lowercase drops accents' },
  { analyzer: 'text_hr', text: 'cipele', same: { text: 'cipela' } },
  { analyzer: 'text_hu', text: 'cipők', same: { text: 'cipő' } },
  { analyzer: 'text_lv', text: 'kurpes', same: { text: 'kurpe' } },
  { analyzer: 'text_lt', text: 'batai', same: { text: 'batas' } },
  { analyzer: 'text_ro', text: 'pantofi', same: { text: 'pantof' } },
  { analyzer: 'text_ru', text: 'куртки', same: { text: 'куртка' } },
  { analyzer: 'text_et', text: 'joped', same: { text: 'jope' } },
  { analyzer: 'text_pl', text: 'Żółta', expect: ['zolta'], note: 'no Polish stemmer: folding only' },
  { analyzer: 'text_cjk', text: '東京都', expect: ['東京', '京都'], note: 'Han bigrams' },
  { analyzer: 'text_cjk', text: 'ワンピース', expect: ['ワン', 'ンピ', 'ピー', 'ース'], note: 'katakana bigrams' },
  { analyzer: 'text_cjk', text: 'ｶﾞｳﾝ', expect: ['ガウ', 'ウン'], note: 'half-width katakana widened' },
  { analyzer: 'text_cjk', text: '连衣裙', expect: ['连衣', '衣裙'] },
  { analyzer: 'text_cjk', text: '원피스', expect: ['원피', '피스'], note: 'Hangul bigrams' },
  { analyzer: 'text_cjk', text: 'ＮＩＫＥ Café', expect: ['nike', 'cafe'], note: 'full-width Latin narrowed' },
  {
    analyzer: 'catalog_text',
    text: "Röda jackor women's shoes",
    expect: ['roda', 'jackor', 'women', 'shoes'],
    note: 'as analysis-full.json: minimal English stemming',
  },
];

// Elasticsearch's answers as this script reads them.
interface EsAnswer {
  error?: { reason?: string };
  tokens?: { token: string }[];
  nodes?: Record<string, { plugins?: { name: string }[] }>;
}

async function es(method: string, path: string, body?: unknown): Promise<{ status: number; json: EsAnswer }> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as EsAnswer };
}

async function tokens(analyzer: string, text: string): Promise<string[]> {
  const { status, json } = await es('POST', `/${index}/_analyze`, { analyzer, text });
  if (status !== 200) throw new Error(`_analyze ${analyzer} "${text}": ${status} ${JSON.stringify(json.error?.reason ?? json)}`);
  return (json.tokens ?? []).map((t) => t.token);
}

/** Distinct tokens, sorted: what matching compares. */
function terms(tokens: string[]): string {
  return [...new Set(tokens)].sort().join(' ');
}

async function main(): Promise<void> {
  const plugins = await es('GET', '/_nodes/plugins?filter_path=nodes.*.plugins.name');
  const names = Object.values(plugins.json.nodes ?? {}).flatMap((n) => (n.plugins ?? []).map((p) => p.name));
  if (!names.includes('elevate-analysis')) {
    console.error(`${url} lacks the elevate-analysis plugin (installed: ${names.join(', ') || 'none'}); see scripts/elasticsearch.sh`);
    process.exit(2);
  }
  const analysis = JSON.parse(readFileSync(join(__dirname, '..', 'mappings', 'analysis-plugin.json'), 'utf8'));
  delete analysis._comment;
  for (const [filter, words] of Object.entries(wordLists)) analysis.filter[filter].word_list = words;

  let failures = 0;
  for (const locale of SUPPORTED_LOCALES) {
    if (!analysis.analyzer[analyzerFor(locale)]) {
      console.log(`✗ ${locale}: no analyzer ${analyzerFor(locale)}`);
      failures++;
    }
  }
  for (const [name, def] of Object.entries(analysis.filter as Record<string, { type: string }>)) {
    const search = `text_${name.replace('decompound_', '')}_search`;
    if (def.type === 'elevate_decompound' && !analysis.analyzer[search]) {
      console.log(`✗ ${name} without ${search}`);
      failures++;
    }
  }

  const created = await es('PUT', `/${index}`, { settings: { number_of_shards: 1, number_of_replicas: 0, analysis } });
  if (created.status !== 200) throw new Error(`creating ${index}: ${JSON.stringify(created.json.error ?? created.json)}`);
  try {
    if (markdown) console.log('| Analyzer | Text | Tokens | Check |\n|---|---|---|---|');
    for (const c of cases) {
      const got = await tokens(c.analyzer, c.text);
      const problems: string[] = [];
      let other = '';
      if (c.expect && got.join(' ') !== c.expect.join(' ')) problems.push(`expected ${c.expect.join(' ')}`);
      if (c.contains && !got.includes(c.contains)) problems.push(`expected to contain ${c.contains}`);
      if (c.same) {
        const theirs = await tokens(c.same.analyzer ?? c.analyzer, c.same.text);
        other = `= "${c.same.text}" → ${theirs.join(' ')}`;
        if (terms(theirs) !== terms(got)) problems.push(`differs from "${c.same.text}" → ${theirs.join(' ')}`);
      }
      const check = [other || (c.contains ? `contains ${c.contains}` : 'exact'), c.note].filter(Boolean).join('; ');
      const mark = problems.length ? `✗ ${problems.join('; ')}` : '✓';
      if (problems.length) failures++;
      if (markdown) console.log(`| ${c.analyzer} | ${c.text} | ${got.join(' ')} | ${mark === '✓' ? check : mark} |`);
      else
        console.log(
          `${mark === '✓' ? '✓' : '✗'} ${c.analyzer.padEnd(15)} ${JSON.stringify(c.text).padEnd(24)} → ${got.join(' ')}${mark === '✓' ? `   (${check})` : `   ${mark}`}`,
        );
    }
  } finally {
    if (!keep) await es('DELETE', `/${index}`);
  }
  if (failures) {
    console.error(`${failures} check(s) failed`);
    process.exit(1);
  }
  console.error(`all ${cases.length} cases and ${SUPPORTED_LOCALES.length} locales OK on ${url}`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
