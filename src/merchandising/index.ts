/**
 * Merchandising data (navigation, pages, templates, facet configuration, synonyms): the stores, made once by the
 * composition root (app.ts), so their caches (STORE_CACHE_MS) are shared by every request of a process. The admin imports
 * write through them and the storefront reads through them:
 *
 *   await stores.pages.findPage({ market, locale, reference, view: 'production' });
 *   await stores.navigation.tree({ market, locale, includeAppNodes: true });
 *   await stores.templates.getTemplate(templateId);
 */
import type { DocumentIndex } from '../search/documents';
import type { IndexNames } from '../search/indexNames';
import type { BulkOptions } from './indices';
import { NavigationStore } from './navigationStore';
import { PageStore } from './pageStore';
import { TemplateStore } from './templateStore';
import { FacetStore } from './facetStore';
import { LabelStore } from './labelStore';
import { SynonymStore } from './synonymStore';
import { PhraseRuleStore } from './phraseRuleStore';
import { HistoryStore } from './historyStore';
import { CompoundStore } from './compoundStore';
import { ExperimentStore } from './experimentStore';

export interface MerchandisingStores {
  navigation: NavigationStore;
  pages: PageStore;
  templates: TemplateStore;
  /** The facet configuration of each market. */
  facets: FacetStore;
  /** The label overrides of each market and locale. */
  labels: LabelStore;
  /** Synonym rules of each locale. */
  synonyms: SynonymStore;
  /** Search merchandising per phrase, per market. */
  phraseRules: PhraseRuleStore;
  /** A/B experiments (issue 35). */
  experiments: ExperimentStore;
  /** Kept versions of every merchandising import. */
  history: HistoryStore;
  /** Compounds configuration of each locale (excluded compounds). */
  compounds: CompoundStore;
}

export interface MerchandisingStoresDeps {
  documents: DocumentIndex;
  names: Pick<IndexNames, 'navigation' | 'pages' | 'templates' | 'facets' | 'labels' | 'synonyms' | 'phraseRules' | 'experiments' | 'history' | 'compounds'>;
  /** How imports write (the catalog's bulk settings). */
  bulk: BulkOptions;
  /** STORE_CACHE_MS: how long each store's cache serves what it read (another process's import is seen within it). */
  cacheMs: number;
  /** GENERAL_SYNONYMS: the shipped synonyms of each locale's language apply beside the shop's (default true). */
  generalSynonyms?: boolean;
}

export function merchandisingStores({ documents, names, bulk, cacheMs, generalSynonyms = true }: MerchandisingStoresDeps): MerchandisingStores {
  return {
    navigation: new NavigationStore(documents, names.navigation, bulk),
    pages: new PageStore(documents, names.pages, bulk),
    templates: new TemplateStore(documents, names.templates, bulk, cacheMs),
    facets: new FacetStore(documents, names.facets, bulk, cacheMs),
    labels: new LabelStore(documents, names.labels, bulk, cacheMs),
    synonyms: new SynonymStore(documents, names.synonyms, bulk, cacheMs, generalSynonyms),
    phraseRules: new PhraseRuleStore(documents, names.phraseRules, bulk, cacheMs),
    experiments: new ExperimentStore(documents, names.experiments, bulk, cacheMs),
    history: new HistoryStore(documents, names.history),
    compounds: new CompoundStore(documents, names.compounds, bulk, cacheMs),
  };
}
