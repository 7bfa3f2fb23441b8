/**
 * The cart: its lines as cart-page answers them (current titles and prices), quantities, and cart-page's
 * recommendations. The demo checkout asks for nothing but a click, and sends this service's `purchase`
 * notification with the lines bought.
 */
import type { CartPage as CartPageAnswer } from '@apptus/esales-api';
import { useState } from 'preact/hooks';
import { notifyPurchase } from '../api';
import { clearCart, setQuantity, useCart, type CartLine } from '../cart';
import { formatPrice } from '../format';
import { followLink, navigate } from '../history';
import { useShop } from '../shop';
import { useQuery } from '../useQuery';
import { Recommendations } from './Recommendations';

export function CartPage() {
  const shop = useShop();
  const lines = useCart(shop.market);
  const keys = lines.map((l) => l.variantKey);
  const query = useQuery<CartPageAnswer | null>(JSON.stringify([shop.market, shop.locale, keys]), () =>
    keys.length ? shop.api.query.cartPage({ cart: keys }, { recommendationLists: [{ id: 'cart', algorithm: 'CART', limit: 8 }] }) : Promise.resolve(null),
  );
  const total = lines.reduce((sum, l) => sum + l.sellingPrice * l.quantity, 0);
  const checkout = shop.href({ kind: 'checkout' });
  return (
    <main class="page cart-page">
      <h1>{shop.text.cartHeading}</h1>
      {!lines.length ? (
        <p>{shop.text.cartEmpty}</p>
      ) : (
        <>
          <CartLines lines={lines} editable />
          <p class="cart-total">
            {shop.text.total} <strong>{formatPrice(total, shop.locale, shop.currency)}</strong>
          </p>
          <a class="button primary" href={checkout} onClick={(e) => followLink(e, checkout)}>
            {shop.text.goToCheckout}
          </a>
        </>
      )}
      {query.data && <Recommendations lists={query.data.recommendationLists} />}
    </main>
  );
}

function CartLines({ lines, editable }: { lines: CartLine[]; editable?: boolean }) {
  const shop = useShop();
  return (
    <ul class="cart-lines" aria-label={shop.text.cartLines}>
      {lines.map((l) => {
        const href = shop.href({ kind: 'product', productKey: l.productKey, variantKey: l.variantKey }, l.link);
        return (
          <li key={l.variantKey} class="cart-line">
            {l.image && <img src={l.image} alt="" width={64} height={80} />}
            <div>
              <a href={href} onClick={(e) => followLink(e, href)}>
                {l.title}
              </a>
              {l.size && <span class="muted"> · {l.size}</span>}
              <p class="muted">{formatPrice(l.sellingPrice, shop.locale, shop.currency)}</p>
            </div>
            {editable ? (
              <label class="quantity">
                <span class="visually-hidden">{shop.text.quantityOf(l.title)}</span>
                <input
                  type="number"
                  min={0}
                  max={99}
                  value={l.quantity}
                  onChange={(e) => setQuantity(shop.market, l.variantKey, Math.max(0, Math.min(99, Number(e.currentTarget.value) || 0)))}
                />
              </label>
            ) : (
              <span>× {l.quantity}</span>
            )}
            {editable && (
              <button type="button" class="link-button" onClick={() => setQuantity(shop.market, l.variantKey, 0)} aria-label={shop.text.removeTitle(l.title)}>
                {shop.text.remove}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export function CheckoutPage() {
  const shop = useShop();
  const lines = useCart(shop.market);
  const [state, setState] = useState<'idle' | 'sending' | 'failed'>('idle');
  const total = lines.reduce((sum, l) => sum + l.sellingPrice * l.quantity, 0);
  const placeOrder = async (e: Event) => {
    e.preventDefault();
    setState('sending');
    try {
      await notifyPurchase(
        shop.market,
        lines.map((l) => ({ variantKey: l.variantKey, quantity: l.quantity, sellingPrice: l.sellingPrice })),
      );
      clearCart(shop.market);
      navigate(shop.href({ kind: 'thanks', order: String(Date.now()).slice(-6) }));
    } catch {
      setState('failed');
    }
  };
  if (!lines.length)
    return (
      <main class="page">
        <h1>{shop.text.checkout}</h1>
        <p>{shop.text.cartEmpty}</p>
      </main>
    );
  return (
    <main class="page checkout">
      <h1>{shop.text.checkout}</h1>
      <p class="notice">{shop.text.demoCheckout}</p>
      <CartLines lines={lines} />
      <form onSubmit={placeOrder}>
        <label>
          {shop.text.email} <input type="email" name="email" autoComplete="email" placeholder="you@example.com" />
        </label>
        <p class="cart-total">
          {shop.text.total} <strong>{formatPrice(total, shop.locale, shop.currency)}</strong>
        </p>
        <button type="submit" class="primary" disabled={state === 'sending'}>
          {shop.text.placeOrder}
        </button>
        {state === 'failed' && <p role="alert">{shop.text.orderFailed}</p>}
      </form>
    </main>
  );
}

export function ThanksPage({ order }: { order?: string }) {
  const shop = useShop();
  const home = shop.href({ kind: 'landing', path: '/', page: 1, facets: {} });
  return (
    <main class="page">
      <h1>{shop.text.thanks}</h1>
      {order && <p>{shop.text.orderNumber(order)}</p>}
      <a href={home} onClick={(e) => followLink(e, home)}>
        {shop.text.continueShopping}
      </a>
    </main>
  );
}
