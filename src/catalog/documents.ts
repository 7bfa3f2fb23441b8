/**
 * How a catalog entity becomes Elasticsearch documents: one ProductDocument per product × market × locale
 * and one ContentDocument per content item × market × locale, with defaults, `market|locale` overrides and
 * translations resolved. Pure functions; see documentTypes.ts for the shapes.
 */
import type { ContentDocument, ProductDocument } from './documentTypes';
import type { CatalogConfiguration, Content, ProductGroup } from './types';

export interface BuildContext {
  configuration: CatalogConfiguration;
  /** Translated value of a translation id for a locale, if a translation is known. */
  translate(attribute: string, id: string, locale: string): string | undefined;
}

export interface Built<D> {
  /** Document id and document. */
  documents: { id: string; document: D }[];
  /** True when a translatable value had no translation yet (the import rebuilds such groups at the end). */
  missingTranslations: boolean;
}

export function productGroupDocuments(_key: string, _group: ProductGroup, _ctx: BuildContext): Built<ProductDocument> {
  throw new Error('not implemented');
}

export function contentDocuments(_key: string, _content: Content, _ctx: BuildContext): Built<ContentDocument> {
  throw new Error('not implemented');
}

export const productDocumentId = (market: string, locale: string, productKey: string) => `${market}|${locale}|${productKey}`;
export const contentDocumentId = (market: string, locale: string, contentKey: string) => `${market}|${locale}|${contentKey}`;
