/**
 * Serving the browser pages built by scripts/build-web.ts into dist/web/<page>/: their HTML (never cached, so a
 * new build is picked up at once) and their content-hashed assets (cached for a year). Every page answer
 * carries a strict Content-Security-Policy: scripts and styles of this origin only, no inline script, and
 * fetches to this origin only. Images may come from anywhere a catalog puts them (a shop's image CDN).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, sep } from 'node:path';

export const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' https: http: data:",
  "connect-src 'self'",
  "font-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

/** The folder holding dist/web: found from this file upwards (src/http/web under tsx, dist/src/http/web when built). */
export function webRoot(): string {
  for (let dir = __dirname; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return join(dir, 'dist', 'web');
    if (dirname(dir) === dir) return join(process.cwd(), 'dist', 'web');
  }
}

export interface StaticFile {
  body: Buffer;
  type: string;
}

/** One built page: its index.html and the files under its assets/ folder. */
export class BuiltPage {
  private html: Buffer | undefined;
  private htmlMtime = 0;
  constructor(private readonly folder: string) {}

  /** index.html, re-read when a new build replaced it; undefined when the page was never built. */
  index(): Buffer | undefined {
    const file = join(this.folder, 'index.html');
    if (!existsSync(file)) return undefined;
    const mtime = statSync(file).mtimeMs;
    if (!this.html || mtime !== this.htmlMtime) {
      this.html = readFileSync(file);
      this.htmlMtime = mtime;
    }
    return this.html;
  }

  /** A file of assets/ by its name; undefined for anything else (no path may leave the folder). */
  asset(name: string): StaticFile | undefined {
    const assets = join(this.folder, 'assets');
    const file = normalize(join(assets, name));
    if (!file.startsWith(assets + sep) || !existsSync(file) || !statSync(file).isFile()) return undefined;
    const ext = file.slice(file.lastIndexOf('.'));
    const type = TYPES[ext];
    return type ? { body: readFileSync(file), type } : undefined;
  }
}
