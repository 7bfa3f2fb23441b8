/**
 * Response templates (`templateId`). Templates are not imported yet, so every id is unknown; this is the
 * one place that decides, so the template work replaces only this module.
 */
import { badRequest } from '../http/errors';

export function checkTemplate(templateId: string): void {
  throw badRequest(`Query parameter templateId: unknown template "${templateId}"`);
}
