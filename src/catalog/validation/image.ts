/**
 * Image and ImageData, on products (`images` map) and on content (`image`). Content images take neither
 * `typeInitial`/`typeOverride` nor `tags`.
 */
import { absoluteUrl } from './attributes';
import { type Scope, arrayOfStrings, at, kindOf, map, num, obj, required, str } from './checks';
import { localeValues, marketValues, overrides } from './markets';

const IMAGE_FIELDS = ['defaults', 'overrides', 'limitedLocales', 'limitedMarkets', 'order', 'typeInitial', 'typeOverride'];
const IMAGE_DATA_FIELDS = ['urls', 'alt', 'caption', 'customData', 'tags'];
const IMAGE_TYPES = ['model', 'cutout', 'misc'];
const NOT_ON_CONTENT = 'not allowed on content images';
/** Image customData names: 1 to 100 letters, digits, `-`, `_`. */
const IMAGE_CUSTOM_NAME = /^[\p{L}\p{Nd}_-]{1,100}$/u;

export interface ImageKind {
  /** The image of a content item rather than of a product. */
  content: boolean;
}

export function image(s: Scope, path: string, v: unknown, kind: ImageKind): void {
  const refused: Record<string, string> = kind.content ? { typeInitial: NOT_ON_CONTENT, typeOverride: NOT_ON_CONTENT } : {};
  const o = obj(s, path, v, kind.content ? IMAGE_FIELDS.filter((f) => !(f in refused)) : IMAGE_FIELDS, refused);
  if (!o) return;
  required(s, path, o, 'defaults');
  if (o.defaults !== undefined) imageData(s, at(path, 'defaults'), o.defaults, { ...kind, isDefaults: true });
  overrides(s, at(path, 'overrides'), o.overrides, (data, p) => imageData(s, p, data, { ...kind, isDefaults: false }));
  localeValues(s, at(path, 'limitedLocales'), o.limitedLocales);
  marketValues(s, at(path, 'limitedMarkets'), o.limitedMarkets);
  num(s, at(path, 'order'), o.order, { integer: true });
  if (!kind.content) for (const f of ['typeInitial', 'typeOverride']) imageType(s, at(path, f), o[f]);
}

function imageType(s: Scope, path: string, v: unknown): void {
  const type = str(s, path, v);
  if (type !== undefined && !IMAGE_TYPES.includes(type)) s.problems.add(path, `must be "model", "cutout" or "misc" (got "${type}")`);
}

function imageData(s: Scope, path: string, v: unknown, kind: ImageKind & { isDefaults: boolean }): void {
  const refused: Record<string, string> = kind.content ? { tags: NOT_ON_CONTENT } : {};
  const o = obj(s, path, v, kind.content ? IMAGE_DATA_FIELDS.filter((f) => f !== 'tags') : IMAGE_DATA_FIELDS, refused);
  if (!o) return;
  if (kind.isDefaults) required(s, path, o, 'urls');
  urls(s, at(path, 'urls'), o.urls);
  str(s, at(path, 'alt'), o.alt);
  str(s, at(path, 'caption'), o.caption);
  map(s, at(path, 'customData'), o.customData, {
    key: (k, p) => {
      if (!IMAGE_CUSTOM_NAME.test(k))
        s.problems.add(p, `image custom data name must be 1 to 100 letters, digits, "-" or "_" (got ${k.length} characters: "${k.slice(0, 40)}")`);
    },
    value: (text, p) => str(s, p, text),
  });
  if (!kind.content) arrayOfStrings(s, at(path, 'tags'), o.tags);
}

/** `urls`: at least one UrlMeta `{url, widthInitial?, heightInitial?}` (heightInitial: ours, answered as `height`). */
function urls(s: Scope, path: string, v: unknown): void {
  if (v === undefined) return;
  if (!Array.isArray(v)) {
    s.problems.add(path, `must be an array of {url, widthInitial} (got ${kindOf(v)})`);
    return;
  }
  if (v.length === 0) s.problems.add(path, 'must have at least one url');
  v.forEach((item: unknown, i) => {
    const p = at(path, i);
    const o = obj(s, p, item, ['url', 'widthInitial', 'heightInitial']);
    if (!o) return;
    if (o.url === undefined) s.problems.add(at(p, 'url'), 'required');
    absoluteUrl(s, at(p, 'url'), o.url);
    num(s, at(p, 'widthInitial'), o.widthInitial, { min: 1, integer: true });
    num(s, at(p, 'heightInitial'), o.heightInitial, { min: 1, integer: true });
  });
}
