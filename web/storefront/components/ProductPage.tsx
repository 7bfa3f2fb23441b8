/**
 * A product page: product-page for the URL's product key, its colours (the group's products) and sizes
 * (variants) with stock, images, list and selling price, badges, and the page's recommendation lists. "Add to
 * cart" sends the variant's add-to-cart notification through the client and opens the add-to-cart popup.
 */
import type { Product, ProductPage as ProductPageAnswer, Variant } from '@apptus/esales-api';
import { useEffect, useRef, useState } from 'preact/hooks';
import { notifyClick } from '../api';
import { addToCart } from '../cart';
import { knownColourNames } from '../colours';
import { colourName, formatPrice } from '../format';
import { type Route } from '../route';
import { followLink, navigate } from '../history';
import { useShop } from '../shop';
import { useQuery } from '../useQuery';
import { AddToCartPopup } from './AddToCartPopup';
import { Badges } from './Badges';
import { productHref } from './ProductCard';
import { sourceFor } from './ProductImage';
import { Recommendations } from './Recommendations';

type ProductRoute = Extract<Route, { kind: 'product' }>;

const FAVOURITES = 'open-elevate.favourites';

function isFavourite(key: string): boolean {
  try {
    return (JSON.parse(localStorage.getItem(FAVOURITES) ?? '[]') as string[]).includes(key);
  } catch {
    return false;
  }
}

function setFavourite(key: string, on: boolean): void {
  let keys: string[] = [];
  try {
    keys = JSON.parse(localStorage.getItem(FAVOURITES) ?? '[]') as string[];
  } catch {
    /* start again */
  }
  localStorage.setItem(FAVOURITES, JSON.stringify(on ? [...new Set([...keys, key])] : keys.filter((k) => k !== key)));
}

export function ProductPage({ route }: { route: ProductRoute }) {
  const shop = useShop();
  const key = JSON.stringify([shop.market, shop.locale, route.productKey]);
  const query = useQuery<ProductPageAnswer>(key, () =>
    shop.api.query.productPage(
      { productKey: route.productKey },
      {
        productGroup: { include: true },
        recommendationLists: [
          { id: 'alternatives', algorithm: 'ALTERNATIVES', limit: 8 },
          { id: 'style-with', algorithm: 'STYLE_WITH', limit: 8 },
          { id: 'upsell', algorithm: 'UPSELL', limit: 8 },
          { id: 'recently-viewed', algorithm: 'RECENTLY_VIEWED', limit: 8 },
        ],
      },
    ),
  );
  const answer = query.data;
  const t = shop.text;
  if (query.error)
    return (
      <main class="page">
        <h1>{t.product}</h1>
        <p role="alert">
          {t.productFailed} {query.error}
        </p>
      </main>
    );
  if (!answer)
    return (
      <main class="page" aria-busy="true">
        <p class="muted">{t.loading}</p>
      </main>
    );
  const group = answer.productGroup;
  const product = group?.products.find((p) => p.key === route.productKey);
  if (!group || !product)
    return (
      <main class="page">
        <h1>{t.productNotFound}</h1>
        <p>{t.notSoldHere}</p>
      </main>
    );
  return (
    <main class="page product-page">
      <ProductDetails key={product.key} product={product} siblings={group.products} variantKey={route.variantKey} />
      <Recommendations lists={answer.recommendationLists} />
    </main>
  );
}

function ProductDetails({ product, siblings, variantKey }: { product: Product; siblings: Product[]; variantKey?: string }) {
  const shop = useShop();
  const t = shop.text;
  // Named as the shopper's listings named these colours, else as the image's alt text does.
  const names = knownColourNames(`${shop.market}/${shop.locale}`);
  const [image, setImage] = useState(0);
  const [favourite, setFav] = useState(() => isFavourite(product.key));
  const [added, setAdded] = useState<Variant | null>(null);
  const [missingSize, setMissingSize] = useState(false);
  const sizeRef = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    setImage(0);
    setFav(isFavourite(product.key));
  }, [product.key]);
  // The product's own link in this locale (after a change of language the URL still has the other's).
  useEffect(() => {
    if (new URL(product.link, location.origin).pathname !== location.pathname) {
      navigate(shop.href({ kind: 'product', productKey: product.key, variantKey }, product.link), { replace: true });
    }
  }, [product.link]);
  const single = product.variants.length === 1 ? product.variants[0] : undefined;
  const variant = product.variants.find((v) => v.key === variantKey) ?? single;
  const price = variant ? { selling: variant.sellingPrice, list: variant.listPrice } : { selling: product.sellingPrice.min, list: product.listPrice.min };
  const images = product.imageInfo.images;
  const main = sourceFor(images[image], 800);

  const chooseVariant = (v: Variant) => {
    setMissingSize(false);
    navigate(shop.href({ kind: 'product', productKey: product.key, variantKey: v.key }, product.link), { replace: true });
  };
  const add = () => {
    if (!variant) {
      setMissingSize(true);
      sizeRef.current?.querySelector('input')?.focus();
      return;
    }
    shop.api.notify.addToCart(variant.ticket).catch(() => undefined);
    addToCart(shop.market, {
      variantKey: variant.key,
      productKey: product.key,
      title: product.title,
      size: variant.label ?? variant.size,
      sellingPrice: variant.sellingPrice,
      image: sourceFor(images[0], 400),
      link: product.link,
    });
    setAdded(variant);
  };
  const toggleFavourite = () => {
    const on = !favourite;
    (on ? shop.api.notify.addFavorite(product.key) : shop.api.notify.removeFavorite(product.key)).catch(() => undefined);
    setFavourite(product.key, on);
    setFav(on);
  };

  return (
    <article class="product">
      <div class="gallery">
        <div class="main-image">
          {main ? (
            <img src={main} alt={images[image]?.alt ?? product.title} width={400} height={500} />
          ) : (
            <div class="no-image" role="img" aria-label={t.noImage} />
          )}
          <Badges product={product} />
        </div>
        {images.length > 1 && (
          <ul class="thumbnails" aria-label={t.images}>
            {images.map((img, i) => (
              <li key={i}>
                <button type="button" aria-label={t.image(i + 1)} aria-pressed={i === image} onClick={() => setImage(i)}>
                  <img src={sourceFor(img, 100)} alt="" width={80} height={100} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div class="buy">
        {product.brand && <p class="brand">{product.brand}</p>}
        <h1>{product.title}</h1>
        <p class="price big">
          <span class={price.selling < price.list ? 'selling sale' : 'selling'}>{formatPrice(price.selling, shop.locale, shop.currency)}</span>
          {price.selling < price.list && <s class="list">{formatPrice(price.list, shop.locale, shop.currency)}</s>}
        </p>
        {siblings.length > 1 && (
          <nav class="colours" aria-label={t.colours}>
            {colourName(product, names) && <p class="colour-name">{colourName(product, names)}</p>}
            <ul>
              {siblings.map((p) => {
                const href = productHref(shop, p);
                return (
                  <li key={p.key}>
                    <a
                      href={href}
                      aria-current={p.key === product.key ? 'true' : undefined}
                      title={colourName(p, names) ?? p.title}
                      onClick={(e) => {
                        if (p.key !== product.key) notifyClick(shop.api, p.ticket);
                        followLink(e, href);
                      }}
                    >
                      <span class="swatch-dot" style={{ background: p.swatch.colors[0] ?? '#ccc' }} />
                      <span class="visually-hidden">{colourName(p, names) ?? p.title}</span>
                    </a>
                  </li>
                );
              })}
            </ul>
          </nav>
        )}
        {product.variants.length > 1 && (
          <fieldset class="sizes" ref={sizeRef} aria-invalid={missingSize || undefined}>
            <legend>{t.size}</legend>
            {product.variants.map((v) => (
              <label key={v.key} class={v.inStock ? 'size' : 'size out'}>
                <input type="radio" name="size" value={v.key} checked={v.key === variant?.key} disabled={!v.inStock} onChange={() => chooseVariant(v)} />
                <span>{v.label ?? v.size ?? v.key}</span>
              </label>
            ))}
            {missingSize && (
              <p role="alert" class="error">
                {t.chooseSize}
              </p>
            )}
          </fieldset>
        )}
        <p class={variant ? (variant.inStock ? 'stock in' : 'stock out') : 'stock'}>
          {variant
            ? variant.inStock
              ? variant.stockNumber <= 5
                ? t.onlyLeft(variant.stockNumber)
                : t.inStock
              : t.outOfStock
            : product.inStock
              ? t.inStockSomeSizes
              : t.outOfStock}
        </p>
        <div class="actions">
          <button type="button" class="primary" onClick={add} disabled={variant ? !variant.inStock : !product.inStock}>
            {t.addToCart}
          </button>
          <button type="button" class="secondary" aria-pressed={favourite} onClick={toggleFavourite}>
            {favourite ? t.removeFavourite : t.addFavourite}
          </button>
        </div>
        {product.description && <p class="description">{product.description}</p>}
      </div>
      {added && <AddToCartPopup product={product} variant={added} onClose={() => setAdded(null)} />}
    </article>
  );
}
