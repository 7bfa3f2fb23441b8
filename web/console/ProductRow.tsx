/** One product in a console list: position, image, title and key, and why it stands where it does. */
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { ExplainedGroup, Reason, Understanding } from './api';
import { explanationSentences, percentText } from './explainText';

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

/** Why a product stands where it does, in sentences with each scoring part's share as a bar; the scores one click away. */
export function Explanation({ reasons, understanding, phrase, title }: { reasons: Reason[]; understanding?: Understanding; phrase?: string; title: string }) {
  const [scores, setScores] = useState(false);
  const sentences = explanationSentences(reasons, { understanding, phrase });
  return (
    <div class="explanation">
      <ul class="why" aria-label={`Why ${title} is here`}>
        {sentences.map((s, i) => (
          <li key={i}>
            <span class="why-text">{s.text}</span>
            {s.share !== undefined && (
              <span class="why-share">
                <meter min={0} max={1} value={s.share} aria-label={`${s.text}: share of the score`} />
                <span class="why-percent">{percentText(s.share)}</span>
              </span>
            )}
          </li>
        ))}
      </ul>
      <button type="button" class="link-button" aria-expanded={scores} onClick={() => setScores(!scores)}>
        {scores ? 'Hide scores' : 'Show scores'}
      </button>
      {scores && <Reasons reasons={reasons} />}
    </div>
  );
}

export function ProductRow({
  group,
  position,
  children,
  badge,
  understanding,
  phrase,
}: {
  group: ExplainedGroup;
  position: number;
  children?: ComponentChildren;
  badge?: string;
  understanding?: Understanding;
  phrase?: string;
}) {
  const product = group.products[0];
  if (!product) return null;
  const image = product.imageInfo.images[0]?.sources[0]?.url;
  return (
    <article class="product-row" aria-label={product.title}>
      <span class="position" aria-label={`Position ${position}`}>
        {position}
      </span>
      {image ? <img src={image} alt="" width={48} height={60} /> : <span class="no-image" />}
      <div class="product-text">
        <strong>{product.title}</strong> {badge && <span class="tag">{badge}</span>}
        <p class="muted">
          {product.key}
          {product.brand ? ` · ${product.brand}` : ''}
        </p>
        {group.explanation && <Explanation reasons={group.explanation} understanding={understanding} phrase={phrase} title={product.title} />}
      </div>
      <div class="row-actions">{children}</div>
    </article>
  );
}
