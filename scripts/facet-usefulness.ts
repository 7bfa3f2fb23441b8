/**
 * How useful the dynamic facets are on the attribute-rich generator profile (issue 21, item 16).
 *
 *   ELASTICSEARCH_URL=http://127.0.0.1:9200 npx tsx scripts/facet-usefulness.ts [--groups N] [--profile P] [--prefix X] [--port N]
 *
 * --prefix starts the index prefix (default `usefulness`, a random suffix follows); --port is the port the API
 * listens on (default: any free port), for machines where each developer has their own ports.
 *
 * Starts the API in-process under its own index prefix, imports a generated catalog (default: electronics,
 * 400 groups, seed 1) with no facet configuration, searches search-page (en-GB) for every category leaf name
 * of the profile, and reads the dynamic facets (`custom.*`). A chosen facet is useful when:
 * - TEXT: it has 2–30 values and each value covers at least 5% of the hits (the products the counts count:
 *   the sum of its values' counts or the hits, whichever is larger);
 * - RANGE: its min is below its max (counted apart: a slider is always a choice).
 * Prints the share of useful TEXT facets, the share of facets that are TEXT ranges or numbers held as text
 * ("15 - 35", "5 kg"), labels that are raw attribute names, and the mean Elasticsearch round trips.
 * The indices are deleted at the end. NOT_USEFUL=1 prints each TEXT facet that is not useful, with its values.
 */
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/kernel/config';
import { createLogger } from '../src/kernel/log';
import { createElasticsearchClient } from '../src/search/client';
import { createApp, createContext, prepareContext, shutdownContext } from '../src/app';
import { defaultConfiguration, generateCatalogLines, generatedCategoryPaths, parseProfile } from '../src/sample/generator';

type FacetValue = { id: string; label: string; count?: number };
type Facet = { id: string; label: string; type: string; values?: FacetValue[]; min?: number; max?: number };

const NUMBER_AS_TEXT = /^[-+]?\d[\d.,]*\s*(?:(?:-|–|to|x|×|\/)\s*[-+]?\d[\d.,]*\s*)*(?:[^\d\s]{1,6}\.?)?$/i;

async function main() {
  const { values } = parseArgs({
    options: {
      groups: { type: 'string', default: '400' },
      profile: { type: 'string', default: 'electronics' },
      prefix: { type: 'string', default: 'usefulness' },
      port: { type: 'string', default: '0' },
    },
  });
  const profile = parseProfile(values.profile!);
  const prefix = `${values.prefix}-${randomBytes(3).toString('hex')}`;
  const config = loadConfig(process.env, { indexPrefix: prefix, adminApiKeys: ['k'], port: 0, logLevel: 'error', loadSampleData: false });
  const es = createElasticsearchClient(config.elasticsearchUrl);
  const context = createContext(config, es, createLogger(config.logLevel));
  await prepareContext(context);
  const server = createApp(context).listen(Number(values.port), '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const configuration = defaultConfiguration();
    const admin = (method: string, path: string, body: string, type: string) =>
      fetch(url + path, { method, body, headers: { 'Api-Key': 'k', 'Content-Type': type } });
    const conf = await admin('POST', '/api/admin/v4/import/configuration', JSON.stringify(configuration), 'application/json');
    if (conf.status !== 204) throw new Error(`configuration: ${conf.status} ${await conf.text()}`);
    const lines =
      [...generateCatalogLines({ productGroups: Number(values.groups), markets: configuration, profile, seed: 1 })]
        .map((e) => JSON.stringify({ replace: e }))
        .join('\n') + '\n';
    const imported = await admin('PUT', '/api/admin/v4/import/catalog', lines, 'application/jsonlines');
    if (imported.status !== 204) throw new Error(`catalog: ${imported.status} ${await imported.text()}`);

    const market = Object.keys(configuration.markets).find((m) => configuration.markets[m].locales.includes('en-GB'))!;
    const phrases = [...new Set(generatedCategoryPaths(profile).map((c) => c.names[c.names.length - 1][0]))];
    let text = 0,
      usefulText = 0,
      ranges = 0,
      numbersAsText = 0,
      raw = 0,
      all = 0,
      roundTrips = 0,
      searches = 0;
    for (const q of phrases) {
      const query = new URLSearchParams({ q, market, locale: 'en-GB', customerKey: 'c', sessionKey: 's', touchpoint: 'desktop', notify: 'false' });
      const res = await fetch(`${url}/api/storefront/v3/queries/search-page?${query}`);
      const body = (await res.json()) as { primaryList: { totalHits: number; facets: Facet[] } };
      searches += 1;
      roundTrips += Number(res.headers.get('X-Elasticsearch-Round-Trips') ?? 0);
      if (process.env.VERBOSE) console.error(q, res.headers.get('X-Elasticsearch-Round-Trips'), body.primaryList.totalHits);
      for (const f of body.primaryList.facets.filter((x) => x.id.startsWith('custom.'))) {
        all += 1;
        if (f.label === f.id.slice('custom.'.length) && /[_.]|[a-z][A-Z]/.test(f.label)) raw += 1;
        if (f.type === 'RANGE') {
          ranges += 1;
          continue;
        }
        text += 1;
        const vs = f.values ?? [];
        const hits = Math.max(
          body.primaryList.totalHits,
          vs.reduce((n, v) => n + (v.count ?? 0), 0),
        );
        if (vs.length >= 2 && vs.length <= 30 && vs.every((v) => (v.count ?? 0) >= 0.05 * hits)) usefulText += 1;
        else if (process.env.NOT_USEFUL) console.error(q, hits, f.id, vs.map((v) => `${v.label}:${v.count}`).join(', '));
        if (vs.filter((v) => NUMBER_AS_TEXT.test(v.label.trim())).length * 2 > vs.length) numbersAsText += 1;
      }
    }
    const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : '-');
    console.log(
      JSON.stringify(
        {
          profile,
          groups: Number(values.groups),
          searches,
          dynamicFacets: all,
          text,
          ranges,
          usefulTextShare: pct(usefulText, text),
          numbersHeldAsTextShare: pct(numbersAsText, text),
          rawLabelShare: pct(raw, all),
          meanRoundTrips: (roundTrips / searches).toFixed(2),
        },
        null,
        2,
      ),
    );
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await shutdownContext(context);
    await es.indices.delete({ index: `${prefix}-*`, expand_wildcards: 'all', ignore_unavailable: true, allow_no_indices: true }).catch(() => undefined);
    await es.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
