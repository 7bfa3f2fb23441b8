/**
 * Writes a generated catalog as a full-import JSON lines body (`{"replace": ...}` per line).
 *
 *   npx tsx scripts/generate-catalog.ts [--groups N] [--seed S] [--prefix P] [--content N]
 *                                       [--profile P] [--attributes N]
 *                                       [--out FILE] [--gzip] [--configuration FILE]
 *
 * --groups N            product groups (default 200)
 * --seed S              PRNG seed (default 1); same options give byte-identical output
 * --prefix P            prefix of every entity key (default '')
 * --content N           content items (default groups / 20, at least 3)
 * --profile P           default (the sample catalog, unchanged), fashion (few custom attribute names,
 *                       2–6 colours and 8–30 sizes per group, variant-level labels) or electronics
 *                       (thousands of attribute names, 1–3 colours and variants); default: default
 * --attributes N        distinct custom attribute names of the feed, drawn with Zipf popularity, 5–40 per
 *                       product (default: the profile's; default 0, fashion 30, electronics 2000)
 * --out FILE            output file (default stdout)
 * --gzip                gzip the output
 * --configuration FILE  also write the configuration (`{"markets": ...}`) the catalog is made for
 *
 * Streams with backpressure: memory stays flat however many groups are asked for.
 * A summary goes to stderr, with the number of distinct custom attribute names of the products.
 */
import { createWriteStream, writeFileSync } from 'node:fs';
import { Readable, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { createGzip } from 'node:zlib';
import { defaultConfiguration, generateCatalogLines, parseProfile, type GeneratorOptions } from '../src/sample/generator';
import type { ReplaceEntity } from '../src/catalog/types';

interface Counts {
  translations: number;
  productGroups: number;
  products: number;
  variants: number;
  content: number;
  bytes: number;
  /** Custom attribute names of products' defaults (at most the feed's N, so memory stays bounded). */
  attributeNames: Set<string>;
}

const CHUNK_BYTES = 256 * 1024;

function parseOptions(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      groups: { type: 'string', default: '200' },
      seed: { type: 'string', default: '1' },
      prefix: { type: 'string', default: '' },
      content: { type: 'string' },
      profile: { type: 'string' },
      attributes: { type: 'string' },
      out: { type: 'string' },
      gzip: { type: 'boolean', default: false },
      configuration: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  const integer = (name: string, text: string | undefined): number | undefined => {
    if (text === undefined) return undefined;
    const value = Number(text);
    if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a non-negative integer, got '${text}'`);
    return value;
  };
  return {
    help: values.help ?? false,
    generator: {
      productGroups: integer('groups', values.groups) ?? 200,
      seed: integer('seed', values.seed) ?? 1,
      keyPrefix: values.prefix ?? '',
      contentItems: integer('content', values.content),
      profile: values.profile === undefined ? undefined : parseProfile(values.profile),
      attributes: integer('attributes', values.attributes),
      markets: defaultConfiguration(),
    } satisfies GeneratorOptions,
    out: values.out,
    gzip: values.gzip ?? false,
    configurationFile: values.configuration,
  };
}

/** The catalog as text chunks of about CHUNK_BYTES, counting what goes by. */
function* catalogChunks(options: GeneratorOptions, counts: Counts): Generator<string> {
  let chunk = '';
  for (const entity of generateCatalogLines(options)) {
    count(entity, counts);
    chunk += JSON.stringify({ replace: entity }) + '\n';
    if (chunk.length >= CHUNK_BYTES) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

function count(entity: ReplaceEntity, counts: Counts): void {
  if ('translation' in entity) counts.translations++;
  else if ('content' in entity) counts.content++;
  else {
    counts.productGroups++;
    for (const product of Object.values(entity.productGroup.products)) {
      counts.products++;
      counts.variants += Object.keys(product.variants).length;
      const { customLabels, customNumbers, customLengths } = product.defaults ?? {};
      for (const attributes of [customLabels, customNumbers, customLengths]) for (const name in attributes) counts.attributeNames.add(name);
    }
  }
}

function byteCounter(counts: Counts): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      counts.bytes += chunk.length;
      callback(null, chunk);
    },
  });
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  if (options.help) {
    process.stderr.write(
      'usage: generate-catalog.ts [--groups N] [--seed S] [--prefix P] [--content N] [--profile default|fashion|electronics] [--attributes N] [--out FILE] [--gzip] [--configuration FILE]\n',
    );
    return;
  }
  if (options.configurationFile) writeFileSync(options.configurationFile, JSON.stringify(options.generator.markets, null, 2) + '\n');

  const started = process.hrtime.bigint();
  const counts: Counts = { translations: 0, productGroups: 0, products: 0, variants: 0, content: 0, bytes: 0, attributeNames: new Set() };
  const source = Readable.from(catalogChunks(options.generator, counts), { objectMode: false });
  const sink: Writable = options.out ? createWriteStream(options.out) : process.stdout;
  try {
    if (options.gzip) await pipeline(source, byteCounter(counts), createGzip(), sink);
    else await pipeline(source, byteCounter(counts), sink);
  } catch (err) {
    // A closed stdout (`| head`) ends the run quietly, like any Unix filter.
    if ((err as NodeJS.ErrnoException).code === 'EPIPE' && !options.out) return;
    throw err;
  }

  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const lines = counts.translations + counts.productGroups + counts.content;
  const written = options.out ? ` → ${options.out}` : '';
  process.stderr.write(
    `generated ${counts.productGroups} product groups (${counts.products} products, ${counts.variants} variants), ` +
      `${counts.content} content items, ${counts.translations} translations; ${counts.attributeNames.size} distinct custom attribute names; ` +
      `${(counts.bytes / 1e6).toFixed(1)} MB uncompressed${options.gzip ? ', gzipped' : ''}${written} in ${seconds.toFixed(1)} s ` +
      `(${Math.round(lines / seconds)} lines/s)\n`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`generate-catalog: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
