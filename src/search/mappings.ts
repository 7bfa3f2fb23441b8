/**
 * Loads index definitions from mappings/*.json and picks the analysis variant the cluster supports:
 * the minimal distribution lacks analysis-common (no asciifolding, no stemmers), a full cluster has it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client, estypes } from '@elastic/elasticsearch';

// The mappings folder sits at the project root, two levels above src/search (tsx) or three above dist/src/search.
const mappingsDir = [join(__dirname, '..', '..', 'mappings'), join(__dirname, '..', '..', '..', 'mappings')]
  .find((d) => existsSync(join(d, 'catalog-products.json'))) ?? join(__dirname, '..', '..', 'mappings');

function readJson(name: string): Record<string, unknown> {
  const json = JSON.parse(readFileSync(join(mappingsDir, name), 'utf8')) as Record<string, unknown>;
  delete json._comment;
  return json;
}

export type AnalysisLevel = 'core' | 'full';

/** Asks the cluster whether analysis-common is installed, by analysing with one of its filters. */
export async function detectAnalysisLevel(es: Client): Promise<AnalysisLevel> {
  try {
    await es.indices.analyze({ tokenizer: 'standard', filter: ['asciifolding'], text: 'ö' });
    return 'full';
  } catch {
    return 'core';
  }
}

export function indexDefinition(file: string, analysis: AnalysisLevel): estypes.IndicesCreateRequest {
  const def = readJson(file) as { settings?: Record<string, unknown>; mappings: estypes.MappingTypeMapping };
  const analysisSettings = readJson(analysis === 'full' ? 'analysis-full.json' : 'analysis-core.json');
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
