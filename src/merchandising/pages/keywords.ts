/**
 * Page keywords (`primaryList.keywords`): the search phrases that offer a page. A visitor whose phrase
 * is one of them, compared trimmed, with inner whitespace collapsed and in lower case, is sent to the page
 * (the storefront's redirect, see src/storefront/autocomplete). A page's keywords in a locale are its
 * `additional[locale]` phrases plus, when `headingAsKeyword` is true, its heading in that locale; none when
 * `enabled` is false. Pure: the page store indexes these as `locale|phrase` keys per view.
 */
import type { Page } from './types';

/** The one form keywords are stored and looked up in. */
export function normalizeKeyword(phrase: string): string {
  return phrase.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The lookup key of a phrase in a locale. */
export const keywordKey = (locale: string, phrase: string): string => `${locale}|${normalizeKeyword(phrase)}`;

/** Every keyword of a page as `locale|phrase` keys, without repeats. */
export function keywordKeys(page: Page | undefined): string[] {
  const settings = page?.primaryList?.keywords;
  if (!page || !settings || settings.enabled === false) return [];
  const phrases: [string, string][] = Object.entries(settings.additional ?? {}).flatMap(([locale, words]) => words.map((w): [string, string] => [locale, w]));
  if (settings.headingAsKeyword === true) phrases.push(...Object.entries(page.headings ?? {}));
  return [...new Set(phrases.filter(([, phrase]) => normalizeKeyword(phrase) !== '').map(([locale, phrase]) => keywordKey(locale, phrase)))];
}

/** Where a page sends a visitor in a locale: its localized path, else its id (as navigation-tree links it). */
export const pageLink = (page: Page, locale: string): string => page.paths?.[locale] ?? page.id;
