/** The dialog after "Add to cart": what was added, and add-to-cart-popup's recommendations for it. */
import type { AddToCartPopup as PopupAnswer, Product, Variant } from '@apptus/esales-api';
import { useEffect, useRef } from 'preact/hooks';
import { formatPrice } from '../format';
import { followLink } from '../history';
import { useShop } from '../shop';
import { useQuery } from '../useQuery';
import { Recommendations } from './Recommendations';

export function AddToCartPopup({ product, variant, onClose }: { product: Product; variant: Variant; onClose: () => void }) {
  const shop = useShop();
  const dialog = useRef<HTMLDialogElement>(null);
  const query = useQuery<PopupAnswer>(JSON.stringify([shop.market, variant.key]), () =>
    shop.api.query.addToCartPopup({ variantKey: variant.key }, [{ id: 'add-to-cart-recs', algorithm: 'ADD_TO_CART_RECS', limit: 4 }]),
  );
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);
  const cart = shop.href({ kind: 'cart' });
  return (
    <dialog ref={dialog} class="popup" aria-labelledby="added-heading" onClose={onClose}>
      <div class="popup-head">
        <h2 id="added-heading">{shop.text.addedToCart}</h2>
        <button type="button" class="icon" aria-label={shop.text.close} onClick={() => dialog.current?.close()}>
          ×
        </button>
      </div>
      <p>
        <strong>{product.title}</strong>
        {variant.label ? `, ${variant.label}` : ''} · {formatPrice(variant.sellingPrice, shop.locale, shop.currency)}
      </p>
      <div class="actions">
        <a
          class="button primary"
          href={cart}
          onClick={(e) => {
            dialog.current?.close();
            followLink(e, cart);
          }}
        >
          {shop.text.goToCart}
        </a>
        <button type="button" class="secondary" onClick={() => dialog.current?.close()}>
          {shop.text.continueShopping}
        </button>
      </div>
      {query.data ? <Recommendations lists={query.data.recommendationLists} /> : query.loading && <p class="muted">{shop.text.findingMatches}</p>}
    </dialog>
  );
}
