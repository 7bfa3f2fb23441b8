/**
 * One product of a list: image, badges, brand, title, price and colour swatches. The title is the card's link
 * (a link named by the product's title); the image links to the same page but is left out of the tab order
 * and of the accessibility tree, so each product is one link. A click sends the product's ticket.
 */
import type { Product, ProductGroup } from '@apptus/esales-api';
import { notifyClick } from '../api';
import { priceText } from '../format';
import { followLink } from '../history';
import { useShop } from '../shop';
import { Badges } from './Badges';
import { ProductImage } from './ProductImage';

export function productHref(shop: ReturnType<typeof useShop>, product: Product, variantKey?: string): string {
  return shop.href({ kind: 'product', productKey: product.key, variantKey }, product.link);
}

export function ProductCard({ group }: { group: ProductGroup }) {
  const shop = useShop();
  const product = group.products[0];
  if (!product) return null;
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
        <h3 class="card-title"><a href={href} onClick={open}>{product.title}</a></h3>
        <p class="price">
          <span class={onSale ? 'selling sale' : 'selling'}>{priceText(product.sellingPrice, shop.locale, shop.currency)}</span>
          {onSale && <s class="list">{priceText(product.listPrice, shop.locale, shop.currency)}</s>}
        </p>
        {group.products.length > 1 && (
          <ul class="swatches" aria-label={`${group.products.length} colours`}>
            {group.products.slice(0, 6).map((p) => <Swatch key={p.key} product={p} />)}
          </ul>
        )}
        {!product.inStock && <p class="stock out">Out of stock</p>}
      </div>
    </article>
  );
}

function Swatch({ product }: { product: Product }) {
  const colour = product.swatch.colors[0];
  return <li class="swatch" title={product.title} style={colour ? { background: colour } : undefined} />;
}

export function ProductGrid({ groups, label }: { groups: ProductGroup[]; label: string }) {
  return (
    <ul class="grid" aria-label={label}>
      {groups.map((g) => <li key={g.key}><ProductCard group={g} /></li>)}
    </ul>
  );
}
