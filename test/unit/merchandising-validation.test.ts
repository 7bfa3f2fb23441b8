import assert from 'node:assert/strict';
import { statusOf } from '../../src/http/errors';
import { validateNavigationImport } from '../../src/merchandising/navigation/validate';
import { validatePageImport } from '../../src/merchandising/pages/validate';
import { validateTemplates } from '../../src/merchandising/templates/validate';
import { MAX_REPORTED_ERRORS, Problems, stripNulls } from '../../src/kernel/validation';
import type { CatalogConfiguration } from '../../src/catalog/types';

const configuration: CatalogConfiguration = { markets: { SE: { locales: ['sv-SE', 'en-GB'] } } };

describe('merchandising validation', () => {
  it('treats null members as not given, keeping array elements', () => {
    assert.deepEqual(stripNulls({ a: null, b: [null, { c: null, d: 1 }] }), { b: [null, { d: 1 }] });
  });

  it('parses a navigation body into a typed import, nulls dropped and remove defaulted', () => {
    const result = validateNavigationImport(
      { market: 'SE', locale: 'en-GB', type: 'FULL', addOrUpdate: [{ id: 'a', title: 'A', type: 'LABEL', parentId: null }] },
      configuration,
    );
    assert.deepEqual(result, {
      ok: true,
      value: { market: 'SE', locale: 'en-GB', type: 'FULL', addOrUpdate: [{ id: 'a', title: 'A', type: 'LABEL' }], remove: [] },
    });
  });

  it('parses a page body with previewOnly defaulting to false', () => {
    const result = validatePageImport({ market: 'SE', type: 'PARTIAL', addOrUpdate: [{ id: 'x', paths: { 'sv-SE': '/x' } }] }, configuration);
    assert.deepEqual(result, {
      ok: true,
      value: { market: 'SE', type: 'PARTIAL', addOrUpdate: [{ id: 'x', paths: { 'sv-SE': '/x' } }], remove: [], previewOnly: false },
    });
  });

  it('parses a template body', () => {
    const body = { t1: { products: { all: { fields: ['title'], maxVariants: 0 } } } };
    assert.deepEqual(validateTemplates(body), { ok: true, value: body });
  });

  it('reports the first problems of a body and counts the rest', () => {
    const result = validateNavigationImport(
      { market: 'SE', locale: 'sv-SE', type: 'FULL', addOrUpdate: Array.from({ length: 150 }, () => ({ id: 'a b', title: 'A', type: 'LABEL' })) },
      configuration,
    );
    assert.equal(result.ok, false);
    const problems = (result as { problems: Problems }).problems;
    assert.equal(problems.count, 150);
    const error = problems.rejection('Navigation import');
    assert.equal(statusOf(error), 400);
    assert.equal(
      error.message,
      'Navigation import rejected: 150 error(s); nothing was imported. First: addOrUpdate[0].id: may hold only letters, digits, "/", "_" and "-" (got "a b").',
    );
    assert.equal((error.details!.errors as unknown[]).length, MAX_REPORTED_ERRORS);
    assert.equal(error.details!.moreErrors, 50);
  });
});
