/**
 * Translations (attribute, id, locale → value) held in memory for the duration of an import.
 * Translations are few compared with products, so a Map is enough.
 */
import type { Translation } from './types';

const keyOf = (attribute: string, id: string, locale: string) => `${attribute}|${locale}|${id}`;

export class TranslationTable {
  private readonly values = new Map<string, string>();

  set(t: Translation): void {
    this.values.set(keyOf(t.attribute, t.id, t.locale), t.value);
  }

  delete(attribute: string, id: string, locale: string): boolean {
    return this.values.delete(keyOf(attribute, id, locale));
  }

  get(attribute: string, id: string, locale: string): string | undefined {
    return this.values.get(keyOf(attribute, id, locale));
  }

  get size(): number {
    return this.values.size;
  }
}
