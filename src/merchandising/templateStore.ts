/**
 * Response templates in Elasticsearch, one document per template. For the storefront:
 * `getTemplate(id)`, read through a short cache (every API process sees an import within STORE_CACHE_MS;
 * the process that imports sees it at once).
 */
import { sourcesOf, type BulkOptions } from './indices';
import type { DocumentIndex } from '../search/documents';
import { CachedDocuments } from './cachedDocuments';
import type { TemplateSettings, Templates } from './templates/types';

interface TemplateDocument {
  id: string;
  settings: TemplateSettings;
  updatedAt: string;
}

export class TemplateStore extends CachedDocuments<Templates> {
  /** `cacheMs`: STORE_CACHE_MS. */
  constructor(documents: DocumentIndex, index: string, bulk: BulkOptions, cacheMs: number) {
    super(documents, index, bulk, cacheMs, 'templates');
  }

  /** The template with this id, or undefined when there is none. */
  async getTemplate(id: string): Promise<TemplateSettings | undefined> {
    const all = await this.all();
    return Object.prototype.hasOwnProperty.call(all, id) ? all[id] : undefined;
  }

  /** Writes `templates` (adding or replacing them) and deletes the `remove` ids. */
  async save(templates: Templates, remove: readonly string[]): Promise<void> {
    const updatedAt = new Date().toISOString();
    await this.write({
      index: Object.entries(templates).map(([id, settings]) => ({ id, document: { id, settings, updatedAt } satisfies TemplateDocument })),
      delete: [...remove],
    });
  }

  /** Every template, by id (ids in order). */
  protected async load(): Promise<Templates> {
    const out: Templates = {};
    for await (const doc of sourcesOf<TemplateDocument>(this.documents, this.index, { match_all: {} }, [{ id: 'asc' }])) out[doc.id] = doc.settings;
    return out;
  }
}
