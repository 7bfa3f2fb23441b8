/**
 * The browser tests' world: the real service in-process on the test node with the sample catalog (its images
 * pointing at the service), the pages built by esbuild, and Debian's Chromium driven by playwright-core.
 * Tests select what a visitor sees: roles and accessible names.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { loadSampleCatalogIfEmpty } from '../../src/sample/loadSample';
import { buildWeb } from '../../scripts/build-web';
import { startService, type TestService } from '../http/harness';
import { DEFAULT_BEHAVIOUR_OPTIONS, type Config } from '../../src/kernel/config';
import type { TextEmbedder } from '../../src/embedding/types';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface BrowserWorld {
  service: TestService;
  browser: Browser;
  bundles: { page: string; bytes: number; gzipBytes: number }[];
  close(): Promise<void>;
}

/** The world of a test file: the sample catalog by default, or what `load` imports into the fresh service. */
/** `embedder`: search by meaning with this model (a fake one: ../fixtures/fakeEmbedder.ts); none by default. */
export async function startWorld(
  load?: (service: TestService) => Promise<void>,
  overrides: Partial<Config> = {},
  embedder?: TextEmbedder,
): Promise<BrowserWorld> {
  const bundles = await buildWeb();
  // Behaviour is written every 200 ms so the events a test sends are in the index soon after.
  const service = await startService(
    { behaviour: { ...DEFAULT_BEHAVIOUR_OPTIONS, flushIntervalMs: 200, popularityIntervalMs: 0, coOccurrenceIntervalMs: 0 }, ...overrides },
    embedder ? { embedder } : {},
  );
  if (load) await load(service);
  else await loadSampleCatalogIfEmpty(service.context, { imageBaseUrl: `${service.url}/images/sample` });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    // The flags this sandbox needs: no GPU, no sandbox as root, and no background calls home (the network refuses them).
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    service,
    browser,
    bundles,
    close: async () => {
      await browser.close();
      await service.close();
    },
  };
}

/**
 * A new visitor (own storage, so an own customer and session key) at 1280×800 or 390×844. Dialogs (alert,
 * confirm) are recorded and dismissed (accepted with `acceptDialogs`), so a test can assert none opened: a
 * catalog string must never run as script.
 */
export async function newVisitor(
  world: BrowserWorld,
  size: 'desktop' | 'phone' = 'desktop',
  options: { acceptDialogs?: boolean } = {},
): Promise<{ page: Page; dialogs: string[]; adminKeySent: string[] }> {
  const context = await world.browser.newContext({
    viewport: size === 'desktop' ? { width: 1280, height: 800 } : { width: 390, height: 844 },
    baseURL: world.service.url,
  });
  const page = await context.newPage();
  const dialogs: string[] = [];
  const adminKeySent: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    (options.acceptDialogs ? d.accept() : d.dismiss()).catch(() => undefined);
  });
  page.on('request', (r) => {
    if (r.headers()['api-key'] !== undefined || /api-?key/i.test(r.url())) adminKeySent.push(r.url());
  });
  page.setDefaultTimeout(15_000);
  return { page, dialogs, adminKeySent };
}

/** Waits until `check` passes (or throws its last error after `ms`). */
export async function eventually<T>(check: () => Promise<T>, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
