package dev.openelevate.analysis;

import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.miscellaneous.ScandinavianFoldingFilter;
import org.elasticsearch.plugin.NamedComponent;
import org.elasticsearch.plugin.analysis.TokenFilterFactory;

/**
 * {@code elevate_scandinavian_folding}: å, ä, æ → a and ö, ø → o, and the spellings without those letters
 * (aa, ae, ao → a; oe, oo → o), so Danish and Norwegian "blaabaer", "blåbær" and "blabar" meet.
 */
@NamedComponent("elevate_scandinavian_folding")
public class ScandinavianFoldingFactory implements TokenFilterFactory {

  @Override
  public TokenStream create(TokenStream input) {
    return new ScandinavianFoldingFilter(input);
  }

  @Override
  public TokenStream normalize(TokenStream input) {
    return create(input);
  }
}
