/** Market, locale and touchpoint of a preview. */
import type { Where } from './api';
import { useMarkets } from './markets';

export function WherePicker({ where, onChange }: { where: Where; onChange: (w: Where) => void }) {
  const markets = useMarkets();
  const market = markets.find((m) => m.id === where.market) ?? markets[0];
  return (
    <>
      <label>
        Market
        <select
          value={where.market}
          onChange={(e) => {
            const m = markets.find((x) => x.id === e.currentTarget.value)!;
            onChange({ ...where, market: m.id, locale: m.locales[0]! });
          }}
        >
          {markets.map((m) => (
            <option key={m.id} value={m.id}>
              {m.id}
            </option>
          ))}
        </select>
      </label>
      <label>
        Locale
        <select value={where.locale} onChange={(e) => onChange({ ...where, locale: e.currentTarget.value })}>
          {(market?.locales ?? []).map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </select>
      </label>
      <label>
        Touchpoint
        <select value={where.touchpoint} onChange={(e) => onChange({ ...where, touchpoint: e.currentTarget.value as Where['touchpoint'] })}>
          <option value="desktop">desktop</option>
          <option value="mobile">mobile</option>
        </select>
      </label>
    </>
  );
}
