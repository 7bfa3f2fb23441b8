/**
 * A page's schedule (our addition, issue 33 "campaigns") over HTTP: a page whose start is in the future is
 * not served by landing-page (it answers as an unknown reference), and is once its start has passed; one
 * whose end has passed is not; the preview view shows it at any time; a bad schedule is a 400 naming the
 * field; the history's diff shows the scheduled change; autocomplete's keyword redirect follows the schedule too.
 */
import assert from 'node:assert/strict';
import { jsonBody, startService, type TestService } from './harness';
import type { Product, ReplaceEntity } from '../../src/catalog/types';
import type { Page } from '../../src/merchandising/pages/types';

const product = (title: string): Product => ({
  markets: ['SE'],
  defaults: { title, url: `/p/${title}`, brand: 'Gant', category: ['Sale'] },
  variants: { [`${title}-v`]: { defaults: { listPrice: 100, sellingPrice: 100, stock: 1 } } },
});
const CATALOG: ReplaceEntity[] = [{ key: 'G-a', productGroup: { products: { a: product('a') } } }];
const BASE = { customerKey: 'c1', sessionKey: 's1', market: 'SE', locale: 'sv-SE', touchpoint: 'DESKTOP', notify: 'false' };
const JSON_HEADERS = { 'Content-Type': 'application/json' };

describe('page schedules (HTTP)', function () {
  this.timeout(120_000);
  let service: TestService;
  const landing = async (pageReference: string, extra: Record<string, string> = {}) => {
    const res = await service.request('GET', `/api/storefront/v3/queries/landing-page?${new URLSearchParams({ ...BASE, pageReference, ...extra })}`);
    const body = await jsonBody(res);
    assert.equal(res.status, 200, JSON.stringify(body));
    return body as { published: boolean; seo: { pageHeading?: string } };
  };
  const importPages = (body: unknown) => service.admin('POST', '/api/admin/v4/import/pages', { body: JSON.stringify(body), headers: JSON_HEADERS });
  const campaign = (schedule: Page['schedule']): Page => ({
    id: '/rea',
    paths: { 'sv-SE': '/rea' },
    headings: { 'sv-SE': 'Rea' },
    primaryList: { rules: 'rule incl category { "Sale" }' },
    schedule,
  });

  before(async () => {
    service = await startService();
    await service.configure();
    assert.equal((await service.importCatalog(CATALOG)).status, 204);
  });
  after(() => service?.close());

  it('serves a page from its start on, not before', async () => {
    const start = new Date(Date.now() + 3000).toISOString();
    const res = await importPages({ market: 'SE', type: 'FULL', addOrUpdate: [campaign({ start })] });
    assert.equal(res.status, 204, await res.text());
    const before = await landing('/rea');
    assert.equal(before.published, false, 'a page before its start answers as an unknown reference');
    assert.equal(before.seo.pageHeading, undefined);
    const preview = await landing('/rea', { viewId: 'PREVIEW' });
    assert.equal(preview.seo.pageHeading, 'Rea', 'the preview view shows a scheduled page at any time');
    while (Date.now() < Date.parse(start)) await new Promise((resolve) => setTimeout(resolve, 200));
    const after = await landing('/rea');
    assert.deepEqual([after.published, after.seo.pageHeading], [true, 'Rea']);
  });

  it('stops serving a page at its end, and serves it again once the schedule is cleared ({})', async () => {
    assert.equal(
      (
        await importPages({
          market: 'SE',
          type: 'PARTIAL',
          addOrUpdate: [{ id: '/rea', schedule: { start: '2020-01-01T00:00:00Z', end: '2021-01-01T00:00:00+01:00' } }],
        })
      ).status,
      204,
    );
    assert.equal((await landing('/rea')).published, false);
    assert.equal((await importPages({ market: 'SE', type: 'PARTIAL', addOrUpdate: [{ id: '/rea', schedule: {} }] })).status, 204);
    assert.equal((await landing('/rea')).published, true);
  });

  it("leaves a page outside its schedule out of autocomplete's keyword redirect, except in the preview view", async () => {
    const redirect = async (viewId?: string) => {
      const params = new URLSearchParams({ ...BASE, q: 'vinterrea', ...(viewId ? { viewId } : {}) });
      const body = await jsonBody(await service.request('GET', `/api/storefront/v3/queries/autocomplete?${params}`));
      return body.redirectLink as string | undefined;
    };
    const keywords = { keywords: { additional: { 'sv-SE': ['vinterrea'] } } };
    const later = { start: new Date(Date.now() + 86_400_000).toISOString() };
    assert.equal((await importPages({ market: 'SE', type: 'PARTIAL', addOrUpdate: [{ id: '/rea', primaryList: keywords, schedule: later }] })).status, 204);
    assert.equal(await redirect(), undefined);
    assert.equal(await redirect('PREVIEW'), '/rea');
    assert.equal((await importPages({ market: 'SE', type: 'PARTIAL', addOrUpdate: [{ id: '/rea', schedule: {} }] })).status, 204);
    assert.equal(await redirect(), '/rea');
  });

  it('refuses a schedule that is not a date-time with an offset, or ends before it starts, naming the field, and changes nothing', async () => {
    const exported = async () => jsonBody(await service.admin('GET', '/api/admin/v4/export/pages?market=SE', { headers: { 'Accept-Encoding': 'gzip' } }));
    const live = await exported();
    for (const [schedule, path, pattern] of [
      [{ start: '2026-12-01' }, 'addOrUpdate[0].schedule.start', /ISO 8601 date-time with an offset/],
      [{ start: '2026-12-01T10:00:00' }, 'addOrUpdate[0].schedule.start', /offset/],
      [{ start: '2026-02-30T10:00:00Z' }, 'addOrUpdate[0].schedule.start', /exists/],
      [{ start: '2026-12-02T00:00:00Z', end: '2026-12-01T00:00:00Z' }, 'addOrUpdate[0].schedule.end', /after start/],
      [{ begin: '2026-12-02T00:00:00Z' }, 'addOrUpdate[0].schedule.begin', /unknown field/],
    ] as const) {
      const res = await importPages({ market: 'SE', type: 'PARTIAL', addOrUpdate: [{ id: '/rea', schedule }] });
      const body = await jsonBody(res);
      assert.equal(res.status, 400, JSON.stringify(body));
      const problem = body.errors.find((e: { path: string }) => e.path === path);
      assert.ok(problem, `${JSON.stringify(schedule)}: ${JSON.stringify(body.errors)}`);
      assert.match(problem.message, pattern);
    }
    assert.deepEqual(await exported(), live);
  });

  it('shows the scheduled change in the history diff', async () => {
    const end = '2030-01-01T00:00:00Z';
    assert.equal((await importPages({ market: 'SE', type: 'PARTIAL', addOrUpdate: [{ id: '/rea', schedule: { end } }] })).status, 204);
    const { versions } = await jsonBody(await service.admin('GET', '/api/admin/v4/history/pages?market=SE'));
    const diff = await jsonBody(await service.admin('GET', `/api/admin/v4/history/pages/diff?from=${versions[1].id}&to=${versions[0].id}`));
    const changed = diff.changed.find((c: { id: string }) => c.id === '/rea');
    assert.ok(changed, JSON.stringify(diff));
    assert.ok(
      changed.fields.some((f: { path: string; to: unknown }) => f.path === 'schedule.end' && f.to === end),
      JSON.stringify(changed.fields),
    );
    assert.equal((await landing('/rea')).published, true, 'served until its end');
  });
});
