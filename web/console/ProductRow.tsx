/** One product in a console list: position, image, title and key, and why it stands where it does. */
import type { ComponentChildren } from 'preact';
import type { ExplainedGroup, Reason } from './api';

function effectText(reason: Reason): string {
  return typeof reason.effect === 'number' ? (Number.isInteger(reason.effect) ? String(reason.effect) : reason.effect.toFixed(3)) : reason.effect;
}

export function Reasons({ reasons }: { reasons: Reason[] }) {
  if (!reasons.length) return <p class="muted">No reasons given</p>;
  return (
    <ul class="reasons" aria-label="Reasons">
      {reasons.map((r, i) => (
        <li key={i} class={`reason reason-${r.kind}`}>
          <span class="reason-kind">{r.kind}</span> <span class="reason-label">{r.label}</span> <span class="reason-effect">{effectText(r)}</span>
        </li>
      ))}
    </ul>
  );
}

export function ProductRow({ group, position, children, badge }: { group: ExplainedGroup; position: number; children?: ComponentChildren; badge?: string }) {
  const product = group.products[0];
  if (!product) return null;
  const image = product.imageInfo.images[0]?.sources[0]?.url;
  return (
    <article class="product-row" aria-label={product.title}>
      <span class="position" aria-label={`Position ${position}`}>{position}</span>
      {image ? <img src={image} alt="" width={48} height={60} /> : <span class="no-image" />}
      <div class="product-text">
        <strong>{product.title}</strong> {badge && <span class="tag">{badge}</span>}
        <p class="muted">{product.key}{product.brand ? ` · ${product.brand}` : ''}</p>
        {group.explanation && <Reasons reasons={group.explanation} />}
      </div>
      <div class="row-actions">{children}</div>
    </article>
  );
}
