/**
 * npx tsx scripts/compare-word-forms.ts — which forms of a noun meet, per language (docs/language-analysis.md,
 * "Word forms: stemmer, Hunspell, form keys"): the light stemmer of the index chain (`_analyze` on
 * ELASTICSEARCH_URL, a node with elevate-analysis), Lucene's Hunspell filter with Debian's dictionaries
 * (hunspell-sv, hunspell-de-de, hunspell-no, hunspell-da; compiled against the distribution's Lucene in
 * ES_CACHE_DIR, default .cache; skipped when the Lucene jars or a dictionary are missing) and the query-time form
 * keys (src/catalog/vocabulary.ts, formKeys: two words meet when they share a key). Groups must meet; "apart"
 * pairs must not. The last groups of sv, nb and da are definite forms of compounds and "-el" nouns, and
 * Danish doubled consonants (issue 30).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formKeys } from '../src/catalog/vocabulary';

const lib = join(process.env.ES_CACHE_DIR ?? join(__dirname, '..', '.cache'), `elasticsearch-${process.env.ES_VERSION ?? '8.19.4'}`, 'lib');
const LUCENE = ['lucene-core', 'lucene-analysis-common'].map((j) => join(lib, `${j}-${process.env.ES_LUCENE_VERSION ?? '9.12.2'}.jar`)).join(':');
const hunspell = LUCENE.split(':').every((j) => existsSync(j));
const classes = mkdtempSync(join(tmpdir(), 'word-forms-'));
if (hunspell) execFileSync('javac', ['-cp', LUCENE, '-d', classes, join(__dirname, 'word-forms', 'Hunspell.java')]);
const CP = `${LUCENE}:${classes}`;
const ES = process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200';
const SETS: Record<string, { dict: string; chain: unknown[]; groups: string[][]; apart: string[][] }> = {
  sv: {
    dict: 'sv_SE',
    chain: ['lowercase', { type: 'elevate_stemmer', language: 'swedish' }, 'elevate_folding'],
    groups: [
      ['jacka', 'jackan', 'jackor', 'jackorna'],
      ['sko', 'skor', 'skon', 'skorna'],
      ['tröja', 'tröjan', 'tröjor'],
      ['väska', 'väskan', 'väskor'],
      ['klänning', 'klänningen', 'klänningar'],
      ['lampa', 'lampan', 'lampor'],
      ['byxa', 'byxor', 'byxorna'],
      ['kjol', 'kjolen', 'kjolar'],
      ['stövel', 'stövlar'],
      ['handske', 'handskar'],
      ['mössa', 'mössor'],
      ['vante', 'vantar'],
      ['sandal', 'sandaler', 'sandalerna'],
      ['kastrull', 'kastruller'],
      ['panna', 'pannor'],
      ['gummistövel', 'gummistöveln', 'gummistövlar'],
      ['löparskor', 'löparskon', 'löparskorna'],
      ['nyckel', 'nyckeln', 'nycklar'],
    ],
    apart: [
      ['barn', 'bar'],
      ['skor', 'skorpor'],
      ['väska', 'väst'],
      ['kapp', 'kappa'],
    ],
  },
  de: {
    dict: 'de_DE',
    chain: ['lowercase', 'elevate_german_normalization', { type: 'elevate_stemmer', language: 'german' }, 'elevate_folding'],
    groups: [
      ['Topf', 'Töpfe'],
      ['Schuh', 'Schuhe'],
      ['Kleid', 'Kleider'],
      ['Hut', 'Hüte'],
      ['Mantel', 'Mäntel'],
      ['Jacke', 'Jacken'],
      ['Tasche', 'Taschen'],
      ['Hose', 'Hosen'],
      ['Stiefel', 'Stiefeln'],
      ['Socke', 'Socken'],
      ['Pfanne', 'Pfannen'],
      ['Schirm', 'Schirme'],
      ['Ball', 'Bälle'],
      ['Rock', 'Röcke'],
      ['Kanne', 'Kannen'],
    ],
    apart: [
      ['Tasche', 'Tasse'],
      ['Schal', 'Schale'],
      ['Hut', 'Hütte'],
      ['Rock', 'Rocker'],
    ],
  },
  nb: {
    dict: 'nb_NO',
    chain: [
      'lowercase',
      'elevate_scandinavian_normalization',
      { type: 'elevate_stemmer', language: 'norwegian' },
      'elevate_scandinavian_folding',
      'elevate_folding',
    ],
    groups: [
      ['jakke', 'jakka', 'jakken', 'jakker', 'jakkene'],
      ['sko', 'skoen', 'skoene'],
      ['støvel', 'støvler', 'støvlene'],
      ['bukse', 'buksa', 'bukser', 'buksene'],
      ['genser', 'genseren', 'gensere'],
      ['veske', 'vesken', 'vesker'],
      ['lue', 'lua', 'luer'],
      ['kjole', 'kjolen', 'kjoler'],
      ['vott', 'votter', 'vottene'],
      ['lampe', 'lampen', 'lamper'],
      ['tøffel', 'tøfler', 'tøflene'],
      ['sykkel', 'sykler', 'syklene'],
    ],
    apart: [
      ['sko', 'skog'],
      ['lue', 'lur'],
      ['vott', 'vote'],
    ],
  },
  da: {
    dict: 'da_DK',
    chain: [
      'lowercase',
      'elevate_scandinavian_normalization',
      { type: 'elevate_stemmer', language: 'danish' },
      'elevate_scandinavian_folding',
      'elevate_folding',
    ],
    groups: [
      ['jakke', 'jakken', 'jakker', 'jakkerne'],
      ['sko', 'skoen', 'skoene'],
      ['støvle', 'støvler', 'støvlerne'],
      ['bukser', 'bukserne'],
      ['taske', 'tasken', 'tasker'],
      ['kjole', 'kjolen', 'kjoler'],
      ['hue', 'huen', 'huer'],
      ['lampe', 'lampen', 'lamper'],
      ['handske', 'handsker'],
      ['gryde', 'gryder'],
      ['hat', 'hatten', 'hattene'],
      ['kop', 'koppen', 'kopper'],
    ],
    apart: [
      ['sko', 'skov'],
      ['hue', 'hus'],
      ['taske', 'tase'],
    ],
  },
};
async function stems(chain: unknown[], words: string[]): Promise<string[][]> {
  const out: string[][] = [];
  for (const w of words) {
    const r = await fetch(`${ES}/_analyze`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ tokenizer: 'standard', filter: chain, text: w }),
    });
    out.push(((await r.json()) as { tokens: { token: string }[] }).tokens.map((t) => t.token));
  }
  return out;
}
const meet = (a: string[], b: string[]) => a.some((x) => b.includes(x));
const conflated = (outs: string[][]) => outs.every((o) => meet(o, outs[0]));
(async () => {
  console.log('| Language | Light stemmer (index chain) | Hunspell (Lucene, Debian dictionary) | Form key (query-time, vocabulary.ts) |');
  console.log('|---|---|---|---|');
  for (const [lang, s] of Object.entries(SETS)) {
    const words = [...new Set([...s.groups.flat(), ...s.apart.flat()])];
    const light = new Map(words.map((w) => [w, [] as string[]]));
    (await stems(s.chain, words)).forEach((o, i) => light.set(words[i], o));
    const dictionary = `/usr/share/hunspell/${s.dict}`;
    const res =
      hunspell && existsSync(`${dictionary}.dic`)
        ? execFileSync('java', ['-cp', CP, 'Hunspell', dictionary, ...words], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
        : undefined;
    const hs =
      res === undefined
        ? undefined
        : new Map(
            res
              .trim()
              .split('\n')
              .map((l) => {
                const [w, o] = l.split('\t');
                return [w, (o ?? '').split('|').filter(Boolean)];
              }),
          );
    const key = new Map(words.map((w) => [w, formKeys(lang, w)]));
    const score = (m: Map<string, string[]>) => {
      const ok = s.groups.filter((g) => conflated(g.map((w) => m.get(w)!)));
      const bad = s.apart.filter((g) => conflated(g.map((w) => m.get(w)!)));
      const missed = s.groups.filter((g) => !ok.includes(g)).map((g) => g.join('/'));
      return `${ok.length}/${s.groups.length} groups, ${bad.length}/${s.apart.length} false merges${missed.length ? ` (misses ${missed.join(', ')})` : ''}${bad.length ? ` (merges ${bad.map((g) => g.join('/')).join(', ')})` : ''}`;
    };
    console.log(`| ${lang} | ${score(light)} | ${hs ? score(hs) : 'no dictionary'} | ${score(key)} |`);
  }
})();
