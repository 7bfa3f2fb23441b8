/**
 * Paths on the shop's own domain. A path starting with "/" stays on the site unless its next character leads
 * off it: browsers read "//host/..." as another site's address, and "/\host/..." too (they take "\" for "/"
 * in http(s) URLs, and drop tabs and newlines before that), which is how a link checked only for its leading
 * "/" sent the storefront's menu to another site (issue 38). Every "path on our own domain" check goes
 * through here: navigation links, page paths, phrase-rule redirects, product and content URLs, list links.
 */

/** The start of a text that begins with "/" and yet names another site: "//", "/\", with tabs or newlines between. */
export const OFF_SITE_START = /^\/[\t\n\r]*[/\\]/;

/** Whether `text` is a path on the shop's own domain: a "/" that does not lead off the site. */
export function isOwnDomainPath(text: string): boolean {
  return text.startsWith('/') && !OFF_SITE_START.test(text);
}

/** Regular-expression source of an own-domain path without whitespace, for patterns that also accept full URLs. */
export const OWN_DOMAIN_PATH_PATTERN = String.raw`\/(?![/\\])\S*`;
