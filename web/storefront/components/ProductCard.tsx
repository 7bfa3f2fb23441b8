/**
 * One product of a list: image, badges, brand, title, price and colour swatches. The title is the card's link
 * (a link named by the product's title); the image links to the same page but is left out of the tab order
 * and of the accessibility tree, so each product is one link. A click sends the product's ticket.
 */
import type { Product, ProductGroup } from '@apptus/esales-api';
import { notifyClick } from '../api';
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { colourName, priceText } from '../format';
import { followLink } from '../history';
import { useShop } from '../shop';
import { Badges } from './Badges';
import { ProductImage } from './ProductImage';

export function productHref(shop: ReturnType<typeof useShop>, product: Product, variantKey?: string): string {
  return shop.href({ kind: 'product', productKey: product.key, variantKey }, product.link);
}

/** Colour names by swatch colour (lower-case hex), from the list's colour facet in the locale. */
export const ColourNames = createContext<ReadonlyMap<string, string>>(new Map());

export function ProductCard({ group }: { group: ProductGroup }) {
  const shop = useShop();
  const names = useContext(ColourNames);
  const product = group.products[0];
  if (!product) return null;
  // A group without suppressDuplicates is listed once per matching colour: each card names the colour it shows.
  const colour = group.products.length > 1 ? colourName(product, names) : undefined;
  const href = productHref(shop, product);
  const open = (event: MouseEvent) => {
    notifyClick(shop.api, product.ticket);
    followLink(event, href);
  };
  const onSale = product.sellingPrice.min < product.listPrice.min;
  return (
    <article class="card">
      <a class="card-image" href={href} onClick={open} tabIndex={-1} aria-hidden="true">
        <ProductImage product={product} width={400} hover />
        <Badges product={product} />
      </a>
      <div class="card-body">
        {product.brand && <p class="brand">{product.brand}</p>}
        <h3 class="card-title">
          <a href={href} onClick={open}>
            {product.title}
          </a>
        </h3>
        {colour && <p class="card-colour">{colour}</p>}
        <p class="price">
          <span class={onSale ? 'selling sale' : 'selling'}>{priceText(product.sellingPrice, shop.locale, shop.currency, shop.text)}</span>
          {onSale && <s class="list">{priceText(product.listPrice, shop.locale, shop.currency, shop.text)}</s>}
        </p>
        {group.products.length > 1 && (
          <ul class="swatches" aria-label={shop.text.colourCount(group.products.length)}>
            {group.products.slice(0, 6).map((p) => (
              <Swatch key={p.key} product={p} name={colourName(p, names)} />
            ))}
          </ul>
        )}
        {!product.inStock && <p class="stock out">{shop.text.outOfStock}</p>}
      </div>
    </article>
  );
}

function Swatch({ product, name }: { product: Product; name?: string }) {
  const colour = product.swatch.colors[0];
  return (
    <li class="swatch" title={name} style={colour ? { background: colour } : undefined}>
      {name && <span class="visually-hidden">{name}</span>}
    </li>
  );
}

export function ProductGrid({ groups, label }: { groups: ProductGroup[]; label: string }) {
  return (
    <ul class="grid" aria-label={label}>
      {groups.map((g) => (
        <li key={g.key}>
          <ProductCard group={g} />
        </li>
      ))}
    </ul>
  );
}
