/**
 * Loads index definitions from mappings/*.json and picks the analysis variant the cluster supports: the
 * project's elevate-analysis plugin (per-language chains), else analysis-common (its equivalents), else the
 * core analysis of the minimal distribution (lowercase only). localeAnalysis.ts builds a locale's block.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client, estypes } from '@elastic/elasticsearch';
import { catalogAnalysis, type AnalysisBlock, type AnalysisFiles, type AnalysisLevel } from './localeAnalysis';

// The mappings folder sits at the project root, two levels above src/search (tsx) or three above dist/src/search.
const mappingsDir =
  [join(__dirname, '..', '..', 'mappings'), join(__dirname, '..', '..', '..', 'mappings')].find((d) => existsSync(join(d, 'catalog-products.json'))) ??
  join(__dirname, '..', '..', 'mappings');

function readJson(name: string): Record<string, unknown> {
  const json = JSON.parse(readFileSync(join(mappingsDir, name), 'utf8')) as Record<string, unknown>;
  delete json._comment;
  return json;
}

export type { AnalysisLevel };

/**
 * Shards and replicas of the indices the service creates (INDEX_SHARDS, INDEX_REPLICAS): the mapping files
 * say one shard and no replica, right for the embedded single node; these settings override them at creation.
 */
export interface IndexLayout {
  /** Primary shards of each catalog version index (the service's own indices are small: one shard). */
  catalogShards: number;
  /** Replicas of every index. */
  replicas: number;
  /** Stored-fields codec of the catalog's product indices (PRODUCT_INDEX_CODEC); Elasticsearch's default when absent. */
  productCodec?: 'default' | 'best_compression';
}

export const SINGLE_NODE_LAYOUT: IndexLayout = { catalogShards: 1, replicas: 0 };

/** The shard and replica settings of a new index: `catalog` for the indices of a catalog version. */
export function layoutSettings(layout: IndexLayout, catalog = false): { number_of_shards: number; number_of_replicas: number } {
  return { number_of_shards: catalog ? layout.catalogShards : 1, number_of_replicas: layout.replicas };
}

const ANALYSIS_PLUGIN = 'elevate-analysis';

/**
 * Asks the cluster which analysis it has: the plugin when every node lists it (an index using its filters
 * cannot open on a node without it), else analysis-common when one of its filters answers, else core.
 */
export async function detectAnalysisLevel(es: Client): Promise<AnalysisLevel> {
  if (await hasPluginOnEveryNode(es)) return 'plugin';
  try {
    await es.indices.analyze({ tokenizer: 'standard', filter: ['asciifolding'], text: 'ö' });
    return 'full';
  } catch {
    return 'core';
  }
}

let analysisFiles: AnalysisFiles | undefined;
const ANALYSIS_FILES = (): AnalysisFiles =>
  (analysisFiles ??= {
    core: readJson('analysis-core.json') as unknown as AnalysisBlock,
    full: readJson('analysis-full.json') as unknown as AnalysisBlock,
    plugin: readJson('analysis-plugin.json') as unknown as AnalysisBlock,
  });

/** The definition of an index from its mapping file; a catalog index of a locale gets that locale's analysis. */
async function hasPluginOnEveryNode(es: Client): Promise<boolean> {
  try {
    const [plugins, nodes] = await Promise.all([es.cat.plugins({ format: 'json', h: 'name,component' }), es.cat.nodes({ format: 'json', h: 'name' })]);
    const withPlugin = new Set(plugins.filter((p) => p.component === ANALYSIS_PLUGIN).map((p) => p.name));
    return nodes.length > 0 && nodes.every((n) => n.name !== undefined && withPlugin.has(n.name));
  } catch {
    return false;
  }
}

export function indexDefinition(file: string, analysis: AnalysisLevel, locale?: string): estypes.IndicesCreateRequest {
  const def = readJson(file) as { settings?: Record<string, unknown>; mappings: estypes.MappingTypeMapping };
  const analysisSettings = catalogAnalysis(ANALYSIS_FILES(), analysis, locale);
  return {
    index: '',
    settings: { ...(def.settings ?? {}), analysis: analysisSettings } as estypes.IndicesIndexSettings,
    mappings: def.mappings,
  };
}

/** An index definition without text analysis (keyword and number fields only). */
export function plainIndexDefinition(file: string): Pick<estypes.IndicesCreateRequest, 'settings' | 'mappings'> {
  const def = readJson(file) as { settings?: estypes.IndicesIndexSettings; mappings: estypes.MappingTypeMapping };
  return { settings: def.settings ?? {}, mappings: def.mappings };
}
