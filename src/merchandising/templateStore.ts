/**
 * Response templates in Elasticsearch, one document per template. For the storefront:
 * `getTemplate(id)`, read through a short cache (every API process sees an import within TEMPLATE_CACHE_MS;
 * the process that imports sees it at once).
 */
import type { BulkOptions, MerchandisingIndex } from './indices';
import type { TemplateSettings, Templates } from './templates/types';

export const TEMPLATE_CACHE_MS = 2000;

interface TemplateDocument { id: string; settings: TemplateSettings; updatedAt: string }

export class TemplateStore {
  private cached?: { at: number; value: Promise<Templates> };

  constructor(private readonly index: MerchandisingIndex, private readonly bulk: BulkOptions) {}

  /** The template with this id, or undefined when there is none. */
  async getTemplate(id: string): Promise<TemplateSettings | undefined> {
    const all = await this.all();
    return Object.prototype.hasOwnProperty.call(all, id) ? all[id] : undefined;
  }

  /** Every template, by id (ids in order). `fresh` bypasses the cache. */
  all(fresh = false): Promise<Templates> {
    if (!fresh && this.cached && Date.now() - this.cached.at < TEMPLATE_CACHE_MS) return this.cached.value;
    const value = this.load();
    this.cached = { at: Date.now(), value };
    value.catch(() => { if (this.cached?.value === value) this.cached = undefined; });
    return value;
  }

  /** Writes `templates` (adding or replacing them) and deletes the `remove` ids. */
  async save(templates: Templates, remove: readonly string[]): Promise<void> {
    const updatedAt = new Date().toISOString();
    this.cached = undefined;
    await this.index.write({
      index: Object.entries(templates).map(([id, settings]) => ({ id, document: { id, settings, updatedAt } satisfies TemplateDocument })),
      delete: [...remove],
    }, this.bulk);
    this.cached = undefined;
  }

  private async load(): Promise<Templates> {
    const out: Templates = {};
    for await (const doc of this.index.scan<TemplateDocument>({ match_all: {} }, [{ id: 'asc' }])) out[doc.id] = doc.settings;
    return out;
  }
}
