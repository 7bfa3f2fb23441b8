/** Compiles a rule tree to one Elasticsearch filter. A product matches when it or any variant does. */
import type { estypes } from '@elastic/elasticsearch';
import { priceIntervalQuery } from '../prices';
import type { Restriction, RuleExpression, RuleValue } from './ast';

type Query = estypes.QueryDslQueryContainer;

export function compileRules(rules: RuleExpression, ctx: { priceId?: string }): Query | undefined {
  if (rules.length === 0) return undefined;
  const compiled = rules.map((rule): Query => ({
    bool: {
      filter: rule.restrictions.filter((r) => r.mode === 'incl').map((r) => restriction(r, ctx)),
      must_not: rule.restrictions.filter((r) => r.mode === 'excl').map((r) => restriction(r, ctx)),
    },
  }));
  return compiled.length === 1 ? compiled[0] : { bool: { should: compiled, minimum_should_match: 1 } };
}

const strings = (v: RuleValue) => (v.kind === 'strings' ? v.values : []);

function range(field: string, v: RuleValue): Query {
  if (v.kind !== 'interval') return { match_none: {} };
  return { range: { [field]: { ...(v.min !== undefined ? { gte: v.min } : {}), ...(v.max !== undefined ? { lte: v.max } : {}) } } };
}

const either = (...qs: Query[]): Query => ({ bool: { should: qs, minimum_should_match: 1 } });
const inVariants = (query: Query): Query => ({ nested: { path: 'variants', query } });

function restriction(r: Restriction, ctx: { priceId?: string }): Query {
  const a = r.attribute;
  switch (a.name) {
    case 'brand': return { terms: { brand: strings(r.value) } };
    case 'category': return either({ terms: { categoryPaths: strings(r.value) } }, { terms: { categoryIds: strings(r.value) } });
    case 'product_key': return { terms: { productKey: strings(r.value) } };
    case 'variant_key': return { terms: { variantKeys: strings(r.value) } };
    case 'size': return { terms: { sizes: strings(r.value) } };
    case 'price': return r.value.kind === 'interval' ? priceIntervalQuery(r.value, ctx.priceId) : { match_none: {} };
    case 'discount': return range('discount', r.value);
    case 'rating': return range('rating', r.value);
    case 'custom':
      return r.value.kind === 'strings'
        ? either({ terms: { [`customLabels.${a.custom}`]: r.value.values } }, inVariants({ terms: { [`variants.customLabels.${a.custom}`]: r.value.values } }))
        : either(range(`customNumbers.${a.custom}`, r.value), inVariants(range(`variants.customNumbers.${a.custom}`, r.value)));
    default: {
      const never: never = a;
      throw new Error(`unhandled rule attribute ${JSON.stringify(never)}`);
    }
  }
}
