package dev.openelevate.analysis;

import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.miscellaneous.ScandinavianNormalizationFilter;
import org.elasticsearch.plugin.NamedComponent;
import org.elasticsearch.plugin.analysis.TokenFilterFactory;

/**
 * {@code elevate_scandinavian_normalization}: writes the interchangeable Scandinavian letters one way
 * (ä → æ, ö → ø, aa/ao → å, ae → æ, oe/oo → ø) without dropping the distinction between a and å.
 */
@NamedComponent("elevate_scandinavian_normalization")
public class ScandinavianNormalizationFactory implements TokenFilterFactory {

  @Override
  public TokenStream create(TokenStream input) {
    return new ScandinavianNormalizationFilter(input);
  }

  @Override
  public TokenStream normalize(TokenStream input) {
    return create(input);
  }
}
