/**
 * Sample pages and navigation for the sample catalog, so that landing-page and navigation-tree answer
 * something a newcomer can click through: one page per category of the generated catalog (departments,
 * sub-categories, leaves), with localized paths and headings, a category rule, and a navigation tree per
 * market and locale mirroring them. Imported through the normal admin paths.
 */
import type { CatalogConfiguration } from '../catalog/types';
import type { SampleDeps } from './sampleDeps';
import { generatedCategoryPaths, generatedLanguageOf, type GeneratedCategoryPath } from './generator';

const slug = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const pageId = (c: GeneratedCategoryPath) => c.path.map(slug).join('/');
const nameIn = (c: GeneratedCategoryPath, lang: 0 | 1 | 2) => c.names.map((n) => n[lang]);

/** The page of a category: every translation of its path in one rule, so it works in every locale. */
export function samplePages(locales: readonly string[]) {
  return generatedCategoryPaths().map((c) => {
    const translations = [...new Set([0, 1, 2].map((lang) => nameIn(c, lang as 0 | 1 | 2).join(' > ')))];
    const depth = c.path.length;
    return {
      id: pageId(c),
      paths: Object.fromEntries(locales.map((l) => [l, '/' + nameIn(c, generatedLanguageOf(l)).map(slug).join('/')])),
      headings: Object.fromEntries(locales.map((l) => [l, nameIn(c, generatedLanguageOf(l)).at(-1)!])),
      primaryList: { rules: `rule incl category { ${translations.map((t) => JSON.stringify(t)).join(' ')} }` },
      // A department's heading is a keyword: typing "women" (or "dam") in the search box leads to its page.
      ...(depth === 1
        ? {
            recLists: [{ id: 'top', algorithm: 'TOP_PRODUCTS', limit: 8 }],
            primaryList: { rules: `rule incl category { ${translations.map((t) => JSON.stringify(t)).join(' ')} }`, keywords: { headingAsKeyword: true } },
          }
        : {}),
    };
  });
}

export function sampleNavigation(locale: string) {
  const lang = generatedLanguageOf(locale);
  return generatedCategoryPaths().map((c) => ({
    id: pageId(c).replace(/\//g, '_'),
    title: nameIn(c, lang).at(-1)!,
    type: 'PAGE' as const,
    pageId: pageId(c),
    ...(c.path.length > 1 ? { parentId: pageId({ ...c, path: c.path.slice(0, -1) }).replace(/\//g, '_') } : {}),
  }));
}

/** Loads sample pages and navigation for every configured market that has no pages yet. */
export async function loadSampleMerchandisingIfEmpty(deps: SampleDeps, configuration: CatalogConfiguration): Promise<void> {
  for (const [market, { locales }] of Object.entries(configuration.markets)) {
    if ((await deps.merchandising.pages.loadMarket(market)).size) continue;
    await deps.merchandisingAdmin.import('pages', { market, type: 'FULL', addOrUpdate: samplePages(locales) }, { name: 'sample pages', force: false });
    for (const locale of locales) {
      await deps.merchandisingAdmin.import(
        'navigation',
        { market, locale, type: 'FULL', addOrUpdate: sampleNavigation(locale) },
        { name: 'sample navigation' },
      );
    }
  }
  deps.log.info('sample pages and navigation loaded');
}
