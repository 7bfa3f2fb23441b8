/**
 * Bundles the browser pages under web/ (TypeScript + Preact) with esbuild into dist/web/<page>/: one script
 * and one stylesheet per page, named by content hash so the service can cache them for a year, and the page's
 * index.html pointing at them (served with no-cache). Prints each bundle's size, raw and gzip.
 *
 *   tsx scripts/build-web.ts            build every page once (npm start, npm test, the browser tests)
 *   tsx scripts/build-web.ts --watch    rebuild on change while working on a page
 *
 * With NODE_ENV=production the bundles get no source maps (the service does not serve them then either).
 */
import { build, context, type BuildOptions } from 'esbuild';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const ROOT = resolve(__dirname, '..');
const OUT = join(ROOT, 'dist', 'web');
/** Each page: its folder under web/ (entry main.tsx, styles main.css, index.html). */
export const PAGES = ['storefront', 'analytics', 'console'] as const;

function options(page: string): BuildOptions {
  return {
    entryPoints: { main: join(ROOT, 'web', page, 'main.tsx') },
    outdir: join(OUT, page, 'assets'),
    entryNames: '[name]-[hash]',
    bundle: true,
    minify: true,
    sourcemap: process.env.NODE_ENV === 'production' ? false : 'linked',
    format: 'esm',
    target: ['es2022'],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    metafile: true,
    legalComments: 'linked',
    logLevel: 'warning',
  };
}

/** Writes index.html with the hashed names of the page's script and stylesheet. */
function writeHtml(page: string, outputs: string[]): void {
  const script = outputs.find((f) => f.endsWith('.js'));
  const style = outputs.find((f) => f.endsWith('.css'));
  if (!script) throw new Error(`no script was built for ${page}`);
  let html = readFileSync(join(ROOT, 'web', page, 'index.html'), 'utf8');
  html = html.replace('%SCRIPT%', `/${page === 'storefront' ? '' : page + '/'}assets/${basename(script)}`);
  html = html.replace('%STYLE%', style ? `/${page === 'storefront' ? '' : page + '/'}assets/${basename(style)}` : '');
  writeFileSync(join(OUT, page, 'index.html'), html);
}

async function buildPage(page: string): Promise<{ page: string; bytes: number; gzipBytes: number }> {
  rmSync(join(OUT, page), { recursive: true, force: true });
  mkdirSync(join(OUT, page, 'assets'), { recursive: true });
  const result = await build(options(page));
  const outputs = Object.keys(result.metafile!.outputs).map((f) => resolve(ROOT, f));
  writeHtml(page, outputs);
  const js = outputs.filter((f) => f.endsWith('.js')).map((f) => readFileSync(f));
  const bytes = js.reduce((n, b) => n + b.length, 0);
  const gzipBytes = js.reduce((n, b) => n + gzipSync(b).length, 0);
  return { page, bytes, gzipBytes };
}

/** Builds every page once; answers each page's script size (the browser tests report it). */
export async function buildWeb(): Promise<{ page: string; bytes: number; gzipBytes: number }[]> {
  const built = [];
  for (const page of PAGES) built.push(await buildPage(page));
  return built;
}

async function main(): Promise<void> {
  if (process.argv.includes('--watch')) {
    for (const page of PAGES) {
      const ctx = await context({
        ...options(page),
        plugins: [
          {
            name: 'html',
            setup: (b) =>
              b.onEnd((r) => {
                if (r.metafile)
                  writeHtml(
                    page,
                    Object.keys(r.metafile.outputs).map((f) => resolve(ROOT, f)),
                  );
              }),
          },
        ],
      });
      await ctx.watch();
    }
    console.log('watching web/ ...');
    return;
  }
  for (const { page, bytes, gzipBytes } of await buildWeb()) {
    console.log(`web/${page}: ${(bytes / 1024).toFixed(1)} KB script, ${(gzipBytes / 1024).toFixed(1)} KB gzip`);
  }
}

if (require.main === module)
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
